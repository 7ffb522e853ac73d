// oyin book build|probe: opening books (src/book). `build` makes a book from the game base's
// explorer index (--from-db), from the engine's self-play (--selfplay) or from every legal move
// (--analysis), every move checked by a search; `probe` prints a book's moves for a position.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "book/book_build.h"
#include "book/book_pick.h"
#include "cli/common.h"
#include "core/text.h"
#include "storage/knowledge_store.h"

namespace oyin::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct BuildOpts {
  std::string game, db, out, rules, source;
  int selfplay = 0, plies = 0, min_games = 1, depth = 0, level = -1, random_plies = 0;
  std::uint64_t nodes = 0, seed = 1;
  int margin = 0, drop_below = 0;
  bool analysis = false;  // the source: every legal move, judged by the engine alone
  int keep_within = -1, expand_within = -1, expand_all_plies = 0;
  CLI::Option* margin_opt = nullptr;  // given: --margin and --drop-below override the game's
  CLI::Option* drop_opt = nullptr;
  bool quiet = false;
  std::string command_line;
};

std::string score_text(int score) {
  if (score >= book::kBookWin) return "win";
  if (score <= -book::kBookWin) return "loss";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%+.2f", score / 100.0);
  return buf;
}

std::string pad(const std::string& s, std::size_t w, bool right) {
  if (s.size() >= w) return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

// Progress at most once a second, and always for the last call.
class Throttle {
 public:
  bool due(bool last = false) {
    const auto now = Clock::now();
    if (!last && now - shown_ < std::chrono::seconds(1)) return false;
    shown_ = now;
    return true;
  }

 private:
  Clock::time_point shown_{};
};

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

int run_build(const BuildOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  if (int(!o.db.empty()) + int(o.selfplay > 0) + int(o.analysis) != 1)
    throw UsageError("book build needs one source: --from-db DB, --selfplay GAMES or --analysis");
  auto created = g.new_game(o.rules, "");
  if (!created) throw UsageError(created.error());
  const std::unique_ptr<GameState> start = std::move(*created);
  const bool mcts = g.engine_kind() == EngineKind::Mcts;
  const book::BookSettings& bs = g.book_settings();
  const auto t0 = Clock::now();
  std::unique_ptr<Engine> engine = g.make_engine();
  (void)engine->set_option("Hash", "16");

  book::SelfplayTally tally;
  std::unique_ptr<storage::KnowledgeStore> store;
  book::MoveSource source;
  if (!o.db.empty()) {
    if (!std::filesystem::exists(o.db)) throw UsageError("no database '" + o.db + "' (import games with oyin import)");
    auto s = storage::KnowledgeStore::open(o.db);
    if (!s) throw UsageError(s.error());
    store = std::move(*s);
    if (auto n = store->count(g.name()); n && *n == 0)
      throw UsageError("the database '" + o.db + "' has no " + g.title() + " games (import games with oyin import)");
    source = [&, game = g.name(), rules = start->rules_text()](const GameState& st) -> Result<std::vector<book::SourceMove>> {
      auto rows = store->explore(game, rules, st.hash(), o.source);
      if (!rows) return make_error(rows.error());
      std::vector<book::SourceMove> out;
      for (const auto& r : *rows)
        out.push_back({r.move, r.counts.games, r.counts.first_wins, r.counts.draws, r.counts.second_wins});
      return out;
    };
  } else if (o.analysis) {
    source = [](const GameState& st) -> Result<std::vector<book::SourceMove>> {
      std::vector<book::SourceMove> out;
      for (const std::string& m : st.legal_moves()) out.push_back({m, 1, 0, 0, 0});
      return out;
    };
  } else {
    book::SelfplayOptions so;
    so.games = o.selfplay;
    so.plies = o.plies;
    so.seed = o.seed;
    so.random_plies = o.random_plies;
    so.limits.threads = 1;
    so.limits.nodes = o.nodes ? o.nodes : 2000;
    // A level that varies among good moves: alpha-beta noise among its best lines, or a
    // Monte-Carlo temperature (its playouts are --nodes).
    so.limits.level = o.level >= 0 ? o.level : mcts ? 3 : 8;
    Throttle th;
    so.progress = [&](int done, int w, int d, int b) {
      if (o.quiet || !th.due(done == so.games)) return;
      std::cerr << "book: self-play " << done << "/" << so.games << " games (" << g.side_name(Side::First) << " " << w
                << ", draws " << d << ", " << g.side_name(Side::Second) << " " << b << "), " << std::fixed
                << std::setprecision(1) << seconds_since(t0) << " s" << std::endl;
    };
    if (auto r = tally.play(*start, *engine, so); !r) throw UsageError(r.error());
    source = tally.source();
  }

  book::BuildOptions bo;
  bo.plies = o.plies;
  bo.min_games = o.min_games;
  const int depth = o.depth ? o.depth : bs.check_depth;
  bo.check.level = kMaxLevel;
  if (mcts) bo.check.nodes = 200 * static_cast<std::uint64_t>(depth);
  else bo.check.depth = std::max(1, depth - 1);  // the move itself is the first ply
  bo.drop_below = o.drop_opt->count() ? o.drop_below : bs.drop_below;
  bo.margin = o.margin_opt->count() ? o.margin : bs.margin;
  bo.keep_within = o.keep_within;
  bo.expand_within = o.expand_within;
  bo.expand_all_plies = o.expand_all_plies;
  bo.note = o.command_line;
  Throttle th;
  bo.progress = [&](const book::BuildProgress& p) {
    if (o.quiet || !th.due()) return;
    std::cerr << "book: ply " << p.ply + 1 << "/" << o.plies << ": " << p.positions << " positions, " << p.checked
              << " moves checked, " << p.kept << " kept, " << p.dropped << " dropped, " << std::fixed << std::setprecision(1)
              << seconds_since(t0) << " s" << std::endl;
  };
  book::BuildReport report;
  auto b = book::build_book(*start, *engine, source, bo, &report);
  if (!b) throw UsageError(b.error());
  if (!o.quiet)
    for (const auto& d : report.dropped)
      std::cerr << "book: dropped " << d.move << " (" << score_text(d.score) << " for the mover) at " << d.position << std::endl;
  if (auto s = b->save(o.out); !s) throw UsageError(s.error());
  std::cout << "book: wrote " << o.out << ": " << b->positions() << " positions, " << b->entries().size() << " moves ("
            << report.totals.checked << " checked at depth " << depth << ", " << report.totals.dropped
            << " dropped below " << score_text(bo.drop_below)
            << (bo.keep_within >= 0 ? " or more than " + score_text(bo.keep_within) + " below the best" : "")
            << "), " << std::filesystem::file_size(o.out) << " bytes in "
            << std::fixed << std::setprecision(1) << seconds_since(t0) << " s\n";
  return 0;
}

struct ProbeOpts {
  std::string game, file, position, moves, rules;
};

int run_probe(const ProbeOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  auto b = book::Book::load(o.file);
  if (!b) throw UsageError(b.error());
  if (b->header().game != g.name())
    throw UsageError("book '" + o.file + "' is a book of " + b->header().game + ", not of " + g.name());
  const std::string rules = o.rules.empty() ? b->header().rules : o.rules;
  auto created = g.new_game(rules, o.position);
  if (!created) throw UsageError(created.error());
  std::unique_ptr<GameState> st = std::move(*created);
  int ply = 0;
  for (std::string_view m : split_ws(o.moves)) {
    ++ply;
    if (auto r = st->play(m); !r) throw UsageError("move " + std::to_string(ply) + " '" + std::string(m) + "': " + r.error());
  }
  char key[17];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(st->hash()));
  std::cout << g.title() << " book " << o.file << ": " << b->positions() << " positions, " << b->entries().size()
            << " moves, margin " << score_text(b->header().margin) << ", rules '" << b->header().rules << "'\n";
  if (!b->header().note.empty()) std::cout << "built by: " << b->header().note << "\n";
  std::cout << g.side_name(st->side_to_move()) << " to move: " << st->position_text() << " (key " << key << ")\n";
  if (!book::book_applies(*b, *st)) {
    std::cout << "The book was built for the rules '" << b->header().rules << "', not '" << st->rules_text() << "'.\n";
    return 0;
  }
  const auto moves = book::book_moves(*b, *st);
  if (moves.empty()) {
    std::cout << "The book has no move for this position.\n";
    return 0;
  }
  const auto good = book::good_moves(*b, moves);
  std::uint64_t total = 0, good_total = 0;
  for (const auto& e : moves) total += e.weight;
  for (const auto& e : good) good_total += e.weight;
  std::cout << "\n" << pad("move", 8, false) << pad("weight", 8, true) << pad("score", 8, true) << pad("games", 7, true)
            << pad("pick", 8, true) << "\n";
  for (const auto& e : moves) {
    bool is_good = false;
    for (const auto& x : good) is_good |= x.move == e.move;
    char share[16];
    std::snprintf(share, sizeof share, "%.1f%%", is_good && good_total ? 100.0 * e.weight / static_cast<double>(good_total) : 0.0);
    std::cout << pad(e.move, 8, false) << pad(std::to_string(e.weight), 8, true) << pad(score_text(e.score), 8, true)
              << pad(std::to_string(e.games), 7, true) << pad(is_good ? share : "-", 8, true) << "\n";
  }
  return 0;
}

