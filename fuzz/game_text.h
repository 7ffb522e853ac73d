#pragma once
// One libFuzzer harness per game over its text: the first byte picks what the rest is.
//   0  "<rules>\n<position>"         position text -> value -> text is stable; every legal move's
//                                    protocol and record text parses back to that move; every
//                                    position one move on prints and reads back; undo restores
//   1  "<rules>\n<position>\n<move>" any move text: parsed, played, printed, parsed again
//   2  "<rules>"                     rules text -> value -> text is stable
//   3  record file (PGN / SGF)       record -> replay -> record is stable
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "registry/registry.h"

namespace oyin::fuzz {

inline std::string_view next_line(std::string_view& s) {
  const auto nl = s.find('\n');
  const std::string_view line = s.substr(0, nl);
  s = nl == std::string_view::npos ? std::string_view() : s.substr(nl + 1);
  return line;
}

template <class G>
typename G::Position reparsed(const typename G::Position& p, const typename G::Rules& rules) {
  const std::string text = G::position_to_text(p);
  auto again = G::parse_position(text, rules);
  FUZZ_CHECK(again.ok(), "position text does not read back: '" + text + "': " + again.error());
  FUZZ_CHECK(G::position_to_text(*again) == text, "position text is not stable: '" + text + "'");
  FUZZ_CHECK(G::hash(*again) == G::hash(p), "hash differs after a text round trip: '" + text + "'");
  return *again;
}

template <class G>
void check_position(typename G::Position p, const typename G::Rules& rules) {
  const std::string text = G::position_to_text(p);
  (void)reparsed<G>(p, rules);
  if (G::status(p).over()) return;
  typename G::MoveList moves;
  G::generate_moves(p, moves);
  // At most 16 moves, spread over the list: each costs a move generation or two, and the
  // fuzzer gains more from many inputs than from every move of one.
  const std::size_t step = std::max<std::size_t>(1, moves.size() / 16);
  for (std::size_t i = 0; i < moves.size(); i += step) {
    const auto& m = moves[i];
    const std::string proto = G::move_to_text(p, m), record = G::record_move_text(p, m);
    auto a = G::parse_move(p, proto);
    FUZZ_CHECK(a.ok() && *a == m, "move '" + proto + "' does not read back in '" + text + "'");
    auto b = G::parse_move(p, record);
    FUZZ_CHECK(b.ok() && *b == m, "record move '" + record + "' does not read back in '" + text + "'");
    typename G::Undo u;
    G::play(p, m, u);
    (void)G::status(p);
    (void)reparsed<G>(p, rules);
    G::undo(p, m, u);
    FUZZ_CHECK(G::position_to_text(p) == text, "undo of '" + proto + "' does not restore '" + text + "'");
  }
}

template <class G>
void check_rules(std::string_view text) {
  auto r = G::parse_rules(text);
  if (!r) return;
  const std::string canon = G::rules_to_text(*r);
  auto again = G::parse_rules(canon);
  FUZZ_CHECK(again.ok(), "rules text does not read back: '" + canon + "': " + again.error());
  FUZZ_CHECK(*again == *r, "rules change in a text round trip: '" + canon + "'");
  FUZZ_CHECK(G::rules_to_text(*again) == canon, "rules text is not stable: '" + canon + "'");
}

// Replays a record as `oyin replay` does; the game state after its legal moves.
inline std::unique_ptr<GameState> replay(const GameAdapter& g, const GameRecord& r, std::size_t max_moves) {
  auto st = g.new_game(r.tag("Rules"), r.tag("FEN"));
  if (!st) return nullptr;
  for (std::size_t i = 0; i < r.moves.size() && i < max_moves; ++i) {
    if ((*st)->status().over()) break;
    if (!(*st)->play(r.moves[i])) break;
  }
  return std::move(*st);
}

inline void check_records(const GameAdapter& g, std::string_view text) {
  auto records = g.read_records(text);
  if (!records) return;
  for (std::size_t k = 0; k < records->size() && k < 4; ++k) {
    const GameRecord& r = (*records)[k];
    auto st = replay(g, r, 400);
    if (!st) continue;
    GameRecord meta;
    meta.tags = r.tags;
    meta.result = r.result;
    const std::string out = st->write_record(meta);
    auto back = g.read_records(out);
    FUZZ_CHECK(back.ok(), "a written record does not read back: " + back.error() + "\n" + out);
    FUZZ_CHECK(back->size() == 1, "a written record reads as " + std::to_string(back->size()) + " games\n" + out);
    const GameRecord& r2 = back->front();
    FUZZ_CHECK(r2.moves == st->history(), "the moves change in a record round trip\n" + out);
    auto st2 = replay(g, r2, r2.moves.size());
    FUZZ_CHECK(st2 != nullptr, "a written record does not start again\n" + out);
    FUZZ_CHECK(st2->ply() == st->ply(), "a written record does not replay in full\n" + out);
    FUZZ_CHECK(st2->position_text() == st->position_text(), "a written record replays to another position\n" + out);
    FUZZ_CHECK(result_text(st2->status()) == result_text(st->status()), "the result changes\n" + out);
    GameRecord meta2;
    meta2.tags = r2.tags;
    meta2.result = r2.result;
    FUZZ_CHECK(st2->write_record(meta2) == out, "record -> replay -> record is not stable\n" + out);
  }
}

template <class G>
int fuzz_game_text(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  register_builtin_games();
  const GameAdapter* g = find_game(std::string(G::name));
  FUZZ_CHECK(g != nullptr, "the game is not registered");
  const int mode = data[0] % 4;
  std::string_view s(reinterpret_cast<const char*>(data + 1), size - 1);
  if (mode == 3) {
    check_records(*g, s);
    return 0;
  }
  const std::string_view rules_text = next_line(s);
  auto rules = G::parse_rules(rules_text);
  if (mode == 2 || !rules) {
    check_rules<G>(rules_text);
    return 0;
  }
  const std::string_view position_text = next_line(s);
  typename G::Position p = G::start_position(*rules);
  if (!position_text.empty()) {
    auto parsed = G::parse_position(position_text, *rules);
    if (!parsed) return 0;
    p = *parsed;
  }
  if (mode == 0) {
    check_position<G>(p, *rules);
    return 0;
  }
  const std::string_view move_text = next_line(s);
  if (G::status(p).over()) return 0;
  auto m = G::parse_move(p, move_text);
  if (!m) return 0;
  const std::string proto = G::move_to_text(p, *m);
  auto again = G::parse_move(p, proto);
  FUZZ_CHECK(again.ok() && *again == *m, "move '" + std::string(move_text) + "' prints as '" + proto + "', which does not read back");
  typename G::Undo u;
  G::play(p, *m, u);
  // A finished game may hold what no position text says (capture Go's resignation).
  if (!G::status(p).over()) (void)reparsed<G>(p, *rules);
  return 0;
}

}  // namespace oyin::fuzz
