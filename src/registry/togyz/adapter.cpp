// Togyz Kumalak's type-erased face and its view: the board as data for front ends.
#include "games/adapter_impl.h"
#include "games/togyz/game.h"

namespace oyin {

namespace {

using togyz::Position;

struct TogyzView {
  // {"pits": [[White's pits 1..9], [Black's pits 1..9]], "kazans": [white, black],
  //  "tuzdyks": [the pit (1..9, on Black's row) that is White's tuzdyk or 0, Black's on White's row],
  //  "to_move", "move_number", "last": {"side", "pit", "landing": {"side", "pit"}, "captured" (the
  //  even capture), "gained" (all the kazan took, tuzdyk income too), "tuzdyk": a new one}}
  static nlohmann::json board(const Position& p, const togyz::Move* last, const Position* before) {
    nlohmann::json pits = nlohmann::json::array({nlohmann::json::array(), nlohmann::json::array()});
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < 9; ++i) pits[s].push_back(p.pits[static_cast<std::size_t>(s * 9 + i)]);
    nlohmann::json tuz = nlohmann::json::array();
    for (int s = 0; s < 2; ++s) tuz.push_back(p.tuzdyk[s] < 0 ? 0 : p.tuzdyk[s] % 9 + 1);
    nlohmann::json j{{"pits", pits},
                     {"kazans", {p.kazan[0], p.kazan[1]}},
                     {"tuzdyks", tuz},
                     {"to_move", p.side ? "black" : "white"},
                     {"move_number", p.move_number},
                     {"last", nullptr}};
    if (last && before) {
      const int mover = before->side;
      Position replay = *before;
      const togyz::MoveEffect effect = togyz::make_move<false>(replay, *last);
      const int landing = effect.landing;
      const int gained = p.kazan[mover] - before->kazan[mover];
      j["last"] = {{"side", mover ? "black" : "white"},
                   {"pit", last->pit + 1},
                   {"landing", {{"side", landing / 9 ? "black" : "white"}, {"pit", landing % 9 + 1}}},
                   {"captured", effect.captured},
                   {"gained", gained},
                   {"tuzdyk", before->tuzdyk[mover] != p.tuzdyk[mover]}};
    }
    return j;
  }
  static nlohmann::json move(const Position& p, togyz::Move m) {
    return {{"move", togyz::move_to_text(p, m)}, {"pit", m.pit + 1}};
  }
  static nlohmann::json rules(const togyz::Rules&) { return nlohmann::json::object(); }
  static nlohmann::json rule_options() { return nlohmann::json::array(); }
  static std::vector<std::string> end_codes() { return {"kazan", "atsyrau"}; }
  // Kazans only grow: once the opponent holds 81, at most 81 stones are left for `s`, and a win
  // needs 82.
  static bool can_still_win(const Position& p, Side s) { return p.kazan[static_cast<std::size_t>(1 - index(s))] <= togyz::kStones / 2 - 1; }
  static nlohmann::json board_description() { return {{"pits", 9}, {"stones", togyz::kStones}, {"win_kazan", 82}}; }
};

}  // namespace

std::unique_ptr<GameAdapter> make_togyz_adapter() {
  return std::make_unique<AdapterImpl<togyz::Togyz, TogyzView>>();
}

}  // namespace oyin
