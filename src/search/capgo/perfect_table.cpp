#include "search/capgo/perfect_table.h"

#include <array>
#include <optional>
#include <mutex>

#include "core/file.h"
#include "core/text.h"
#include "games/capgo/game.h"
#include "games/capgo/proof.h"

namespace oyin::capgo {

std::uint32_t posix_cksum(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i << 24;
      for (int k = 0; k < 8; ++k) c = (c & 0x80000000u) ? (c << 1) ^ 0x04C11DB7u : c << 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t crc = 0;
  auto add = [&](unsigned char b) { crc = (crc << 8) ^ table[((crc >> 24) ^ b) & 0xFF]; };
  for (char c : bytes) add(static_cast<unsigned char>(c));
  for (std::size_t n = bytes.size(); n; n >>= 8) add(static_cast<unsigned char>(n & 0xFF));
  return ~crc;
}

namespace {

// Splits off the last line ("end <CRC> <bytes>") and checks it against the bytes before it.
Result<std::string_view> checked_body(std::string_view text, const std::string& where) {
  if (text.empty() || text.back() != '\n') return make_error(where + "truncated: it does not end with an 'end' line");
  const std::size_t cut = text.rfind('\n', text.size() - 2);
  const std::size_t body_size = cut == std::string_view::npos ? 0 : cut + 1;
  const std::string_view body = text.substr(0, body_size);
  const std::string_view last = trim(text.substr(body_size));
  const std::string want = "end " + std::to_string(posix_cksum(body)) + " " + std::to_string(body.size());
  if (!last.starts_with("end ")) return make_error(where + "truncated: it does not end with an 'end' line");
  if (last != want) return make_error(where + "corrupt: the rows do not match the checksum on the 'end' line");
  return body;
}

}  // namespace

Result<PerfectTable> PerfectTable::parse(std::string_view text, const std::string& source) {
  const std::string where = source + ": ";
  auto body = checked_body(text, where);
  if (!body) return make_error(body.error());
  PerfectTable t;
  std::optional<proof::Canonical> canon;
  Position start;
  std::map<std::vector<std::uint64_t>, int> row_of;
  int line_no = 0;
  for (std::string_view line : split(*body, '\n')) {
    const std::string at = where + "line " + std::to_string(++line_no) + ": ";
    if (line_no == 1) {
      if (trim(line) != "oyin perfect 1") return make_error(at + "not a perfect-play table (no 'oyin perfect 1')");
      continue;
    }
    if (line_no == 2) {
      if (!line.starts_with("rules ")) return make_error(at + "no 'rules' line");
      auto r = CaptureGo::parse_rules(trim(line.substr(6)));
      if (!r) return make_error(at + r.error());
      t.rules_ = *r;
      start = CaptureGo::start_position(t.rules_);
      if (auto ok = proof::applies(start); !ok) return make_error(at + ok.error());
      canon.emplace(t.rules_.size);
      continue;
    }
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    if (trim(line).empty()) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return make_error(at + "a row is '<moves> : <winning move>'");
    Position pos = start;
    for (std::string_view m : split_ws(line.substr(0, colon))) {
      auto mv = parse_move(pos, m);
      if (!mv || *mv == kPass) return make_error(at + (mv ? "a pass" : mv.error()));
      Undo u;
      play(pos, *mv, u);
      if (is_over(pos)) return make_error(at + "the game is over after " + std::string(m));
    }
    const auto answer = split_ws(line.substr(colon + 1));
    if (answer.size() != 1) return make_error(at + "one winning move after ':'");
    auto mv = parse_move(pos, answer[0]);
    if (!mv || *mv == kPass) return make_error(at + (mv ? "a pass" : mv.error()));
    std::vector<std::uint64_t> key(static_cast<std::size_t>(canon->words()));
    const int sym = canon->key(pos, key.data());
    if (const auto seen = row_of.find(key); seen != row_of.end())
      return make_error(at + "the position of line " + std::to_string(seen->second) + " again");
    row_of.emplace(key, line_no);
    t.moves_.emplace(std::move(key), static_cast<std::uint16_t>(canon->to_canonical(pos, mv->point, sym)));
  }
  if (line_no < 2) return make_error(where + "no 'rules' line");
  return t;
}

Result<PerfectTable> PerfectTable::load(const std::string& path) {
  auto text = read_text_file(path);
  if (!text) return make_error("the perfect-play table: " + text.error());
  return parse(*text, path);
}

int PerfectTable::lookup(const Position& pos) const {
  if (moves_.empty() || pos.size != rules_.size || pos.pass_allowed || !proof::applies(pos)) return -1;
  const proof::Canonical canon(pos.size);
  std::vector<std::uint64_t> key(static_cast<std::size_t>(canon.words()));
  const int sym = canon.key(pos, key.data());
  const auto it = moves_.find(key);
  if (it == moves_.end()) return -1;
  const int point = canon.from_canonical(pos, it->second, sym);
  return is_legal(pos, point) ? point : -1;
}

const PerfectTable* shipped_perfect_table(int size, std::string* error) {
  static std::mutex mutex;
  static std::map<int, Result<PerfectTable>> tables;
  const std::string_view text = shipped_perfect_text(size);
  if (text.empty()) return nullptr;
  std::lock_guard lock(mutex);
  auto it = tables.find(size);
  if (it == tables.end()) {
    const std::string name = "data/capgo/perfect_" + std::to_string(size) + "x" + std::to_string(size) + ".txt";
    it = tables.emplace(size, PerfectTable::parse(text, name)).first;
  }
  if (!it->second) {
    if (error) *error = it->second.error();
    return nullptr;
  }
  return &*it->second;
}

}  // namespace oyin::capgo
