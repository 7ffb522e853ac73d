// User names in Latin or Cyrillic (server/accounts/user_names.h): which names are good, their
// lower-case key, and the look-alike skeleton two names must not share.
#include "server/accounts/user_names.h"

#include <gtest/gtest.h>

namespace oyin::server::accounts {
namespace {

TEST(UserNamesTest, LatinOrCyrillicLettersDigitsAndTwoMarks) {
  for (const char* good : {"abc", "Erlan_1987", "a-b", "123", "Ерік", "Әсел_99", "Қайрат", "Ғалым", "Нұрлан", "Өмір",
                           "Үміт", "Іңкәр", "Һәсен", "Ўткир", "Ҳамза", "Ёлка", "ЖЕНЯ-2", "ёжик_ъ"})
    EXPECT_EQ(name_problem(good), NameProblem::none) << good;
  for (const char* bad : {"ädam", "a b", "anna.k", "Ерік!", "Ω-name", "ab\xFF", "\xD0", "Ερικ"})
    EXPECT_EQ(name_problem(bad), NameProblem::characters) << bad;
}

TEST(UserNamesTest, LengthCountsCharactersNotBytes) {
  EXPECT_EQ(name_problem("аб"), NameProblem::length);
  EXPECT_EQ(name_problem("абв"), NameProblem::none);                                        // 6 bytes
  EXPECT_EQ(name_problem("абвгдеёжзийклмнопрст"), NameProblem::none);                       // 20 letters, 40 bytes
  EXPECT_EQ(name_problem("абвгдеёжзийклмнопрсту"), NameProblem::length);                    // 21
  EXPECT_EQ(name_problem("abcdefghijklmnopqrstu"), NameProblem::length);
  EXPECT_EQ(username_problem("abcdefghijklmnopqrstu"), "a user name has 3 to 20 characters");
}

TEST(UserNamesTest, OneScriptAName) {
  for (const char* mixed : {"Аsан", "Erлан", "Ерik", "abя", "Ўtkir"})
    EXPECT_EQ(name_problem(mixed), NameProblem::mixed_scripts) << mixed;
  EXPECT_EQ(username_problem("Аsан"), "a user name is written in Latin or in Cyrillic letters, not both");
  // Digits, _ and - belong to no script: they go with either.
  EXPECT_EQ(name_problem("2024_Ерлан-7"), NameProblem::none);
  EXPECT_EQ(name_problem("2024_Erlan-7"), NameProblem::none);
}

TEST(UserNamesTest, TheKeyIsTheLowerCaseName) {
  EXPECT_EQ(name_key("Erlan_1987"), "erlan_1987");
  EXPECT_EQ(name_key("ЕРІК"), "ерік");
  EXPECT_EQ(name_key("ӘСЕЛ ҒҚҢӨҰҮҺІЎҲЁ"), "әсел ғқңөұүһіўҳё");
  EXPECT_EQ(name_key("ёжик"), "ёжик");
}

TEST(UserNamesTest, TheSkeletonWritesLookAlikeCyrillicAsLatin) {
  EXPECT_EQ(name_skeleton("Ерік"), "epik");
  EXPECT_EQ(name_skeleton("epik"), "epik");
  EXPECT_EQ(name_skeleton("EPIK"), "epik");
  EXPECT_EQ(name_skeleton("Асан"), "acah");   // Асан reads as "Acah" in Latin, not as "Asan"
  EXPECT_EQ(name_skeleton("Asan"), "asan");
  EXPECT_EQ(name_skeleton("ВОВ"), "bob");
  EXPECT_EQ(name_skeleton("ТОМ"), "tom");
  EXPECT_EQ(name_skeleton("Зоя"), "3oя");
  EXPECT_EQ(name_skeleton("һүрь"), "hypb");
  // Letters with a tail, a bar or a breve are told apart from their plain forms.
  EXPECT_EQ(name_skeleton("Қайрат"), "қaйpat");
  EXPECT_NE(name_skeleton("Аңсар"), name_skeleton("Ансар"));
  EXPECT_NE(name_skeleton("Ўткир"), name_skeleton("Уткир"));
}

TEST(UserNamesTest, UzbekLatinNamesKeepTheirMarks) {
  for (const char* good : {"Oʻtkir", "Gʻulom", "Maʼruf", "oʻgʻil_7"}) EXPECT_EQ(name_problem(good), NameProblem::none) << good;
  // A mark follows a Latin letter: not first, not after a digit, not in a Cyrillic name, not ' or ‘.
  for (const char* bad : {"ʻOtkir", "7ʻabc", "O'tkir", "O‘tkir"}) EXPECT_EQ(name_problem(bad), NameProblem::characters) << bad;
  EXPECT_EQ(name_problem("Ўʻткир"), NameProblem::characters);
  EXPECT_EQ(name_key("OʻTKIR"), "oʻtkir");
  EXPECT_EQ(name_skeleton("Oʻtkir"), name_skeleton("Otkir"));  // a look-alike of Otkir
  EXPECT_EQ(name_skeleton("Maʼruf"), "maruf");
}

// Store migration 18 gives every name taken before Cyrillic was allowed its name_key as its
// skeleton: true of every Latin name.
TEST(UserNamesTest, ALatinNamesSkeletonIsItsKey) {
  for (const char* name : {"ABCDEFGHIJKLMNOPQRST", "UVWXYZabcdefghijklmn", "opqrstuvwxyz0123456789", "_-_", "Erlan_1987"})
    EXPECT_EQ(name_skeleton(name), name_key(name)) << name;
}

}  // namespace
}  // namespace oyin::server::accounts
