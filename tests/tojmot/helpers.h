#pragma once
// Small helpers shared by the Tojmot tests: positions from text, moves as sets of text.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "games/tojmot/game.h"

namespace oyin::tojmot::testing {

inline Position pos(const std::string& text, const Rules& rules = {}) {
  auto p = parse_position(text, rules);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error());
  return p.ok() ? *p : start_position(rules);
}

inline std::set<std::string> legal(const Position& p) {
  MoveList list;
  generate_moves(p, list);
  std::set<std::string> out;
  for (const Move& m : list) out.insert(move_to_text(p, m));
  return out;
}

// The legal moves of the piece on `cell`, as target cells ("G11", "E15=9").
inline std::set<std::string> targets(const Position& p, const std::string& cell) {
  MoveList list;
  generate_moves(p, list);
  std::set<std::string> out;
  for (const Move& m : list)
    if (m.from == parse_cell(cell)) {
      std::string t = cell_name(m.to);
      if (m.promo) {
        t += '=';
        t += kind_name(m.promo);
      }
      out.insert(t);
    }
  return out;
}

inline Move move(const Position& p, const std::string& text) {
  auto m = parse_move(p, text);
  EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error());
  return m.ok() ? *m : Move{};
}

inline void play_text(Position& p, const std::string& text) {
  Undo u;
  play(p, move(p, text), u);
}

}  // namespace oyin::tojmot::testing
