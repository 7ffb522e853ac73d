// oyin analyze <game> --fen F [--depth D | --movetime MS] [--multipv K]: the engine's view of a
// position in plain words: one line per completed depth, then the best lines with scores.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/common.h"
#include "core/text.h"
#include "book/book_engine.h"
#include "book/book_pick.h"
#include "search/engine.h"

namespace oyin::cli {

namespace {

struct AnalyzeOpts {
  std::string game, fen, rules, moves, book;
  bool no_book = false;
  int depth = 0, movetime = 0, multipv = 1, threads = 1;
  std::uint64_t nodes = 0;
};

std::string score_text(const SearchInfo& i) {
  if (i.is_mate) return i.mate_in > 0 ? "win in " + std::to_string(i.mate_in) : "loss in " + std::to_string(-i.mate_in);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", i.score_cp / 100.0);
  return buf;
}

std::string line_text(const std::vector<std::string>& pv) {
  std::string s;
  for (const auto& m : pv) {
    if (!s.empty()) s += ' ';
    s += m;
  }
  return s;
}

// The book the analysis marks moves of: --book FILE, else the game's shipped book (none with
// --no-book or when the game ships none).
std::shared_ptr<const book::Book> analysis_book(const GameEntry& g, const AnalyzeOpts& o) {
  if (o.no_book) return nullptr;
  if (o.book.empty()) return book::shipped_book(g.name());
  auto b = book::Book::load(o.book);
  if (!b) throw UsageError(b.error());
  if (b->header().game != g.name()) throw UsageError("book '" + o.book + "' is a book of " + b->header().game + ", not of " + g.name());
  return std::make_shared<const book::Book>(std::move(*b));
}

// "Book: 66 +0.35 (62%), 78 +0.20 (38%)": the book's good moves here, with their pick shares;
// returns the book's moves (empty when the position is not in it).
std::vector<book::BookEntry> print_book_moves(const book::Book* b, const GameState& st) {
  if (!b) return {};
  const auto moves = book::book_moves(*b, st);
  if (moves.empty()) return moves;
  const auto good = book::good_moves(*b, moves);
  std::uint64_t total = 0;
  for (const auto& e : good) total += e.weight;
  std::cout << "Book: ";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto& e = moves[i];
    bool is_good = false;
    for (const auto& x : good) is_good |= x.move == e.move;
    char buf[64];
    if (is_good) std::snprintf(buf, sizeof buf, "%s %+.2f (%.0f%%)", e.move.c_str(), e.score / 100.0, 100.0 * e.weight / static_cast<double>(std::max<std::uint64_t>(total, 1)));
    else std::snprintf(buf, sizeof buf, "%s %+.2f (not picked)", e.move.c_str(), e.score / 100.0);
    std::cout << (i ? ", " : "") << buf;
  }
  std::cout << "\n\n";
  return moves;
}

bool in_book(const std::vector<book::BookEntry>& moves, const std::string& m) {
  for (const auto& e : moves)
    if (e.move == m) return true;
  return false;
}

// A game with an analysis of its own (the Monte-Carlo search's, with Leela Zero style "info move"
// lines) after its book moves.
int run_own_analysis(const GameEntry& g, const AnalyzeOpts& o) {
  if (const auto b = analysis_book(g, o)) {
    auto created = g.new_game(o.rules, o.fen);
    if (!created) throw UsageError(created.error());
    for (const auto& m : split_ws(o.moves))
      if (!(*created)->play(m)) throw UsageError("move '" + std::string(m) + "' is illegal");
    print_book_moves(b.get(), **created);
  }
  AnalyzeRequest c;
  c.rules = o.rules;
  c.position = o.fen;
  c.moves = o.moves;
  c.playouts = o.nodes;
  c.seconds = o.movetime ? o.movetime / 1000.0 : (o.nodes ? 0 : 5);
  c.threads = o.threads;
  c.lines = std::max(o.multipv, 5);
  const Status s = g.analyze(c, std::cout);
  if (!s) throw UsageError(s.error());
  return 0;
}

int run_analyze(const AnalyzeOpts& o) {
  const GameEntry& g = game_or_fail(o.game);
  if (g.has_own_analysis()) return run_own_analysis(g, o);
  const auto book = analysis_book(g, o);
  auto created = g.new_game(o.rules, o.fen);
  if (!created) throw UsageError(created.error());
  std::unique_ptr<GameState> st = std::move(*created);
  for (const auto& m : split_ws(o.moves)) {
    auto r = st->play(m);
    if (!r) throw UsageError("move '" + std::string(m) + "': " + r.error());
  }
  if (st->status().over()) {
    std::cout << "The game is over: " << result_text(st->status()) << " (" << st->status().reason << ")\n";
    return 0;
  }
  SearchLimits lim;
  lim.depth = o.depth;
  lim.movetime_ms = o.movetime;
  lim.nodes = o.nodes;
  lim.multipv = o.multipv;
  lim.threads = o.threads;
  if (!o.depth && !o.movetime && !o.nodes) lim.depth = 12;
  std::unique_ptr<Engine> engine = g.make_engine();
  std::cout << g.title() << ", " << g.side_name(st->side_to_move()) << " to move: " << st->position_text() << "\n"
            << "Engine: " << engine->name() << "\n\n";
  const auto booked = print_book_moves(book.get(), *st);
  auto mark = [&](const std::vector<std::string>& pv) {
    return !pv.empty() && in_book(booked, pv.front()) ? "  book" : "";
  };
  std::cout << "depth  score        nodes   time(ms)  line\n";
  std::vector<SearchInfo> last(static_cast<std::size_t>(o.multipv) + 1);
  const SearchResult r = engine->search(*st, lim, [&](const SearchInfo& i) {
    last[static_cast<std::size_t>(i.multipv)] = i;
    if (i.multipv != 1) return;
    std::printf("%5d  %-10s %9llu  %9d  %s%s\n", i.depth, score_text(i).c_str(), static_cast<unsigned long long>(i.nodes),
                i.time_ms, line_text(i.pv).c_str(), mark(i.pv));
    std::fflush(stdout);
  }, nullptr);
  std::cout << "\n";
  if (o.multipv > 1) {
    for (int k = 1; k <= o.multipv; ++k) {
      const SearchInfo& i = last[static_cast<std::size_t>(k)];
      if (i.pv.empty()) continue;
      std::printf("line %d: %-10s %s%s\n", k, score_text(i).c_str(), line_text(i.pv).c_str(), mark(i.pv));
    }
    std::cout << "\n";
  }
  std::cout << "Best move: " << r.best_move << " (" << score_text(r.info) << " for " << g.side_name(st->side_to_move())
            << ", depth " << r.info.depth << ")" << (in_book(booked, r.best_move) ? ", a book move" : "") << "\n";
  return 0;
}

}  // namespace

