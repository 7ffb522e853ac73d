#include "learn/puzzle_book.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "registry/puzzle_support.h"
#include "registry/registry.h"

namespace oyin::learn {

namespace {

Result<std::unique_ptr<GameState>> start_of(const Puzzle& p) {
  const GameEntry* g = find_game(p.game);
  if (!g) return make_error("unknown game " + p.game);
  return g->new_game(p.rules, p.position);
}

// The puzzle's goal is met at g: the game is over (won: the line proves it) or, for a goal short
// of the end, what the solver won holds after the defender's answer.
bool goal_met(const Puzzle& p, const GameState& g) {
  if (g.status().over()) return true;
  const PuzzleSupport* s = find_puzzles(p.game, p.goal);
  return s && s->reached && s->reached(p.rules, p.position, g.position_text());
}

bool same_position(const GameState& a, const GameState& b) {
  return a.hash() == b.hash() && a.position_text() == b.position_text();
}

// The solution's move at ply `ply` played on a copy of `before`.
Result<std::unique_ptr<GameState>> after(const GameState& before, const std::string& move) {
  auto next = before.clone();
  if (auto r = next->play(move); !r) return make_error(r.error());
  return next;
}

// A solver move that is not the solution's, proved by the game's exact search within the bounds.
Result<search::MoveProof> alternative(const Puzzle& p, const GameState& g, const std::string& move, int left) {
  const PuzzleSupport* s = find_puzzles(p.game, p.goal);
  if (!s || !s->prove_move) return search::MoveProof{};
  return s->prove_move(g.rules_text(), g.position_text(), move, left + kSlowerMoves, kTrainerNodes);
}

}  // namespace

std::string_view verdict_name(PuzzleVerdict::Kind k) {
  switch (k) {
    case PuzzleVerdict::Kind::Illegal: return "illegal";
    case PuzzleVerdict::Kind::Wrong: return "failed";
    case PuzzleVerdict::Kind::Slower: return "slower";
    case PuzzleVerdict::Kind::Continue: return "continue";
    case PuzzleVerdict::Kind::Solved: return "solved";
  }
  return "illegal";
}

Status PuzzleBook::add_file(std::string_view name, std::string_view text) {
  register_builtin_games();
  const std::string file(name);
  std::vector<Puzzle> read;
  std::size_t pos = 0;
  int number = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string line(text.substr(pos, end - pos));
    pos = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = file + " line " + std::to_string(number);
    auto p = parse_puzzle_line(line);
    if (!p) return make_error(where + ": " + p.error());
    const GameEntry* g = find_game(p->game);
    if (!g || g->name() != p->game) return make_error(where + ": unknown game '" + p->game + "'");
    if (find(p->id) || std::any_of(read.begin(), read.end(), [&](const Puzzle& o) { return o.id == p->id; }))
      return make_error(where + ": the id " + p->id + " is used twice");
    if (p->solution.empty()) return make_error(where + ": an empty solution");
    // The line must at least be playable: the proof itself is `oyin puzzles verify`'s.
    auto st = g->new_game(p->rules, p->position);
    if (!st) return make_error(where + ": " + st.error());
    for (const auto& m : p->solution)
      if (auto r = (*st)->play(m); !r) return make_error(where + ": the solution's " + m + ": " + r.error());
    read.push_back(std::move(*p));
  }
  for (auto& p : read) puzzles_.push_back(std::move(p));
  return Ok{};
}

const Puzzle* PuzzleBook::find(std::string_view id) const {
  for (const auto& p : puzzles_)
    if (p.id == id) return &p;
  return nullptr;
}

const Puzzle* PuzzleBook::pick(const PickOptions& opt) const {
  const Puzzle* best = nullptr;
  const Puzzle* best_seen = nullptr;
  auto rating = [&](const Puzzle& p) {
    const auto it = opt.ratings.find(p.id);
    return it == opt.ratings.end() ? p.rating : it->second;
  };
  auto nearer = [&](const Puzzle* a, const Puzzle& b) {
    return !a || std::abs(rating(b) - opt.rating) < std::abs(rating(*a) - opt.rating);
  };
  for (const auto& p : puzzles_) {
    if (p.game != opt.game) continue;
    if (!opt.themes.empty() && std::none_of(opt.themes.begin(), opt.themes.end(), [&](const std::string& t) {
          return std::find(p.themes.begin(), p.themes.end(), t) != p.themes.end();
        }))
      continue;
    if (opt.seen.count(p.id)) {
      if (nearer(best_seen, p)) best_seen = &p;
    } else if (nearer(best, p)) {
      best = &p;
    }
  }
  return best ? best : best_seen;
}

Result<json> PuzzleBook::view(const Puzzle& p) const {
  auto st = start_of(p);
  if (!st) return make_error(p.id + ": " + st.error());
  const GameState& g = **st;
  return json{{"id", p.id},
              {"game", p.game},
              {"goal", p.goal},
              {"moves", p.moves},
              {"themes", p.themes},
              {"rating", p.rating},
              {"board", g.board()},
              {"legal", g.legal_move_data()},
              {"rules_values", g.rules_values()}};
}

