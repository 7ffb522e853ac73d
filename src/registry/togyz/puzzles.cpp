// Togyz Kumalak puzzles: forced wins in 1 to 4 moves (a kazan over 81 or atsyrau) from
// self-play endgames of the alpha-beta engine (record files add more: oyin puzzles --records),
// and "stones": 10 stones won in 1 to 3 moves from the middle game of real games.
#include <algorithm>
#include <memory>
#include <string_view>

#include "core/text.h"

#include "registry/alphabeta_declaration.h"
#include "registry/togyz/levels.h"
#include "games/togyz/game.h"
#include "games/togyz/nnue.h"
#include "search/alphabeta_engine.h"

namespace oyin {

std::unique_ptr<GameAdapter> make_togyz_adapter();

namespace {

using G = togyz::Togyz;

std::vector<std::string> themes(const std::string&, const std::string& position,
                                const std::vector<std::string>& solution) {
  std::vector<std::string> out;
  auto pos = G::parse_position(position, {});
  if (!pos) return out;
  bool capture = false, big = false, tuzdyk = false, sacrifice = false, quiet_key = false;
  for (std::size_t i = 0; i < solution.size(); ++i) {
    auto m = G::parse_move(*pos, solution[i]);
    if (!m) return out;
    const togyz::MoveEffect e = togyz::make_move<true>(*pos, *m);
    const bool attacker = i % 2 == 0;
    if (i == 0 && e.captured == 0 && !e.tuzdyk) quiet_key = true;
    if (attacker && e.captured) capture = true;
    if (attacker && e.captured >= 10) big = true;
    if (attacker && e.tuzdyk) tuzdyk = true;
    if (!attacker && (e.captured || e.tuzdyk)) sacrifice = true;
  }
  const GameStatus st = G::status(*pos);
  if (st.code == "atsyrau") out.push_back("atsyrau");
  else if (st.code == "kazan") out.push_back("kazan-over-81");
  if (quiet_key) out.push_back("quiet-move");
  if (capture) out.push_back("capture");
  if (big) out.push_back("big-capture");
  if (tuzdyk) out.push_back("tuzdyk");
  if (sacrifice) out.push_back("sacrifice");
  return out;
}

// Among equally long defences: the one after which the static evaluation of the first net (the
// attacker to move) is lowest, then the one that takes the most stones (a tuzdyk counts 100).
// The first net, not the engine's default: the shipped puzzles were made with it, and they must
// not change when a new net becomes the default (games/togyz/nnue.h first_network).
std::pair<int, int> defence_rank(const G::Position& before, G::Move, G::Move d) {
  static const togyz::EvalParams params = [] {
    togyz::EvalParams e;
    e.net = togyz::nnue::first_network();
    e.use_net = e.net != nullptr;
    return e;
  }();
  G::Position after = before;
  const togyz::MoveEffect e = togyz::make_move<true>(after, d);
  return {-G::evaluate(after, params), e.captured + (e.tuzdyk ? 100 : 0)};
}

// A row of the FEN read from the other end ("3,5S,t" -> "t,5S,3").
std::string reversed_row(std::string_view row) {
  auto cells = split(row, ',');
  std::string out;
  for (auto it = cells.rbegin(); it != cells.rend(); ++it) {
    if (!out.empty()) out += ',';
    out += *it;
  }
  return out;
}

// The position up to the colour flip: the smaller of its identity (the FEN without the move
// number: "north/south kazan_south kazan_north side") and the other side's view of it.
std::string symmetric_key(const std::string&, const std::string& position) {
  auto pos = G::parse_position(position, {});
  if (!pos) return position;
  const std::string id = G::identity_text(*pos);
  const auto f = split_ws(id);
  if (f.size() != 4) return id;
  const auto rows = split(f[0], '/');
  if (rows.size() != 2) return id;
  const std::string flipped = reversed_row(rows[1]) + "/" + reversed_row(rows[0]) + " " + std::string(f[2]) + " " +
                              std::string(f[1]) + " " + (f[3] == "S" ? "N" : "S");
  return std::min(id, flipped);
}

// Captures and tuzdyks.
std::vector<std::string> forcing_moves(const std::string&, const std::string& position) {
  std::vector<std::string> out;
  auto pos = G::parse_position(position, {});
  if (!pos) return out;
  G::MoveList moves;
  G::generate_moves(*pos, moves);
  for (const auto& m : moves) {
    G::Position after = *pos;
    const togyz::MoveEffect e = togyz::make_move<true>(after, m);
    if (e.captured > 0 || e.tuzdyk) out.push_back(G::move_to_text(*pos, m));
  }
  return out;
}

// The middle game: the solver's kazan and the opponent's both below 70 (most of the 162 stones
// still in play or to be won).
bool kazans_below_70(const std::string& position) {
  auto pos = G::parse_position(position, {});
  return pos && pos->kazan[0] < 70 && pos->kazan[1] < 70;
}

std::vector<PuzzleSupport::Fact> facts() {
  auto middle = [](const std::string&, const std::string& position, const std::string&) {
    return kazans_below_70(position);
  };
  auto real = [](const std::string&, const std::string&, const std::string& source) {
    return source.starts_with("records:");
  };
  return {{"kazans-below-70", "the solver's kazan and the opponent's both below 70 at the start", 1.0 / 3, 0, middle},
          {"real-game", "a position of a real game (the --records files)", 0, 1, real}};
}

// "stones": the solver's kazan gains at least this many stones more than the opponent's, counted
// once the opponent has answered (a capture the answer takes back is no gain).
constexpr int kStonesGoal = 10;

search::GoalTest<G> stones_goal(const G::Position& start) {
  const int a = start.side, d = a ^ 1;
  const int a0 = start.kazan[a], d0 = start.kazan[d];
  return [=](const G::Position& now) { return (now.kazan[a] - a0) - (now.kazan[d] - d0) >= kStonesGoal; };
}

// Middle-game puzzles: every ply of the --records files with both kazans below 70.
std::shared_ptr<const PuzzleSupport> stones_puzzles(const PuzzleSupport& own) {
  auto s = std::make_shared<PuzzleSupport>();
  s->goal = "stones";
  s->max_moves = 3;
  s->depth_share = {0.40, 0.40, 0.20};
  s->generate_nodes = 2'000'000;
  s->verify_nodes = 50'000'000;
  set_puzzle_proofs<G>(*s, defence_rank, stones_goal);
  s->themes = themes;  // read off the solver's play (learn/puzzles.cpp leaves out the last answer)
  s->symmetric_key = symmetric_key;
  s->forcing_moves = forcing_moves;
  s->decision_themes = own.decision_themes;
  s->facts = own.facts;
  s->candidates = [](std::uint64_t, const std::function<bool(const PuzzleCandidate&)>&,
                     const std::function<void(const std::string&)>&) {};
  s->record_plies[""] = kazans_below_70;
  return s;
}

}  // namespace

std::shared_ptr<const PuzzleSupport> togyz_puzzles() {
  auto s = std::make_shared<PuzzleSupport>();
  s->goal = "win";
  s->max_moves = 4;
  s->depth_share = {0.25, 0.35, 0.25, 0.15};
  s->generate_nodes = 2'000'000;
  s->verify_nodes = 50'000'000;
  set_puzzle_proofs<G>(*s, defence_rank);
  s->themes = themes;
  s->symmetric_key = symmetric_key;
  s->forcing_moves = forcing_moves;
  s->decision_themes = {"sacrifice"};
  SelfplaySource src;
  src.name = "selfplay";
  src.options.opening_plies = 6;
  src.options.max_plies = 400;
  src.options.limits.level = 6;
  src.options.limits.nodes = 20000;
  src.max_moves = 4;
  src.max_games = 3000;
  s->facts = facts();
  alphabeta_selfplay_candidates<G>(*s, make_togyz_adapter, std::move(src), kTogyzLevels);
  // Real games only: the candidates are the --records files' (the last plies, the winner to move).
  const auto records_only = [](std::uint64_t, const std::function<bool(const PuzzleCandidate&)>&,
                               const std::function<void(const std::string&)>&) {};
  s->sources["records"] = records_only;
  // "middle": real games too, every ply with both kazans below 70 (self-play gives none: a win
  // within 4 moves from there needs a blunder that leaves 13 stones or more to take).
  s->sources["middle"] = records_only;
  s->record_plies["middle"] = kazans_below_70;
  s->goals["stones"] = stones_puzzles(*s);
  return s;
}

}  // namespace oyin
