// The capture Go solver (solver.h): one solve puts together its parts, each in a header of its
// own and compiled here as one unit, so the hot paths inline across them as they did when they
// were one class: the keys up to symmetry (solver_keys.h), the move order (solver_moves.h),
// alpha-beta (solver_alphabeta.h), proof-number search (solver_pn.h, with solver_pn_tactics.h
// and solver_simulation.h), known proofs (solver_known.h), the table file (solver_table_store.h)
// and the proof certificate (solver_proof.h).
#include "search/capgo/solver.h"

#include <pthread.h>

#include <chrono>
#include <exception>
#include <functional>

#include "games/capgo/game.h"
#include "search/capgo/mcts_engine.h"
#include "search/capgo/solver_alphabeta.h"
#include "search/capgo/solver_known.h"
#include "search/capgo/solver_moves.h"
#include "search/capgo/solver_pn.h"
#include "search/capgo/solver_proof.h"
#include "search/capgo/solver_run.h"
#include "search/capgo/solver_table_store.h"
#include "search/capgo/threats.h"

namespace oyin::capgo {

std::string winner_text(int winner) {
  switch (winner) {
    case 0: return "B";
    case 1: return "W";
    case 2: return "draw";
    default: return "unknown";
  }
}

namespace {

using namespace solver;

// One solve: the search that applies (proof-number search or alpha-beta) with its table, the
// table file around it, the result's figures and the proof certificate after it.
class Solver {
 public:
  Solver(const Position& root, const SolverOptions& opt)
      : opt_(opt), run_(opt), keys_(root, opt.symmetry), moves_(root, tr_), known_(root, opt),
        ab_(run_, keys_, tr_, moves_), pn_(run_, keys_, tr_, moves_, known_) {
    run_.table_used = [this] { return ab_.table().used() + pn_.table().used(); };
  }

  SolveResult run(Position pos) {
    pn_.set_root_side(pos.to_move);
    SolveResult r;
    int best = -1;
    // solve() refuses an explicit proof-number search where it does not apply.
    const bool dfpn = opt_.method != SolverMethod::AlphaBeta && PnTactics::applies(pos);
    // Only the search that runs gets a table: each is reserved at the full size given.
    if (dfpn) pn_.table().init(opt_.memory_gb);
    else ab_.table().init(opt_.memory_gb);
    TableStore store(opt_, pn_.table());
    if (dfpn && !opt_.table_file.empty() && !store.read(pos, r)) {
      r.table_refused = true;
      return r;
    }
    const int v = dfpn ? pn_.root(pos, best) : ab_.root_search(pos, best);
    if (dfpn && !opt_.table_file.empty()) store.write(pos, run_.nodes, r);
    figures(dfpn, r);
    if (run_.aborted) {
      r.stopped = run_.why;
      return r;
    }
    r.solved = true;
    r.value = v;
    r.winner = v == 0 ? 2 : (v > 0 ? pos.to_move : pos.to_move ^ 1);
    if (best >= 0) r.best_move = move_to_text(pos, Move{static_cast<std::uint16_t>(best)});
    if (opt_.make_proof) {
      if (!dfpn) {
        r.proof_error = "proof certificates come from proof-number search (method auto or pn)";
      } else {
        const auto t = std::chrono::steady_clock::now();
        const std::uint64_t nodes_before = run_.nodes;
        ProofBuilder(run_, pn_).build(pos, r);
        r.proof_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
        r.proof_nodes = run_.nodes - nodes_before;
      }
    }
    return r;
  }

 private:
  const SolverOptions& opt_;
  SolverRun run_;
  SymmetryKeys keys_;
  ThreatReader tr_;
  MoveOrder moves_;
  KnownProofs known_;
  AlphaBetaSolver ab_;
  PnSolver pn_;

