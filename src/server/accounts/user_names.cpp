#include "server/accounts/user_names.h"

#include <optional>

#include "server/common/valid_utf8.h"

namespace oyin::server::accounts {

namespace {

enum class Script { none, latin, cyrillic };

// The Cyrillic letters beyond Russian's А..я that Kazakh and Uzbek write, as (upper, lower)
// pairs: Ё, Ә Ғ Қ Ң Ө Ұ Ү Һ І (Kazakh), Ў Ҳ (Uzbek; its Қ Ғ are Kazakh's too).
constexpr char32_t kExtraCyrillic[][2] = {
    {0x0401, 0x0451}, {0x04D8, 0x04D9}, {0x0492, 0x0493}, {0x049A, 0x049B}, {0x04A2, 0x04A3}, {0x04E8, 0x04E9},
    {0x04B0, 0x04B1}, {0x04AE, 0x04AF}, {0x04BA, 0x04BB}, {0x0406, 0x0456}, {0x040E, 0x045E}, {0x04B2, 0x04B3}};

// `cp` in lower case when it is a letter of a user name (Latin or Cyrillic), else 0.
char32_t lower_letter(char32_t cp) {
  if (cp >= U'a' && cp <= U'z') return cp;
  if (cp >= U'A' && cp <= U'Z') return cp + 0x20;
  if (cp >= 0x0430 && cp <= 0x044F) return cp;          // а..я
  if (cp >= 0x0410 && cp <= 0x042F) return cp + 0x20;   // А..Я
  for (const auto& [upper, lower] : kExtraCyrillic)
    if (cp == upper || cp == lower) return lower;
  return 0;
}

// Uzbek's Latin alphabet writes oʻ and gʻ with ʻ (U+02BB) and its tutuq belgisi with ʼ (U+02BC):
// marks of a Latin name (Oʻtkir, Gʻulom, Maʼruf), after a letter.
bool uzbek_mark(char32_t cp) { return cp == 0x02BB || cp == 0x02BC; }

Script script_of(char32_t cp) {
  if (cp < 0x80 || uzbek_mark(cp))
    return (cp >= U'0' && cp <= U'9') || cp == U'_' || cp == U'-' ? Script::none : Script::latin;
  return Script::cyrillic;
}

// Cyrillic letters (in lower case) that look like a Latin letter or digit in one of their cases
// in common fonts: А В Е З К М Н О Р С Т Х Ү Һ І and а г е о п р с у х ь һ і. Letters with a
// tail, a bar or a breve (қ ң ұ ҳ ў ғ ө) are told apart, and so are the rest.
constexpr char32_t kLookAlikes[][2] = {
    {U'а', U'a'}, {U'в', U'b'}, {U'г', U'r'}, {U'е', U'e'}, {U'з', U'3'}, {U'к', U'k'}, {U'м', U'm'},
    {U'н', U'h'}, {U'о', U'o'}, {U'п', U'n'}, {U'р', U'p'}, {U'с', U'c'}, {U'т', U't'}, {U'у', U'y'},
    {U'х', U'x'}, {U'ь', U'b'}, {U'ү', U'y'}, {U'һ', U'h'}, {U'і', U'i'}};

char32_t look_alike(char32_t lower) {
  for (const auto& [cyrillic, latin] : kLookAlikes)
    if (lower == cyrillic) return latin;
  return lower;
}

}  // namespace

NameProblem name_problem(std::string_view name) {
  const auto cps = utf8_code_points(name);
  if (!cps) return NameProblem::characters;
  if (cps->size() < kMinNameLength || cps->size() > kMaxNameLength) return NameProblem::length;
  Script seen = Script::none;
  bool mixed = false;
  char32_t before = 0;
  for (const char32_t cp : *cps) {
    const bool other = (cp >= U'0' && cp <= U'9') || cp == U'_' || cp == U'-';
    const bool mark = uzbek_mark(cp) && before < 0x80 && lower_letter(before) != 0;  // after a Latin letter
    before = cp;
    if (!other && !mark && lower_letter(cp) == 0) return NameProblem::characters;
    const Script s = script_of(cp);
    if (s == Script::none) continue;
    if (seen != Script::none && s != seen) mixed = true;
    seen = s;
  }
  return mixed ? NameProblem::mixed_scripts : NameProblem::none;
}

std::string username_problem(std::string_view name) {
  switch (name_problem(name)) {
    case NameProblem::none: return {};
    case NameProblem::length: return "a user name has 3 to 20 characters";
    case NameProblem::characters:
      return "a user name has only Latin or Cyrillic letters (Uzbek's ʻ and ʼ after a Latin letter), digits, _ and -";
    case NameProblem::mixed_scripts: return "a user name is written in Latin or in Cyrillic letters, not both";
  }
  return {};
}

std::string name_key(std::string_view name) {
  std::string out;
  for (const char32_t cp : utf8_code_points(name).value_or(std::u32string())) {
    const char32_t l = lower_letter(cp);
    append_utf8(out, l ? l : cp);
  }
  return out;
}

std::string name_skeleton(std::string_view name) {
  std::string out;
  for (const char32_t cp : utf8_code_points(name).value_or(std::u32string())) {
    if (uzbek_mark(cp)) continue;  // Oʻtkir reads as Otkir
    const char32_t l = lower_letter(cp);
    append_utf8(out, l ? look_alike(l) : cp);
  }
  return out;
}

}  // namespace oyin::server::accounts