Result<json> PuzzleBook::answer(const Puzzle& p) const {
  auto st = start_of(p);
  if (!st) return make_error(p.id + ": " + st.error());
  json out = json::array();
  for (const auto& m : p.solution) {
    auto r = (*st)->play(m);
    if (!r) return make_error(p.id + ": " + r.error());
    out.push_back({{"move", *r}, {"board", (*st)->board()}});
  }
  return out;
}

Result<PuzzleVerdict> PuzzleBook::judge(const Puzzle& p, const std::vector<std::string>& moves) const {
  if (moves.empty()) return make_error("no moves");
  const std::size_t solver_moves = (p.solution.size() + 1) / 2;
  if (moves.size() > solver_moves)
    return make_error("the puzzle is solved in " + std::to_string(solver_moves) + " moves, not " +
                      std::to_string(moves.size()));
  auto st = start_of(p);
  if (!st) return make_error(p.id + ": " + st.error());
  GameState& g = **st;
  PuzzleVerdict v;
  bool on_line = true;  // every move so far was the solution's
  int left = p.moves;   // solver moves left to reach the goal
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::size_t ply = 2 * i;
    v = PuzzleVerdict{};
    v.index = i;
    auto mine = g.clone();
    auto played = mine->play(moves[i]);
    if (!played) {
      v.kind = PuzzleVerdict::Kind::Illegal;
      v.reason = played.error();
      return v;
    }
    v.move = *played;
    v.board = mine->board();
    std::string reply;  // the defender's answer, protocol notation ("" when the game is over)
    std::unique_ptr<GameState> right;
    if (on_line) {
      auto r = after(g, p.solution[ply]);
      if (!r) return make_error(p.id + ": " + r.error());
      right = std::move(*r);
    }
    if (right && same_position(*mine, *right)) {
      if (ply + 1 < p.solution.size()) reply = p.solution[ply + 1];
      left = static_cast<int>(p.solution.size() - ply - 1) / 2;
    } else {
      auto proof = alternative(p, g, moves[i], left);
      if (!proof) return make_error(p.id + ": " + proof.error());
      if (proof->wins_in == 0) {
        v.kind = PuzzleVerdict::Kind::Wrong;
        if (right) v.expected = right->history().back();
        return v;
      }
      if (proof->wins_in > left) {
        v.kind = PuzzleVerdict::Kind::Slower;
        v.wins_in = proof->wins_in;
        return v;
      }
      on_line = false;
      reply = proof->defence;
      left = proof->left;
    }
    if (auto r = g.play(moves[i]); !r) return make_error(p.id + ": " + r.error());
    if (!reply.empty() && !g.status().over()) {
      auto r = g.play(reply);
      if (!r) return make_error(p.id + ": " + r.error());
      v.reply = *r;
      v.reply_board = g.board();
    }
    // The line ends with the solver's win: after its last move, or after a reply that ends the
    // game itself (a Togyz reply may sow the last stone into the solver's kazan), or with the
    // reply after which what the solver won holds (a goal short of the end).
    if (goal_met(p, g)) {
      v.kind = PuzzleVerdict::Kind::Solved;
      return v;
    }
    if (i + 1 == solver_moves) return make_error(p.id + ": the line ends before the goal");
    v.kind = PuzzleVerdict::Kind::Continue;
    v.legal = g.legal_move_data();
  }
  return v;
}

Result<json> PuzzleBook::offline_line(const Puzzle& p) const {
  auto st = start_of(p);
  if (!st) return make_error(p.id + ": " + st.error());
  std::unique_ptr<GameState> g = std::move(*st);
  json line = json::array();
  for (std::size_t ply = 0; ply < p.solution.size(); ply += 2) {
    auto right = after(*g, p.solution[ply]);
    if (!right) return make_error(p.id + ": " + right.error());
    json accept = json::array();
    for (const auto& m : g->legal_move_data()) {
      auto mine = after(*g, m.value("move", std::string()));
      if (mine && same_position(**mine, **right)) accept.push_back(m["move"]);
    }
    g = std::move(*right);
    json step{{"accept", accept}, {"move", g->history().back()}, {"board", g->board()}};
    if (ply + 1 < p.solution.size() && !g->status().over()) {
      auto r = g->play(p.solution[ply + 1]);
      if (!r) return make_error(p.id + ": " + r.error());
      step["reply"] = *r;
      step["reply_board"] = g->board();
    }
    const bool over = goal_met(p, *g);
    if (over) step["solved"] = true;
    else step["legal"] = g->legal_move_data();
    line.push_back(std::move(step));
    if (over) break;
  }
  return line;
}

namespace {
struct Shipped {
  PuzzleBook book;
  std::string error;
};
const Shipped& shipped() {
  static const Shipped s = [] {
    Shipped out;
    for (const auto& f : shipped_puzzle_files()) {
      if (auto r = out.book.add_file(f.name, f.text); !r) {
        out.book = PuzzleBook();
        out.error = r.error();
        break;
      }
    }
    return out;
  }();
  return s;
}
}  // namespace

const PuzzleBook& shipped_puzzles() { return shipped().book; }
const std::string& shipped_puzzles_error() { return shipped().error; }

}  // namespace oyin::learn
