// oyin review <game> FILE... [--depth D] [--games N] [--skip K] [--scores OUT] [--base DB]: the game
// review of recorded games, as `oyin worker` makes it (review/position_analysis.h,
// review/move_review.h, with book moves from a game base: review/book_moves.h), summed up: the
// share of moves in each class, over the game and over its opening, and the mean accuracy. Also
// shows the classes that
// the first version of the review gave (each move measured by the next position's own search) and
// can write each position's score with the game's result for `oyin win-chance`.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/common.h"
#include "review/book_moves.h"
#include "review/move_review.h"
#include "review/position_analysis.h"

namespace oyin::cli {

namespace {

struct ReviewOpts {
  std::string game, rules, scores, base;
  std::int64_t book_games = review::kBookGames;
  int opening = 20;
  std::vector<std::string> files;
  int depth = 0, games = 0, skip = 0;
  std::uint64_t nodes = 0;
  bool quiet = false, each = false;
};

// The classes of the moves before ply `below` (all of them when it is 0).
struct Tally {
  int below = 0;
  long long count[5] = {0, 0, 0, 0, 0};
  long long book = 0;
  double accuracy = 0;
  int sides = 0;
  void add(const review::GameReview& r) {
    for (const auto& m : r.moves)
      if (below <= 0 || m.ply < below) ++count[static_cast<int>(m.cls)], book += m.book;
    for (const auto& a : r.accuracy)
      if (a && below <= 0) accuracy += *a, ++sides;
  }
  void print(const char* title) const {
    long long n = 0;
    for (long long c : count) n += c;
    std::printf("%-34s", title);
    for (int c = 0; c < 5; ++c)
      std::printf(" %s %5.1f%%", review::class_name(static_cast<review::MoveClass>(c)), n ? 100.0 * count[c] / n : 0.0);
    const long long marked = count[2] + count[3] + count[4];
    std::printf("  marked %5.1f%% book %5.1f%% (moves %lld", n ? 100.0 * marked / n : 0.0, n ? 100.0 * book / n : 0.0, n);
    if (sides) std::printf(", mean accuracy %.1f", accuracy / sides);
    std::printf(")\n");
  }
};

// 1, 0 or 0.5 for `side` by the record's result; -1 when the record has none.
double result_for(const std::string& result, int side) {
  if (result == "1-0") return side == 0 ? 1 : 0;
  if (result == "0-1") return side == 1 ? 1 : 0;
  if (result == "1/2-1/2") return 0.5;
  return -1;
}

int run_review(const ReviewOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  std::unique_ptr<Engine> engine = g.make_engine();
  const bool score_played = g.engine_kind() == EngineKind::AlphaBeta;
  std::ofstream scores;
  if (!o.scores.empty() && !(scores = std::ofstream(o.scores))) throw UsageError("cannot write '" + o.scores + "'");
  Tally now, first, opening{o.opening}, booked, booked_opening{o.opening};
  std::unique_ptr<storage::KnowledgeStore> base;
  if (!o.base.empty()) {
    // A path that is not there would be made into an empty base, which has no book.
    if (!o.base.starts_with("postgresql://") && !std::filesystem::exists(o.base))
      throw UsageError("no game base '" + o.base + "' (make one with oyin import)");
    auto opened = storage::KnowledgeStore::open(o.base);
    if (!opened) throw UsageError("cannot open the game base '" + o.base + "': " + opened.error());
    base = std::move(*opened);
  }
  int seen = 0, reviewed = 0;
  SearchLimits limits;
  limits.depth = o.depth;
  limits.nodes = o.nodes;
  if (!o.depth && !o.nodes) limits.nodes = 200'000;  // what the site asks for by default
  for (const std::string& file : o.files) {
    auto records = g.read_records(read_file_or_fail(file));
    if (!records) throw UsageError(file + ": " + records.error());
    for (const GameRecord& r : *records) {
      if (seen++ < o.skip) continue;
      if (o.games > 0 && reviewed >= o.games) break;
      const std::string rules = r.tag("Rules").empty() ? o.rules : r.tag("Rules");
      auto st = g.new_game(rules, r.tag("FEN"));
      if (!st) continue;
      std::vector<storage::AnalysedPosition> positions;
      std::vector<int> to_move;
      bool ok = true, stopped = false;
      for (std::size_t ply = 0; ok && ply <= r.moves.size(); ++ply) {
        const std::string played = ply < r.moves.size() ? r.moves[ply] : std::string();
        to_move.push_back(static_cast<int>((*st)->side_to_move()));
        positions.push_back(review::analyse_position(*engine, **st, limits, played, score_played, nullptr, stopped));
        positions.back().ply = static_cast<int>(ply);
        const double result = result_for(r.result, to_move.back());
        if (scores && result >= 0 && !(*st)->status().over())
          scores << (*st)->position_text() << '\t' << positions.back().score << '\t' << result << '\t' << seen << '\n';
        if (!played.empty()) ok = static_cast<bool>((*st)->play(played));
      }
      if (!ok) continue;  // a record our rules refuse
      ++reviewed;
      const std::vector<bool> book = base ? review::book_moves(*base, g, rules, r.tag("FEN"), r.moves, o.book_games)
                                          : std::vector<bool>{};
      const review::GameReview fair = review::review_game(positions, r.moves, to_move, g.win_chance(), book);
      const review::GameReview unbooked = review::review_game(positions, r.moves, to_move, g.win_chance());
      now.add(unbooked);
      opening.add(unbooked);
      booked.add(fair);
      booked_opening.add(fair);
      for (auto& p : positions) p.played_score.reset(), p.played_mate.reset();
      const review::GameReview alone = review::review_game(positions, r.moves, to_move, g.win_chance());
      first.add(alone);
      for (std::size_t i = 0; o.each && i < fair.moves.size(); ++i) {
        const auto& m = fair.moves[i];
        std::printf("game %d ply %d %s (best %s): before %+d, played %+d, next position %+d: %s%s (alone: %s)\n", seen,
                    m.ply, m.move.c_str(), m.best.c_str(), positions[static_cast<std::size_t>(m.ply)].score, m.score_after,
                    alone.moves[i].score_after, review::class_name(m.cls), m.book ? " book" : "",
                    review::class_name(alone.moves[i].cls));
      }
      if (!o.quiet) std::fprintf(stderr, "game %d: %zu moves\n", seen, r.moves.size());
    }
  }
  std::printf("games: %d, depth %d, nodes %llu\n", reviewed, limits.depth, static_cast<unsigned long long>(limits.nodes));
  const std::string first_plies = "... its first " + std::to_string(o.opening) + " plies:";
  now.print("played move from the same root:");
  if (o.opening > 0) opening.print(first_plies.c_str());
  if (base) {
    booked.print("... book moves not judged:");
    if (o.opening > 0) booked_opening.print(first_plies.c_str());
  }
  first.print("next position searched alone:");
  return 0;
}

}  // namespace

void add_review_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ReviewOpts>();
  auto* cmd = app.add_subcommand("review", "Review recorded games as the analysis workers do and count the move classes");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("files", o->files, "Record files (the game's record format)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--depth", o->depth, "Search depth per position");
  cmd->add_option("--nodes", o->nodes, "Nodes per position (default 200000, the site's default, when no --depth)");
  cmd->add_option("--games", o->games, "Review at most this many games (0: all)");
  cmd->add_option("--skip", o->skip, "Skip this many games first");
  cmd->add_option("--rules", o->rules, "Rule options, when the records do not carry them");
  cmd->add_option("--scores", o->scores, "Write each position's score and the game's result here (for oyin win-chance)");
  cmd->add_option("--base", o->base, "A game base (oyin import): moves it played often enough are book moves, not judged");
  cmd->add_option("--book-games", o->book_games, "Games of the base a book move needs (default 10)")->check(CLI::PositiveNumber);
  cmd->add_option("--opening", o->opening, "Also count the moves of the first N plies apart (default 20; 0: no)");
  cmd->add_flag("-q,--quiet", o->quiet, "No progress lines on stderr");
  cmd->add_flag("--each", o->each, "A line for each move: the scores it was measured by and its classes");
  cmd->callback([o, &exit_code] { exit_code = run_review(*o); });
}

}  // namespace oyin::cli
