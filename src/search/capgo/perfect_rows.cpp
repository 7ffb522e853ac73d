#include "search/capgo/perfect_rows.h"

#include <map>
#include <set>

#include "games/capgo/game.h"
#include "games/capgo/proof.h"
#include "search/capgo/perfect_play.h"
#include "search/capgo/solver.h"

namespace oyin::capgo {

namespace {

class RowMaker {
 public:
  RowMaker(const PerfectRowsOptions& opt, const std::function<void(const PerfectRow&)>& on_row, int size)
      : opt_(opt), on_row_(on_row), canon_(size) {
    for (const PerfectRow& row : opt.resume) resumed_.emplace(row.moves, row);
    replaying_ = !opt.resume.empty();
  }

  // The side to move at `pos` must win (winner_to_move) or lose.
  Status visit(const Position& pos, const std::string& moves, bool winner_to_move, bool first) {
    if (stopped()) return Ok{};
    if (!first_visit(pos)) return Ok{};
    ++out_.positions;
    if (!winner_to_move) return replies(pos, moves, first);
    if (replaying_) return replay(pos, moves);
    // Settled as the computer's own solve within a move would (search/capgo/perfect_play.cpp):
    // the same table size and orientation, so the same search for every mirror image.
    SolveResult s = solve(pos, opt_.settle_nodes, kPerfectSolverMemoryGb);
    if (s.solved) {
      ++out_.settled;
      if (s.value <= 0) return make_error("the side to move does not win after '" + moves + "'");
      return Ok{};
    }
    s = solve(pos, opt_.max_nodes, opt_.memory_gb);
    if (!s.solved) {
      if (!stopped()) out_.unsolved.push_back(moves);
      return Ok{};
    }
    if (s.value <= 0) return make_error("the side to move does not win after '" + moves + "'");
    return follow(pos, PerfectRow{moves, s.best_move, s.nodes});
  }

  // An error when rows to resume from were never reached: they came from another run.
  Status check_resumed() const {
    if (!replaying_ || stopped()) return Ok{};
    return make_error("the rows to resume from are not this run's: '" + opt_.resume.back().moves + "' was never reached");
  }

  PerfectRowsResult take() { return std::move(out_); }

 private:
  const PerfectRowsOptions& opt_;
  const std::function<void(const PerfectRow&)>& on_row_;
  proof::Canonical canon_;
  std::set<std::vector<std::uint64_t>> seen_;
  PerfectRowsResult out_;
  std::map<std::string, PerfectRow> resumed_;
  bool replaying_ = false;

  // The row is made; the loser's replies to its move come next.
  Status follow(const Position& pos, const PerfectRow& row) {
    out_.rows.push_back(row);
    if (on_row_) on_row_(row);
    auto m = parse_move(pos, row.answer);
    if (!m) return make_error("row '" + row.moves + " : " + row.answer + "': " + m.error());
    Position next = pos;
    Undo u;
    play(next, *m, u);
    if (is_over(next)) return Ok{};
    return visit(next, join(row.moves, row.answer), false, false);
  }

  // Before the last resumed row, a winner's position with no row was settled by the earlier run.
  Status replay(const Position& pos, const std::string& moves) {
    const auto it = resumed_.find(moves);
    if (it == resumed_.end()) {
      ++out_.settled;
      return Ok{};
    }
    if (moves == opt_.resume.back().moves) replaying_ = false;
    return follow(pos, it->second);
  }

  bool stopped() const { return opt_.stop && opt_.stop->load(); }
  static std::string join(const std::string& a, const std::string& b) { return a.empty() ? b : a + " " + b; }

  bool first_visit(const Position& pos) {
    std::vector<std::uint64_t> key(static_cast<std::size_t>(canon_.words()));
    canon_.key(pos, key.data());
    return seen_.insert(std::move(key)).second;
  }

  SolveResult solve(const Position& pos, std::uint64_t nodes, double memory_gb) {
    SolverOptions so;
    so.method = SolverMethod::ProofNumber;
    so.max_nodes = nodes;
    so.memory_gb = memory_gb;
    so.stop = opt_.stop;
    SolveResult s = solve_canonical(pos, so);
    out_.nodes += s.nodes;
    return s;
  }

  Status replies(const Position& pos, const std::string& moves, bool first) {
    if (first)  // a skipped move's position (and so its mirror images) counts as seen
      for (const std::string& text : opt_.skip) {
        auto m = parse_move(pos, text);
        if (!m) return make_error("cannot skip " + text + ": " + m.error());
        Position next = pos;
        Undo u;
        play(next, *m, u);
        first_visit(next);
      }
    MoveList list;
    generate_moves(pos, list);
    for (const Move m : list) {
      const std::string text = move_to_text(pos, m);
      Position next = pos;
      Undo u;
      play(next, m, u);
      if (is_over(next)) return make_error("the side to move does not lose after '" + moves + "': " + text + " ends the game");
      if (auto s = visit(next, join(moves, text), true, false); !s) return s;
    }
    return Ok{};
  }
};

}  // namespace

Result<PerfectRowsResult> perfect_rows(const Position& pos, const std::string& moves, const PerfectRowsOptions& opt,
                                       const std::function<void(const PerfectRow&)>& on_row) {
  if (auto ok = proof::applies(pos); !ok) return make_error(ok.error());
  if (is_over(pos)) return make_error("the game is over");
  RowMaker maker(opt, on_row, pos.size);
  if (auto s = maker.visit(pos, moves, !opt.to_move_loses, true); !s) return make_error(s.error());
  if (auto s = maker.check_resumed(); !s) return make_error(s.error());
  return maker.take();
}

}  // namespace oyin::capgo
