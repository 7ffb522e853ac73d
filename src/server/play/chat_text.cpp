#include "server/play/chat_text.h"

#include <algorithm>

namespace oyin::server {

namespace {

bool hidden_or_reordering(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) ||                  // C1 controls
         c == 0xAD ||                                 // soft hyphen
         c == 0x034F || c == 0x061C || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 ||
         c == 0x180E || (c >= 0x180B && c <= 0x180D) ||
         (c >= 0x200B && c <= 0x200F) ||              // zero-width space, joiners, LRM, RLM
         (c >= 0x202A && c <= 0x202E) ||              // embeddings and overrides
         (c >= 0x2060 && c <= 0x206F) ||              // word joiner, invisible operators, isolates
         c == 0x3164 || c == 0xFEFF || c == 0xFFA0 || (c >= 0xFFF0 && c <= 0xFFF8) ||
         (c >= 0xE0000 && c <= 0xE0FFF);              // tags and variation selectors supplement
}

// The code point starting at s[i] and its length in bytes; a malformed sequence reads as U+FFFD of
// one byte (the request parser refuses invalid UTF-8 already; this keeps the function total).
std::pair<char32_t, std::size_t> decode(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return {0xFFFD, 1};
  char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    const auto cont = static_cast<unsigned char>(s[i + k]);
    if ((cont & 0xC0) != 0x80) return {0xFFFD, 1};
    c = (c << 6) | (cont & 0x3F);
  }
  return {c, n};
}

}  // namespace

std::size_t code_points(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string clean_chat_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto [c, n] = decode(text, i);
    if (c < 0x20 || c == 0x7F) out += ' ';
    else if (c == 0xFFFD && n == 1 && static_cast<unsigned char>(text[i]) >= 0x80) out += "\xEF\xBF\xBD";
    else if (!hidden_or_reordering(c)) out.append(text.substr(i, n));
    i += n;
  }
  const auto first = out.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

}  // namespace oyin::server