void add_analyze_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<AnalyzeOpts>();
  auto* cmd = app.add_subcommand("analyze", "Analyse a position: score and best lines in game notation");
  cmd->add_option("game", o->game, "Game: " + game_names())->required();
  cmd->add_option("--fen,--position", o->fen, "The position (default: the start position)");
  cmd->add_option("--moves", o->moves, "Moves to play from that position first, space-separated");
  cmd->add_option("--rules", o->rules, "Rule options as key=value,key=value");
  auto* d = cmd->add_option("--depth", o->depth, "Search this many plies")->check(whole_number(1, 100));
  auto* t = cmd->add_option("--movetime", o->movetime, "Search this many milliseconds")->check(whole_number(1, 86400000));
  d->excludes(t);
  cmd->add_option("--nodes", o->nodes, "Search this many nodes (Monte-Carlo search: playouts)")->check(whole_number(1, kMaxNodes));
  cmd->add_option("--multipv", o->multipv, "Show the K best lines")->check(whole_number(1, 9));
  cmd->add_option("--threads", o->threads, "Search threads")->check(whole_number(1, 64));
  auto* bk = cmd->add_option("--book", o->book, "Mark the moves of this opening book (default: the game's shipped book)");
  cmd->add_flag("--no-book", o->no_book, "Mark no book moves")->excludes(bk);
  cmd->callback([o, &exit_code] { exit_code = run_analyze(*o); });
}

}  // namespace oyin::cli
