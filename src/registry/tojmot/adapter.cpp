// Tojmot's type-erased face and its view: pieces on cells, and the board's cells, zones and
// promotion cells, so a front end draws the diamond without knowing the rules.
#include "games/adapter_impl.h"
#include "games/tojmot/game.h"
#include "games/tojmot/movegen.h"

namespace oyin {

namespace {

using namespace tojmot;

const char* side_text(int colour) { return colour == kWhite ? "white" : "black"; }

struct TojmotView {
  // {"pieces": [{"cell": "G1", "piece": "1", "side": "white"}, ...], "to_move", "check": side or
  //  null, "check_cell": the cell of that side's 1 or null, "clock", "move_number",
  //  "last": {"from", "to", "captured": piece or null, "promotion"}}
  static nlohmann::json board(const Position& p, const tojmot::Move* last, const tojmot::Undo* undo) {
    nlohmann::json pieces = nlohmann::json::array();
    for (int c = 0; c < kCells; ++c) {
      const Piece pc = p.board[static_cast<std::size_t>(c)];
      if (pc == kEmpty) continue;
      pieces.push_back({{"cell", cell_name(c)}, {"piece", kind_name(kind_of(pc))}, {"side", side_text(colour_of(pc))}});
    }
    const bool check = in_check(p);
    nlohmann::json j{{"pieces", pieces},
                     {"to_move", side_text(p.side)},
                     {"check", check ? nlohmann::json(side_text(p.side)) : nlohmann::json(nullptr)},
                     {"check_cell", check ? nlohmann::json(cell_name(p.one[p.side])) : nlohmann::json(nullptr)},
                     {"clock", p.clock},
                     {"move_number", p.move_number},
                     {"last", nullptr}};
    if (last && undo) {
      j["last"] = {{"from", cell_name(last->from)},
                   {"to", cell_name(last->to)},
                   {"captured", undo->captured == kEmpty ? nlohmann::json(nullptr) : nlohmann::json(kind_name(kind_of(undo->captured)))},
                   {"promotion", last->promo ? nlohmann::json(kind_name(last->promo)) : nlohmann::json(nullptr)}};
    }
    return j;
  }
  static nlohmann::json move(const Position& p, tojmot::Move m) {
    nlohmann::json j{{"move", Tojmot::move_to_text(p, m)}, {"from", cell_name(m.from)}, {"to", cell_name(m.to)}};
    if (m.promo) j["promotion"] = kind_name(m.promo);
    return j;
  }
  static nlohmann::json rules(const Rules& r) {
    return {{"own_pieces_in_zone", r.own_pieces_in_zone}, {"piece6_both", r.piece6_both},
            {"threefold", r.threefold}, {"fifty_move", r.fifty_move}};
  }
  static nlohmann::json rule_options() {
    const Rules d;
    const auto flag = [](const char* name, bool def) { return nlohmann::json{{"name", name}, {"type", "bool"}, {"default", def}}; };
    return {flag("own_pieces_in_zone", d.own_pieces_in_zone), flag("piece6_both", d.piece6_both),
            flag("threefold", d.threefold), flag("fifty_move", d.fifty_move)};
  }
  // {"columns": "ABCDEFGHIJKLMN", "rows": 17, "cells": [{"cell": "G1", "x": 7, "y": 1, "colour": 1,
  //  "zone": "white"|"black"|null, "promotes": "white"|"black"|null}, ...]}: x and y count from 1 at
  //  A and row 1; "promotes" names the side whose Romans and X promote on arriving there.
  static std::vector<std::string> end_codes() { return {"mate", "stalemate", "bare_ones", "threefold", "fifty_move"}; }
  // A side left with its 1 alone can never mate: the two 1s may not touch, and nothing is left
  // to promote.
  static bool can_still_win(const Position& p, Side s) { return p.count[static_cast<std::size_t>(index(s))] > 1; }
  static nlohmann::json board_description() {
    const Geometry& g = geometry();
    nlohmann::json cells = nlohmann::json::array();
    for (int c = 0; c < kCells; ++c) {
      const auto i = static_cast<std::size_t>(c);
      nlohmann::json promotes = nullptr;
      for (int s = 0; s < 2; ++s)
        if (g.promotes[static_cast<std::size_t>(s)][i]) promotes = side_text(s);
      cells.push_back({{"cell", cell_name(c)},
                       {"x", g.x[i]},
                       {"y", g.y[i]},
                       {"colour", g.colour[i]},
                       {"zone", g.zone[i] < 0 ? nlohmann::json(nullptr) : nlohmann::json(side_text(g.zone[i]))},
                       {"promotes", promotes}});
    }
    return {{"columns", "ABCDEFGHIJKLMN"}, {"rows", kHeight}, {"cells", cells}};
  }
};

}  // namespace

std::unique_ptr<GameAdapter> make_tojmot_adapter() {
  return std::make_unique<AdapterImpl<tojmot::Tojmot, TojmotView>>();
}

}  // namespace oyin