  // The search's figures: nodes, time, the table used, the tactics' and the simulations' tallies.
  void figures(bool dfpn, SolveResult& r) {
    r.nodes = run_.nodes;
    r.seconds = run_.elapsed();
    r.tt_used = dfpn ? pn_.table().used() : ab_.table().used();
    r.threat_cuts = run_.threat_cuts;
    r.simulations = pn_.simulation().tries;
    r.simulated = pn_.simulation().proofs;
    r.tt_bytes = dfpn ? pn_.table().bytes() : ab_.table().bytes();
    r.tt_entries = dfpn ? pn_.table().size() : ab_.table().size();
    r.method = dfpn ? SolverMethod::ProofNumber : SolverMethod::AlphaBeta;
  }
};

// Runs `work` on a thread with a stack of `bytes`: the searches recurse once per move, and on a
// big board a game with captures can be many hundreds of moves deep, with some kilobytes a
// level. Only the pages actually touched are ever backed by memory.
void run_with_stack(std::size_t bytes, const std::function<void()>& work) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_t thread;
  const int started = pthread_create(
      &thread, &attr,
      [](void* arg) -> void* {
        auto* j = static_cast<Job*>(arg);
        try {
          (*j->work)();
        } catch (...) {
          j->error = std::current_exception();
        }
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attr);
  if (started != 0) {
    work();  // no thread to be had: the caller's own stack, as before
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace

ThreatInfo threat_info(const Position& pos) {
  ThreatInfo info;
  ThreatReader tr;
  ThreatReader::Threats t;
  tr.find_threats(pos, t);
  if (!t.exact_prune || t.n || is_over(pos) || oyin::capgo_immediate_win(pos) >= 0) return info;
  tr.compute_libs(pos);
  info.win_in_two = tr.win_in_two(pos, pos.to_move, nullptr);
  Position scratch = pos;
  info.ladder = tr.ladder_win(scratch);
  ThreatReader::Zone z;
  z.fill();
  info.opponent_threats = tr.win_in_two(pos, pos.to_move ^ 1, &z);
  if (info.opponent_threats)
    for (int p = pos.stride + 1; p < pos.npoints - pos.stride; ++p)
      if (pos.color[p] == kEmpty && z.has(p)) info.zone.push_back(p);
  return info;
}

SolveResult solve_position(const Position& pos, const SolverOptions& opt) {
  SolveResult result;
  run_with_stack(std::size_t{1} << 30, [&] {
    Solver s(pos, opt);
    result = s.run(pos);
  });
  return result;
}

Result<SolveResult> solve(const SolverOptions& opt) {
  auto rules = CaptureGo::parse_rules(opt.rules_text);
  if (!rules) return make_error(rules.error());
  Position pos = CaptureGo::start_position(*rules);
  if (!opt.position.empty()) {
    auto p = parse_position(opt.position, *rules);
    if (!p) return make_error(p.error());
    pos = *p;
  }
  if (is_over(pos)) return make_error("the game is already over in this position");
  if (opt.method == SolverMethod::ProofNumber && !PnTactics::applies(pos))
    return make_error("proof-number search needs target 1 for both sides, passing forbidden and no capture yet");
  if (opt.make_proof) {
    if (opt.method == SolverMethod::AlphaBeta)
      return make_error("proof certificates come from proof-number search (method auto or pn), not alpha-beta");
    if (auto ok = proof::applies(pos); !ok) return make_error(ok.error());
  }
  if (!opt.table_file.empty() && (opt.method == SolverMethod::AlphaBeta || !PnTactics::applies(pos)))
    return make_error("--table keeps the proof-number search's table (target 1 for both sides, passing forbidden, method auto or pn)");
  for (const auto& c : opt.known_proofs)
    if (c->rules.size != rules->size || c->rules.target != rules->target || c->rules.pass_allowed != rules->pass_allowed)
      return make_error("a known proof is for " + rules_to_text(c->rules) + ", not for " + rules_to_text(*rules));
  return solve_position(pos, opt);
}

}  // namespace oyin::capgo
