#include "server/review/review_view.h"

#include <map>

#include "review/book_moves.h"

namespace oyin::server {

using nlohmann::json;

namespace {

// A move played on a copy of `st`, in record notation ("" when it cannot be played).
std::string record_text(const GameState& st, const std::string& move) {
  if (move.empty()) return {};
  auto probe = st.clone();
  auto r = probe->play(move);
  return r ? *r : std::string();
}

// `move` as board data ({"move", "pit"} / {"from", "to"} / {"point"}), null when not legal here.
json move_data(const GameState& st, const std::string& move) {
  if (move.empty()) return nullptr;
  for (const json& m : st.legal_move_data())
    if (m.value("move", "") == move) return m;
  return nullptr;
}

}  // namespace

Result<ReviewedGame> ReviewedGame::make(const storage::StoredGame& row, std::vector<storage::AnalysedPosition> positions,
                                        storage::KnowledgeStore* base) {
  ReviewedGame g;
  g.entry_ = find_game(row.game);
  if (!g.entry_) return make_error("a game of an unknown kind: " + row.game);
  g.row_ = row;
  g.positions_ = std::move(positions);
  // Who moves in each position, by replaying the game.
  auto st = g.entry_->new_game(row.rules, row.start_position);
  if (!st) return make_error(st.error());
  g.to_move_.push_back(index((*st)->side_to_move()));
  for (const auto& m : row.moves) {
    if (!(*st)->play(m)) break;
    g.to_move_.push_back(index((*st)->side_to_move()));
  }
  const std::vector<bool> book =
      base ? review::book_moves(*base, *g.entry_, row.rules, row.start_position, row.moves) : std::vector<bool>{};
  g.review_ = review::review_game(g.positions_, row.moves, g.to_move_, g.entry_->win_chance(), book);
  g.walk([&g](const GameState& before, std::size_t k) {
    review::ReviewedMove& m = g.review_.moves[k];
    const std::string move_text = record_text(before, m.move), best_text = record_text(before, m.best);
    // The engine's move played in another notation (a record's) is the engine's move all the same.
    if (!best_text.empty() && move_text == best_text) m.cls = review::MoveClass::best;
    g.moves_.push_back({{"ply", m.ply},
                        {"move", m.move},
                        {"move_text", move_text.empty() ? m.move : move_text},
                        {"side", g.entry_->side_name(static_cast<Side>(m.side))},
                        {"eval", {{"score", m.score_after},
                                  {"mate", m.mate_after ? json(*m.mate_after) : json(nullptr)},
                                  {"win_chance", m.win_after}}},
                        {"win_chance_before", m.win_before},
                        {"best", m.best},
                        {"best_text", best_text},
                        {"best_move", move_data(before, m.best)},
                        {"best_line", m.best_line},
                        {"class", review::class_name(m.cls)},
                        {"book", m.book}});
  });
  return g;
}

void ReviewedGame::walk(const std::function<void(const GameState& before, std::size_t k)>& f) const {
  auto st = entry_->new_game(row_.rules, row_.start_position);
  if (!st) return;
  std::size_t k = 0;
  for (std::size_t ply = 0; ply < row_.moves.size() && k < review_.moves.size(); ++ply) {
    if (static_cast<std::size_t>(review_.moves[k].ply) == ply) f(**st, k++);
    if (!(*st)->play(row_.moves[ply])) return;
  }
}

void ReviewedGame::each_move(const std::function<void(const GameState& before, const review::ReviewedMove& m,
                                                      const json& move_json)>& f) const {
  walk([&](const GameState& before, std::size_t k) { f(before, review_.moves[k], moves_[k]); });
}

json ReviewedGame::to_json() const {
  const WinChance& wc = entry_->win_chance();
  json evals = json::array();
  for (const auto& p : positions_) {
    const std::size_t at = static_cast<std::size_t>(p.ply);
    const int mover = at < to_move_.size() ? to_move_[at] : 0;
    const double w = wc.of(p.score, p.mate);
    // Proved: the search settled the position (a mate in alpha-beta, the solver in capture Go).
    json proved = nullptr;
    if (p.mate && *p.mate != 0) proved = entry_->side_name(static_cast<Side>(*p.mate > 0 ? mover : 1 - mover));
    evals.push_back({{"ply", p.ply},
                     {"score", p.score},
                     {"mate", p.mate ? json(*p.mate) : json(nullptr)},
                     {"to_move", entry_->side_name(static_cast<Side>(mover))},
                     {"win_chance_first", mover == 0 ? w : 1 - w},
                     {"proved", proved}});
  }
  json accuracy = json::object();
  for (int side = 0; side < 2; ++side)
    accuracy[entry_->side_name(static_cast<Side>(side))] = review_.accuracy[side] ? json(*review_.accuracy[side]) : json(nullptr);
  return {{"positions", std::move(evals)}, {"moves", moves_}, {"accuracy", std::move(accuracy)}};
}

}  // namespace oyin::server
