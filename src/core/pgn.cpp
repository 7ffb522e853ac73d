#include "core/pgn.h"

#include <cctype>

#include "core/text.h"

namespace oyin {

namespace {

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

}  // namespace

Result<std::vector<GameRecord>> read_pgn_records(std::string_view text) {
  std::vector<GameRecord> games;
  GameRecord cur;
  bool in_game = false;   // saw a tag or a move of the current game
  bool in_moves = false;  // past the tag section
  int line = 1;
  std::size_t i = 0;
  auto where = [&] {
    return "game " + std::to_string(games.size() + 1) + " (line " + std::to_string(line) + ")";
  };
  auto finish = [&] {
    games.push_back(std::move(cur));
    cur = GameRecord{};
    in_game = in_moves = false;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '[') {
      if (in_moves) return make_error(where() + ": tag after the moves without a result");
      if (!in_game) cur.line = line;
      in_game = true;
      const auto end = text.find('\n', i);
      const std::string_view tag_line =
          trim(text.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i));
      if (tag_line.size() < 2 || tag_line.back() != ']')
        return make_error(where() + ": tag line must end with ']'");
      const std::string_view inner = trim(tag_line.substr(1, tag_line.size() - 2));
      const auto q = inner.find('"');
      if (q == std::string_view::npos || inner.size() < q + 2 || inner.back() != '"')
        return make_error(where() + ": expected [Name \"value\"]");
      const std::string key(trim(inner.substr(0, q)));
      if (key.empty()) return make_error(where() + ": tag without a name");
      std::string value;
      for (std::size_t k = q + 1; k + 1 < inner.size(); ++k) {
        if (inner[k] == '\\' && k + 2 < inner.size()) ++k;
        value += inner[k];
      }
      cur.tags.emplace_back(key, value);
      i = end == std::string_view::npos ? text.size() : end;
      continue;
    }
    if (c == '{') {
      const auto end = text.find('}', i);
      if (end == std::string_view::npos) return make_error(where() + ": unclosed comment '{'");
      for (std::size_t k = i; k < end; ++k) line += text[k] == '\n';
      i = end + 1;
      continue;
    }
    if (c == ';' || (c == '%' && (i == 0 || text[i - 1] == '\n'))) {
      const auto end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end;
      continue;
    }
    if (c == '(') return make_error(where() + ": variations '(...)' are not supported");
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{' &&
           text[j] != '[' && text[j] != ';')
      ++j;
    std::string_view tok = text.substr(i, j - i);
    i = j;
    if (!in_game) cur.line = line;
    in_game = in_moves = true;
    // Move numbers: "12." or "12..." possibly glued to the move ("12.76"), as often as they
    // come ("11.1." is two numbers, not the move "1.", which would read back as a number).
    while (true) {
      std::size_t k = 0;
      while (k < tok.size() && std::isdigit(static_cast<unsigned char>(tok[k]))) ++k;
      if (k == 0 || k >= tok.size() || tok[k] != '.') break;
      while (k < tok.size() && tok[k] == '.') ++k;
      tok.remove_prefix(k);
    }
    if (tok.empty()) continue;
    // After the number, as a glued "2.$1" or "1.1-0" reads back once written apart.
    if (is_result(tok)) {
      cur.result = std::string(tok);
      finish();
      continue;
    }
    if (tok[0] == '$') continue;  // NAG
    if (tok[0] == '(') return make_error(where() + ": variations '(...)' are not supported");
    cur.moves.emplace_back(tok);
  }
  if (in_game) {
    if (cur.moves.empty() && cur.tags.empty()) return games;
    return make_error(where() + ": game without a result at the end of the file");
  }
  return games;
}

std::string write_pgn_record(const GameRecord& r, bool first_side_moves_first, int first_move_number) {
  static const char* roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  std::string out;
  auto escape = [](const std::string& v) {
    std::string e;
    for (char c : v) {
      if (c == '"' || c == '\\') e += '\\';
      e += c;
    }
    return e;
  };
  auto tag_line = [&](std::string_view key, const std::string& value) {
    out += '[';
    out += key;
    out += " \"";
    out += escape(value);
    out += "\"]\n";
  };
  for (const char* t : roster) {
    std::string v = std::string(t) == "Result" ? r.result : r.tag(t);
    if (v.empty()) v.push_back('?');  // unknown, as PGN writes it
    tag_line(t, v);
  }
  for (const auto& [k, v] : r.tags) {
    bool in_roster = false;
    for (const char* t : roster) in_roster |= k == t;
    if (!in_roster) tag_line(k, v);
  }
  out += "\n";
  std::string line;
  // A token starting with '%' never starts a line: there it would read back as an escape line.
  auto emit = [&](const std::string& tok) {
    if (!line.empty() && line.size() + 1 + tok.size() > 79 && tok[0] != '%') {
      out += line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += tok;
  };
  int number = first_move_number;
  bool first = first_side_moves_first;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    if (first) emit(std::to_string(number) + ". " + r.moves[i]);
    else if (i == 0) emit(std::to_string(number) + "... " + r.moves[i]);
    else emit(r.moves[i]);
    if (!first) ++number;
    first = !first;
  }
  emit(r.result.empty() ? "*" : r.result);
  out += line + "\n";
  return out;
}

}  // namespace oyin
