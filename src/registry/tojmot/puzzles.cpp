// Tojmot puzzles: mates in 1 to 3 from self-play positions of the alpha-beta engine.
#include <cctype>
#include <memory>

#include "core/text.h"
#include "registry/alphabeta_declaration.h"
#include "games/tojmot/game.h"
#include "search/alphabeta_engine.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_tojmot_adapter();

namespace {

using G = tojmot::Tojmot;

// The piece a record move names ("4L4xL14" -> "4", "IXF14-E15=9+" -> "IX", "XE3-E4" -> "X"):
// a numeral is one digit; a Roman piece or X is everything before the cell's column letter.
std::string moving_piece(const std::string& record) {
  if (record.empty()) return {};
  if (std::isdigit(static_cast<unsigned char>(record[0]))) return record.substr(0, 1);
  std::size_t digit = 0;
  while (digit < record.size() && !std::isdigit(static_cast<unsigned char>(record[digit]))) ++digit;
  return digit >= 2 ? record.substr(0, digit - 1) : std::string();
}

std::vector<std::string> themes(const std::string& rules_text, const std::string& position,
                                const std::vector<std::string>& solution) {
  std::vector<std::string> out;
  auto rules = G::parse_rules(rules_text);
  if (!rules) return out;
  auto pos = G::parse_position(position, *rules);
  if (!pos) return out;
  bool capture = false, promotion = false, sacrifice = false, quiet_key = false;
  std::string mating_piece;
  std::vector<G::Undo> undos(solution.size());
  for (std::size_t i = 0; i < solution.size(); ++i) {
    auto m = G::parse_move(*pos, solution[i]);
    if (!m) break;
    const bool attacker = i % 2 == 0;
    if (attacker && G::is_capture(*pos, *m)) capture = true;
    if (attacker && G::is_promotion(*pos, *m)) promotion = true;
    if (!attacker && G::is_capture(*pos, *m)) sacrifice = true;
    const std::string record = G::record_move_text(*pos, *m);
    G::play(*pos, *m, undos[i]);
    if (i == 0 && !G::in_check(*pos)) quiet_key = true;
    if (i + 1 == solution.size()) mating_piece = moving_piece(record);
  }
  out.push_back(quiet_key ? "quiet-move" : "check");
  if (capture) out.push_back("capture");
  if (promotion) out.push_back("promotion");
  if (sacrifice) out.push_back("sacrifice");
  if (mating_piece == "1") out.push_back("mate-by-toj");
  else if (!mating_piece.empty()) out.push_back("mate-by-" + to_lower(mating_piece));
  return out;
}

// Positions whose 100-ply clock is far from 100: within a puzzle's plies the draw rule cannot
// come into play (forced_win.h's table ignores the clock).
bool clock_is_low(const std::string& position) {
  const auto fields = split_ws(position);
  if (fields.size() < 2) return false;
  const std::string_view clock = fields[fields.size() - 2];
  return clock.size() <= 2 && std::stoi(std::string(clock)) < 80;
}

}  // namespace

std::shared_ptr<const PuzzleSupport> tojmot_puzzles() {
  auto s = std::make_shared<PuzzleSupport>();
  s->goal = "mate";
  s->max_moves = 3;
  s->depth_share = {0.40, 0.45, 0.15};
  s->generate_nodes = 3'000'000;
  s->verify_nodes = 50'000'000;
  set_puzzle_proofs<G>(*s);
  s->themes = themes;
  SelfplaySource src;
  src.name = "selfplay";
  src.options.opening_plies = 6;
  src.options.max_plies = 240;
  // A depth-5 player against a depth-1 one with noise: the weaker one walks into mates.
  src.options.limits.level = 5;
  src.options.limits.nodes = 1500;
  src.options.weaker_level = 1;
  src.max_moves = 3;
  src.max_games = 2000;
  src.accept = clock_is_low;
  alphabeta_selfplay_candidates<G>(*s, make_tojmot_adapter, std::move(src));
  return s;
}

}  // namespace oyin
