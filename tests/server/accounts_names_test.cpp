// User names in Cyrillic and Latin over real HTTP against `oyin serve --clock manual`: Kazakh and
// Uzbek letters sign up, a name mixing the scripts is refused, a name that looks like one taken
// is refused and says which, and the player page of a Cyrillic name answers at its
// percent-encoded address.
#include <gtest/gtest.h>

#include "server/account_client.h"
#include "server/accounts_from_address.h"
#include "server/manual_clock_server.h"

namespace oyin::testing {
namespace {

class AccountsNamesTest : public ManualClockServerTest {
 protected:
  AccountsNamesTest() : ManualClockServerTest("oyin_accounts_names_") {}
  // Sign-ups are limited per address: each one from an address of its own.
  HttpResult sign_up(const std::string& name) {
    return sign_up_from("127.0.3." + std::to_string(++address_), port_, name, "a fine long password");
  }
  static void expect_error(const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.text;
    EXPECT_EQ(r.body["code"], code) << r.text;
    EXPECT_TRUE(r.body["error"].is_string()) << r.text;
  }
  int address_ = 0;
};

TEST_F(AccountsNamesTest, KazakhAndUzbekNamesInCyrillic) {
  for (const char* name : {"Ерік", "Қайрат_7", "Әсел", "Ғалым", "Нұрлан", "Өмір", "Үміт", "Іңкәр", "Һәсен", "Ўткир",
                           "Ҳамза", "абвгдеёжзийклмнопрст"}) {
    const auto r = sign_up(name);
    ASSERT_EQ(r.status, 201) << name << ": " << r.text;
    EXPECT_EQ(r.body["username"], name);
  }
  // Twenty letters are 40 bytes; a 21st letter is one too many.
  const auto long_one = sign_up("абвгдеёжзийклмнопрсту");
  expect_error(long_one, 400, "bad_username");
  EXPECT_EQ(long_one.body["params"], (json{{"min", 3}, {"max", 20}}));
  expect_error(sign_up("Ерік!"), 400, "bad_username");
  // Names are unique without regard to Cyrillic case too, and sign in so.
  for (const char* name : {"ерік", "ЕРІК"}) {
    const auto r = sign_up(name);
    expect_error(r, 409, "username_taken");
    EXPECT_EQ(r.body["params"]["username"], name);
  }
  const auto in = sign_in_from("127.0.4.1", port_, "ҚАЙРАТ_7", "a fine long password");
  ASSERT_EQ(in.status, 200) << in.text;
  EXPECT_EQ(in.body["username"], "Қайрат_7");
}

TEST_F(AccountsNamesTest, OneScriptAName) {
  for (const char* name : {"Аsан", "Erлан", "Ўtkir"}) {
    const auto r = sign_up(name);
    expect_error(r, 400, "username_mixed_scripts");
    EXPECT_EQ(r.body["params"], (json{{"username", name}})) << name;
  }
  EXPECT_EQ(sign_in_from("127.0.4.1", port_, "Аsан", "a fine long password").status, 401);
  EXPECT_EQ(sign_up("2024_Ерлан-7").status, 201);
  EXPECT_EQ(sign_up("2024_Erlan-7").status, 201);  // not alike: Ерлан reads "Epnah"
}

TEST_F(AccountsNamesTest, ALookAlikeOfATakenNameIsRefused) {
  ASSERT_EQ(sign_up("Ерік").status, 201);
  for (const char* name : {"Epik", "EPIK", "epik"}) {
    const auto r = sign_up(name);
    expect_error(r, 409, "username_confusable");
    EXPECT_EQ(r.body["params"], (json{{"username", name}, {"like", "Ерік"}})) << name;
  }
  // The other way round: a Latin name first, its Cyrillic look-alike refused.
  ASSERT_EQ(sign_up("Bob_Tom").status, 201);
  const auto r = sign_up("ВОВ_ТОМ");
  expect_error(r, 409, "username_confusable");
  EXPECT_EQ(r.body["params"]["like"], "Bob_Tom");
  // Cyrillic Асан reads "Acah": it does not look like Latin Asan, and both are taken.
  ASSERT_EQ(sign_up("Asan").status, 201);
  ASSERT_EQ(sign_up("Асан").status, 201);
  const auto acah = sign_up("Acah");
  expect_error(acah, 409, "username_confusable");
  EXPECT_EQ(acah.body["params"]["like"], "Асан");
  // Refused names made no account.
  EXPECT_EQ(sign_in_from("127.0.4.1", port_, "Epik", "a fine long password").status, 401);
  EXPECT_EQ(sign_in_from("127.0.4.2", port_, "ВОВ_ТОМ", "a fine long password").status, 401);
}

TEST_F(AccountsNamesTest, APlayerPageOfACyrillicName) {
  ASSERT_EQ(sign_up("Ерік").status, 201);
  ASSERT_EQ(sign_up("Epic").status, 201);  // one letter apart from Ерік's skeleton "epik"
  // Ерік and ерік, percent-encoded as a browser sends them.
  for (const char* path : {"/api/players/%D0%95%D1%80%D1%96%D0%BA", "/api/players/%D0%B5%D1%80%D1%96%D0%BA"}) {
    const auto r = http_get(port_, path);
    ASSERT_EQ(r.status, 200) << path << ": " << r.text;
    EXPECT_EQ(r.body["username"], "Ерік");
  }
  // The look-alike Latin spelling is another name: no such player.
  const auto latin = http_get(port_, "/api/players/Epik");
  expect_error(latin, 404, "no_such_player");
  EXPECT_EQ(http_get(port_, "/api/players/Epic").body["username"], "Epic");
}

}  // namespace
}  // namespace oyin::testing
