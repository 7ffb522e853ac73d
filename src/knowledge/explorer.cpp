#include "knowledge/explorer.h"

#include "core/text.h"

namespace oyin::knowledge {

namespace {

// A Monte-Carlo engine has no depth: "depth D" buys it D times this many playouts.
constexpr std::uint64_t kPlayoutsPerDepth = 200;

MoveEval from_child(const SearchInfo& child, int depth) {
  MoveEval e;
  e.depth = depth;
  e.score_cp = -child.score_cp;
  e.is_mate = child.is_mate;
  // The child's side to move wins in k of its moves: the mover loses in k. The child's side
  // loses after k moves of the mover: the mover wins in k + 1, counting the move itself.
  if (child.is_mate) e.mate_in = child.mate_in > 0 ? -child.mate_in : -child.mate_in + 1;
  return e;
}

}  // namespace

int average_rating(const storage::ExplorerCounts& c) {
  return c.rating_count > 0 ? static_cast<int>((c.rating_sum + c.rating_count / 2) / c.rating_count) : 0;
}

Result<std::unique_ptr<GameState>> query_position(const GameEntry& game, const ExplorerQuery& q) {
  auto created = game.new_game(q.rules, q.position);
  if (!created) return make_error(created.error());
  std::unique_ptr<GameState> st = std::move(*created);
  for (auto m : split_ws(q.moves)) {
    if (auto r = st->play(m); !r) return make_error("move '" + std::string(m) + "': " + r.error());
  }
  return st;
}

std::vector<std::optional<MoveEval>> evaluate_moves(const GameEntry& game, const GameState& state,
                                                    const std::vector<std::string>& moves, int depth, Engine& engine) {
  std::vector<std::optional<MoveEval>> out;
  SearchLimits lim;
  lim.threads = 1;
  lim.seed = 1;
  engine.new_game();  // the same answer whatever the engine searched before
  if (game.engine_kind() == EngineKind::Mcts) lim.nodes = kPlayoutsPerDepth * static_cast<std::uint64_t>(depth);
  else lim.depth = std::max(1, depth - 1);  // the move itself is the first ply
  for (const std::string& m : moves) {
    std::unique_ptr<GameState> child = state.clone();
    if (!child->play(m)) {
      out.emplace_back();
      continue;
    }
    const GameStatus s = child->status();
    if (s.over()) {
      MoveEval e;
      e.depth = depth;
      if (s.outcome == Outcome::Win) {
        e.is_mate = true;
        e.mate_in = s.winner == state.side_to_move() ? 1 : -1;
      }
      out.push_back(e);
      continue;
    }
    const SearchResult r = engine.search(*child, lim, {}, nullptr);
    out.push_back(from_child(r.info, depth));
  }
  return out;
}

Result<ExplorerAnswer> explore(storage::KnowledgeStore& store, const GameEntry& game, const ExplorerQuery& q,
                               Engine* engine) {
  auto st = query_position(game, q);
  if (!st) return make_error(st.error());
  ExplorerAnswer a;
  a.game = game.name();
  a.rules = (*st)->rules_text();
  a.position = (*st)->position_text();
  a.key = (*st)->hash();
  a.to_move = (*st)->side_to_move();
  a.sides[0] = game.side_name(Side::First);
  a.sides[1] = game.side_name(Side::Second);
  a.over = (*st)->status().over();
  auto rows = store.explore(a.game, a.rules, a.key, q.source);
  if (!rows) return make_error(rows.error());
  std::vector<std::string> moves;
  for (auto& r : *rows) {
    a.total += r.counts;
    moves.push_back(r.move);
    a.moves.push_back({std::move(r.move), r.counts, std::nullopt});
  }
  if (q.eval_depth > 0 && engine && !a.over) {
    const auto evals = evaluate_moves(game, **st, moves, q.eval_depth, *engine);
    for (std::size_t i = 0; i < evals.size(); ++i) a.moves[i].eval = evals[i];
  }
  return a;
}

nlohmann::json explorer_json(const ExplorerAnswer& a) {
  using nlohmann::json;
  auto counts = [](const storage::ExplorerCounts& c, json& j) {
    j["games"] = c.games;
    j["first_wins"] = c.first_wins;
    j["draws"] = c.draws;
    j["second_wins"] = c.second_wins;
    const int r = average_rating(c);
    j["rating"] = r > 0 ? json(r) : json(nullptr);
  };
  char key[17];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(a.key));
  json out{{"game", a.game},
           {"rules", a.rules},
           {"position", a.position},
           {"key", key},
           {"to_move", a.sides[index(a.to_move)]},
           {"sides", {a.sides[0], a.sides[1]}},
           {"over", a.over}};
  json total = json::object();
  counts(a.total, total);
  out["total"] = total;
  json moves = json::array();
  for (const auto& m : a.moves) {
    json j{{"move", m.move}};
    counts(m.counts, j);
    if (m.eval) {
      json e{{"depth", m.eval->depth}};
      if (m.eval->is_mate) e["mate_in"] = m.eval->mate_in;
      else e["score_cp"] = m.eval->score_cp;
      j["eval"] = e;
    }
    moves.push_back(std::move(j));
  }
  out["moves"] = std::move(moves);
  return out;
}

}  // namespace oyin::knowledge
