#include "book/book_build.h"

#include <algorithm>
#include <set>

#include "core/random.h"

namespace oyin::book {

int score_move(const GameState& state, const std::string& move, Engine& engine, const SearchLimits& limits) {
  const Side mover = state.side_to_move();
  std::unique_ptr<GameState> child = state.clone();
  if (!child->play(move)) return -kBookWin;
  const GameStatus s = child->status();
  if (s.over()) return s.outcome == Outcome::Win ? (s.winner == mover ? kBookWin : -kBookWin) : 0;
  engine.new_game();
  SearchLimits lim = limits;
  lim.threads = 1;
  if (!lim.seed) lim.seed = 1;
  const SearchResult r = engine.search(*child, lim, {}, nullptr);
  if (r.best_move.empty()) return 0;
  // The child's side to move wins: the mover loses, and the other way round.
  if (r.info.is_mate) return r.info.mate_in > 0 ? -kBookWin : kBookWin;
  return std::clamp(-r.info.score_cp, -kBookWin + 1, kBookWin - 1);
}

namespace {

// The source's moves of one position in protocol notation, merged when two notations name one
// move; moves the rules refuse are left out.
std::map<std::string, SourceMove> protocol_moves(const GameState& st, const std::vector<SourceMove>& moves) {
  std::map<std::string, std::string> to_protocol;
  for (const std::string& m : st.legal_moves()) {
    to_protocol[m] = m;
    std::unique_ptr<GameState> c = st.clone();
    if (auto rec = c->play(m)) to_protocol[*rec] = m;
  }
  std::map<std::string, SourceMove> out;
  for (const SourceMove& m : moves) {
    auto it = to_protocol.find(m.move);
    std::string p;
    if (it != to_protocol.end()) {
      p = it->second;
    } else {  // another spelling the rules accept: find the legal move that gives its position
      std::unique_ptr<GameState> c = st.clone();
      if (!c->play(m.move)) continue;
      for (const std::string& l : st.legal_moves()) {
        std::unique_ptr<GameState> d = st.clone();
        if (d->play(l) && d->hash() == c->hash()) p = l;
      }
      if (p.empty()) continue;
    }
    SourceMove& t = out[p];
    t.move = p;
    t.games += m.games;
    t.first_wins += m.first_wins;
    t.draws += m.draws;
    t.second_wins += m.second_wins;
  }
  return out;
}

}  // namespace

Result<Book> build_book(const GameState& start, Engine& engine, const MoveSource& source, const BuildOptions& opt,
                        BuildReport* report) {
  BuildReport rep;
  std::vector<BookEntry> entries;
  std::set<std::uint64_t> seen{start.hash()};
  std::vector<std::unique_ptr<GameState>> frontier;
  frontier.push_back(start.clone());
  for (int ply = 0; ply < opt.plies && !frontier.empty(); ++ply) {
    rep.totals.ply = ply;
    std::vector<std::unique_ptr<GameState>> next;
    for (const auto& st : frontier) {
      if (st->status().over()) continue;
      ++rep.totals.positions;
      auto moves = source(*st);
      if (!moves) return make_error(moves.error());
      const bool first = st->side_to_move() == Side::First;
      // Every candidate is scored first: the kept set and the explored set are judged against
      // the position's best score (keep_within, expand_within), not only the absolute threshold.
      struct Scored {
        std::string text;
        SourceMove m;
        int score;
      };
      std::vector<Scored> scored;
      for (const auto& [text, m] : protocol_moves(*st, *moves)) {
        if (m.games < opt.min_games) continue;
        ++rep.totals.checked;
        scored.push_back({text, m, score_move(*st, text, engine, opt.check)});
      }
      int best = -kBookWin;
      for (const Scored& c : scored) best = std::max(best, c.score);
      for (const Scored& c : scored) {
        const bool near_best = opt.keep_within < 0 || c.score >= best - opt.keep_within;
        const bool kept = c.score >= opt.drop_below && near_best;
        if (kept) {
          const std::int64_t wins = first ? c.m.first_wins : c.m.second_wins;
          BookEntry e;
          e.key = st->hash();
          e.move = c.text;
          e.weight = static_cast<std::uint32_t>(std::min<std::int64_t>(2 * wins + c.m.draws + 1, 0xFFFFFFFF));
          e.score = static_cast<std::int16_t>(std::clamp(c.score, -kBookWin, kBookWin));
          e.games = static_cast<std::uint16_t>(std::min<std::int64_t>(c.m.games, 0xFFFF));
          entries.push_back(std::move(e));
          ++rep.totals.kept;
        } else {
          ++rep.totals.dropped;
          rep.dropped.push_back({st->position_text(), c.text, c.score});
        }
        // The positions after kept moves are explored further, and after any move the other side
        // may well play: every move in the first expand_all_plies plies, then those within
        // expand_within of the best (the book's side must have an answer to them).
        const bool explore =
            kept || ply < opt.expand_all_plies || (opt.expand_within >= 0 && c.score >= best - opt.expand_within);
        if (!explore) continue;
        std::unique_ptr<GameState> child = st->clone();
        if (child->play(c.text) && seen.insert(child->hash()).second) next.push_back(std::move(child));
      }
      if (opt.progress) opt.progress(rep.totals);
    }
    frontier = std::move(next);
  }
  BookHeader h;
  h.game = start.game();
  h.rules = start.rules_text();
  h.note = opt.note;
  h.margin = opt.margin;
  auto book = Book::make(std::move(h), std::move(entries));
  if (report) *report = std::move(rep);
  return book;
}

Status SelfplayTally::play(const GameState& start, Engine& engine, const SelfplayOptions& opt) {
  int wins[2] = {0, 0}, draws = 0;
  for (int game = 0; game < opt.games; ++game) {
    std::uint64_t s = opt.seed ^ (0xB00C'5E1FULL * static_cast<std::uint64_t>(game + 1));
    Rng rng(splitmix64(s));
    std::unique_ptr<GameState> st = start.clone();
    engine.new_game();
    std::vector<std::pair<std::uint64_t, std::string>> opening;
    for (int ply = 0; ply < opt.max_plies && !st->status().over(); ++ply) {
      std::string move;
      if (ply < opt.random_plies) {
        move = st->random_move(rng);
      } else {
        SearchLimits lim = opt.limits;
        lim.seed = rng.next();
        move = engine.search(*st, lim, {}, nullptr).best_move;
      }
      if (move.empty()) break;
      if (ply < opt.plies) opening.emplace_back(st->hash(), move);
      if (auto r = st->play(move); !r) return make_error("engine move '" + move + "': " + r.error());
    }
    const GameStatus end = st->status();  // not over after max_plies: a draw
    const bool decided = end.outcome == Outcome::Win;
    if (decided) ++wins[index(end.winner)];
    else ++draws;
    for (const auto& [key, move] : opening) {
      SourceMove& m = table_[key][move];
      m.move = move;
      ++m.games;
      if (!decided) ++m.draws;
      else if (end.winner == Side::First) ++m.first_wins;
      else ++m.second_wins;
    }
    if (opt.progress) opt.progress(game + 1, wins[0], draws, wins[1]);
  }
  return Ok{};
}

MoveSource SelfplayTally::source() const {
  return [this](const GameState& st) -> Result<std::vector<SourceMove>> {
    std::vector<SourceMove> out;
    if (auto it = table_.find(st.hash()); it != table_.end())
      for (const auto& [move, m] : it->second) out.push_back(m);
    return out;
  };
}

}  // namespace oyin::book
