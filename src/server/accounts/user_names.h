#pragma once
// What a user name may be, and the two keys names compare by. Kazakh and Uzbek players write
// their names in Latin or in Cyrillic, so both scripts are accepted; but one name keeps to one
// script, and a name that reads like a name already taken (Cyrillic "Ерік" and Latin "Epik")
// is refused, so that nobody can pass for another player.
#include <string>
#include <string_view>

namespace oyin::server::accounts {

inline constexpr std::size_t kMinNameLength = 3, kMaxNameLength = 20;

enum class NameProblem { none, length, characters, mixed_scripts };

// Whether `name` (UTF-8) is 3..20 characters (code points) of Latin letters A-Z a-z, Cyrillic
// letters (Russian, Kazakh's ә ғ қ ң ө ұ ү һ і, Uzbek's ў қ ғ ҳ), digits, _ and -, with letters
// of one script only. Uzbek's Latin marks ʻ (U+02BB, oʻ gʻ) and ʼ (U+02BC) may follow a Latin letter.
NameProblem name_problem(std::string_view name);
// The same in English words; empty for a good name.
std::string username_problem(std::string_view name);

// The key names are unique by without regard to case: the name in lower case (Latin and
// Cyrillic). Only meaningful for a name without a problem.
std::string name_key(std::string_view name);

// The key names are unique by without regard to look-alike letters: name_key() with every
// Cyrillic letter that looks like a Latin letter (in either case) written as that Latin letter
// (е→e, р→p, Н→h, В→b, ...), and without Uzbek's marks (Oʻtkir is taken by Otkir). A Latin name
// without those marks has its name_key as skeleton (so the names taken before Cyrillic was
// allowed, none with a mark, keep theirs: store migration 18).
std::string name_skeleton(std::string_view name);

}  // namespace oyin::server::accounts