std::string joined_args(int argc, char** argv) {
  std::string s = "oyin";
  for (int i = 1; i < argc; ++i) s += std::string(" ") + argv[i];
  return s;
}

}  // namespace

void add_book_command(CLI::App& app, int& exit_code, int argc, char** argv) {
  auto* cmd = app.add_subcommand("book", "Opening books: build one (from the game base or self-play), probe one");
  cmd->require_subcommand(1);

  auto b = std::make_shared<BuildOpts>();
  b->command_line = joined_args(argc, argv);
  auto* build = cmd->add_subcommand("build", "Build a book from the game base (--from-db) or self-play (--selfplay)");
  build->add_option("game", b->game, "Game: " + game_names())->required();
  auto* db = build->add_option("--from-db", b->db, "Database with the game base (oyin import)");
  auto* sp = build->add_option("--selfplay", b->selfplay, "Play this many self-play games as the source")
                 ->check(whole_number(1, 1000000));
  auto* an = build->add_flag("--analysis", b->analysis,
                             "Every legal move as the source, judged by the engine's search alone (no games)");
  db->excludes(sp);
  an->excludes(db)->excludes(sp);
  build->add_option("--keep-within", b->keep_within, "Also drop a move scoring more than this below the position's best")
      ->check(whole_number(0, 30000));
  build->add_option("--expand-within", b->expand_within,
                    "Explore the positions after moves this close to the position's best, kept or not")
      ->check(whole_number(0, 30000));
  build->add_option("--expand-all-plies", b->expand_all_plies, "Explore the positions after every move of the first K plies")
      ->check(whole_number(0, 60));
  build->add_option("--plies", b->plies, "Book moves for the first N plies")->required()->check(whole_number(1, 60));
  build->add_option("--out", b->out, "The book file to write")->required();
  build->add_option("--min-games", b->min_games, "Book a move only when the source played it this often")
      ->capture_default_str()->check(whole_number(1, 1000000000));
  build->add_option("--depth", b->depth, "Depth of the search checking each move (default: the game's; Monte-Carlo: x200 playouts)")
      ->check(whole_number(1, 30));
  b->drop_opt = build->add_option("--drop-below", b->drop_below, "Drop a move scoring below this for the mover (default: the game's)")
      ->check(whole_number(-30000, 30000));
  b->margin_opt = build->add_option("--margin", b->margin, "The pick varies among moves this close to the best (default: the game's)")
      ->check(whole_number(0, 30000));
  build->add_option("--rules", b->rules, "Rule options (default: the game's defaults)");
  build->add_option("--source", b->source, "--from-db: only the games of this source");
  build->add_option("--nodes", b->nodes, "--selfplay: nodes (playouts) a move (default 2000)")->check(whole_number(1, kMaxNodes));
  build->add_option("--level", b->level, "--selfplay: the engine's level, for variety (default 8; Monte-Carlo 3)")
      ->check(whole_number(0, 10));
  build->add_option("--random-plies", b->random_plies, "--selfplay: the first plies of each game at random")
      ->check(whole_number(0, 20));
  build->add_option("--seed", b->seed, "--selfplay: seed")->check(any_seed());
  build->add_flag("--quiet", b->quiet, "No progress on stderr");
  build->callback([b, &exit_code] { exit_code = run_build(*b); });

  auto p = std::make_shared<ProbeOpts>();
  auto* probe = cmd->add_subcommand("probe", "Print a book's moves for a position");
  probe->add_option("game", p->game, "Game: " + game_names())->required();
  probe->add_option("file", p->file, "The book file")->required();
  auto* pos = probe->add_option("--position", p->position, "Position text (default: the start position)");
  probe->add_option("--moves", p->moves, "Moves played from the position first, space-separated");
  probe->add_option("--rules", p->rules, "Rule options (default: the book's)");
  (void)pos;
  probe->callback([p, &exit_code] { exit_code = run_probe(*p); });
}

}  // namespace oyin::cli
