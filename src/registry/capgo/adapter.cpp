// Capture Go's type-erased face and its view: stones, captures and targets as data, and the
// rule options a new game may set (board size, targets, per-colour targets, passing, set-up).
#include "games/adapter_impl.h"
#include "core/text.h"
#include "games/capgo/game.h"

namespace oyin {

namespace {

using namespace capgo;

const char* colour_text(int c) { return c == 0 ? "black" : "white"; }

struct CapgoView {
  // {"size", "rows": [top row first, "X" black, "O" white, "." empty], "to_move", "captures":
  //  [by black, by white], "targets": [black's, white's] (0 = none), "passes", "pass_allowed",
  //  "last": {"side", "point" or "pass": true, "captured"}}
  static nlohmann::json board(const Position& p, const capgo::Move* last, const capgo::Undo* undo) {
    nlohmann::json rows = nlohmann::json::array();
    for (int y = p.size - 1; y >= 0; --y) {
      std::string row;
      for (int x = 0; x < p.size; ++x) {
        const int c = p.color[static_cast<std::size_t>(p.index(x, y))];
        row += c == kBlack ? 'X' : c == kWhite ? 'O' : '.';
      }
      rows.push_back(row);
    }
    nlohmann::json j{{"size", p.size},
                     {"rows", rows},
                     {"to_move", colour_text(p.to_move)},
                     {"captures", {p.captures[0], p.captures[1]}},
                     {"targets", {p.target[0], p.target[1]}},
                     {"passes", p.passes},
                     {"pass_allowed", p.pass_allowed},
                     {"last", nullptr}};
    if (last && undo) {
      const int mover = undo->to_move;
      nlohmann::json l{{"side", colour_text(mover)},
                       {"captured", p.captures[static_cast<std::size_t>(mover)] - undo->captures[static_cast<std::size_t>(mover)]}};
      if (*last == kPass) l["pass"] = true;
      else l["point"] = point_text(p.x_of(last->point), p.y_of(last->point));
      j["last"] = l;
    }
    return j;
  }
  static nlohmann::json move(const Position& p, capgo::Move m) {
    if (m == kPass) return {{"move", "pass"}, {"pass", true}};
    const std::string pt = point_text(p.x_of(m.point), p.y_of(m.point));
    return {{"move", pt}, {"point", pt}};
  }
  static nlohmann::json rules(const Rules& r) {
    std::string setup;
    for (const auto& stone : r.setup) {
      if (!setup.empty()) setup += '+';
      setup += stone.color == 0 ? 'B' : 'W';
      setup += point_text(stone.x, stone.y);
    }
    return {{"size", r.size},
            {"target", r.target[0] == r.target[1] ? nlohmann::json(r.target[0]) : nlohmann::json(nullptr)},
            {"target_b", r.target[0]},
            {"target_w", r.target[1]},
            {"pass", r.pass_allowed},
            {"setup", setup}};
  }
  static nlohmann::json rule_options() {
    const Rules d;
    return {
        {{"name", "size"}, {"type", "int"}, {"min", kMinSize}, {"max", kMaxSize}, {"default", d.size}},
        // "max_points_of": a new game's value is at most size*size - 1 (see rules_problem).
        {{"name", "target"}, {"type", "int"}, {"min", 0}, {"max", 361}, {"default", d.target[0]}, {"zero_means", "none"},
         {"max_points_of", "size"}},
        // A handicap: both given instead of `target`.
        {{"name", "target_b"}, {"type", "int"}, {"min", 0}, {"max", 361}, {"default", nullptr}, {"instead_of", "target"},
         {"max_points_of", "size"}},
        {{"name", "target_w"}, {"type", "int"}, {"min", 0}, {"max", 361}, {"default", nullptr}, {"instead_of", "target"},
         {"max_points_of", "size"}},
        {{"name", "pass"}, {"type", "bool"}, {"default", d.pass_allowed}},
        {{"name", "setup"},
         {"type", "setup"},
         {"default", ""},
         {"presets",
          {{{"name", "crosscut"}, {"size", 6}, {"value", "BC4+BD3+WC3+WD4"}},
           {{"name", "crosscut"}, {"size", 9}, {"value", "BE5+BD4+WD5+WE4"}}}}},
    };
  }
  static std::vector<std::string> end_codes() { return {"target", "count", "no_legal_move", "resign"}; }
  // Why a stone may not go there, as a code (the words come from play()).
  static std::string illegal_code(const Position& p, std::string_view text) {
    if (is_over(p)) return "game_over";
    if (to_lower(trim(text)) == "pass") return p.pass_allowed ? "" : "pass_forbidden";
    const auto xy = parse_point(trim(text), p.size);
    if (!xy) return "off_board";
    switch (check_point(p, p.index(xy->first, xy->second))) {
      case Illegal::Occupied: return "occupied";
      case Illegal::Suicide: return "suicide";
      case Illegal::Superko: return "superko";
      case Illegal::OffBoard: return "off_board";
      default: return "";
    }
  }
  // A target is reached by captures; one capture takes at most the points of the board less
  // the capturing stone, so a target over size*size - 1 could only be reached by many captures
  // and reads as a typing error in a new game (the rules text itself still accepts it).
  static nlohmann::json rules_problem(const Rules& r) {
    const int max = r.size * r.size - 1;
    for (int i = 0; i < 2; ++i)
      if (r.target[static_cast<std::size_t>(i)] > max)
        return {{"option", r.target[0] == r.target[1] ? "target" : i == 0 ? "target_b" : "target_w"},
                {"max", max},
                {"message", "a target of " + std::to_string(r.target[static_cast<std::size_t>(i)]) +
                                " captures is more than a " + std::to_string(r.size) + "x" + std::to_string(r.size) +
                                " board holds (at most " + std::to_string(max) + ")"}};
    return nullptr;
  }
  static nlohmann::json board_description() {
    return {{"columns", "ABCDEFGHJKLMNOPQRST"}, {"min_size", kMinSize}, {"max_size", kMaxSize}};
  }
};

}  // namespace

std::unique_ptr<GameAdapter> make_capgo_adapter() {
  return std::make_unique<AdapterImpl<capgo::CaptureGo, CapgoView>>();
}

}  // namespace oyin
