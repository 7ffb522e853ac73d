#include "review/position_analysis.h"

#include <algorithm>

namespace oyin::review {

namespace {

std::string joined(const std::vector<std::string>& pv) {
  std::string s;
  for (const auto& m : pv) s += (s.empty() ? "" : " ") + m;
  return s;
}

// The score of a finished game's position for its side to move.
int terminal_score(const GameState& st, const GameStatus& s) {
  return s.outcome != Outcome::Win ? 0 : s.winner == st.side_to_move() ? kTerminalScore : -kTerminalScore;
}

// The played move's score from the mover's view: the position after it at one ply less.
void score_played_move(Engine& engine, const GameState& st, const SearchLimits& limits, int root_depth,
                       const std::string& played, const std::atomic<bool>* stop, bool& stopped,
                       storage::AnalysedPosition& p) {
  std::unique_ptr<GameState> next = st.clone();
  if (!next->play(played)) return;  // not a move the engine knows: the review falls back to the next position
  const bool same_mover = next->side_to_move() == st.side_to_move();
  const int sign = same_mover ? 1 : -1;
  if (const GameStatus s = next->status(); s.over()) {
    p.played_score = sign * terminal_score(*next, s);
    if (s.outcome == Outcome::Win) p.played_mate = (s.winner == st.side_to_move()) ? 1 : -1;
    return;
  }
  // One ply less than the root's last finished iteration: a search by nodes is measured to the
  // depth it reached.
  SearchLimits child = limits;
  child.depth = std::max(root_depth, 2) - 1;
  child.nodes = 0;
  const SearchResult r = engine.search(*next, child, {}, stop);
  if (stop && *stop) {
    stopped = true;
    return;
  }
  p.played_score = sign * r.info.score_cp;
  if (r.info.is_mate) p.played_mate = sign * r.info.mate_in;
}

}  // namespace

storage::AnalysedPosition analyse_position(Engine& engine, const GameState& st, const SearchLimits& limits,
                                           const std::string& played, bool score_played,
                                           const std::atomic<bool>* stop, bool& stopped) {
  storage::AnalysedPosition p;
  stopped = false;
  if (const GameStatus s = st.status(); s.over()) {
    p.score = terminal_score(st, s);
    return p;
  }
  const SearchResult r = engine.search(st, limits, {}, stop);
  if (stop && *stop) {
    stopped = true;
    return p;
  }
  p.score = r.info.score_cp;
  if (r.info.is_mate) p.mate = r.info.mate_in;
  p.best = r.best_move;
  p.best_line = joined(r.info.pv);
  p.nodes = static_cast<std::int64_t>(r.info.nodes);
  const int root_depth = r.info.depth > 0 ? r.info.depth : limits.depth;
  if (played.empty() || !score_played || root_depth < 2) return p;
  if (played == p.best) {
    p.played_score = p.score;
    p.played_mate = p.mate;
    return p;
  }
  score_played_move(engine, st, limits, root_depth, played, stop, stopped, p);
  return p;
}

}  // namespace oyin::review
