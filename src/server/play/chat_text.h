#pragma once
// What a chat line may hold: text as it reads. Control characters become spaces; characters that
// change the direction of the text around them (U+202E and its kin) or that show nothing at all
// (zero-width spaces and joiners, the word joiner, the byte order mark, soft hyphens, fillers)
// are dropped, since they serve only to make a line read as something it is not. Leading and
// trailing spaces go too.
#include <cstddef>
#include <string>
#include <string_view>

namespace oyin::server {

std::string clean_chat_line(std::string_view text);

// Characters (UTF-8 code points), not bytes: a line of Cyrillic or Kazakh text has the same limit
// as one in Latin.
std::size_t code_points(std::string_view s);

}  // namespace oyin::server
