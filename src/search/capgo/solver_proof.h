#pragma once
// A capture Go proof certificate (games/capgo/proof.h) collected after proof-number search
// settled the root: the proof is walked from the root, where the winner is to move one winning
// move (from the table, the tactics, or a fresh search where the entry was overwritten), where
// the loser is to move every legal move, also those the tactics pruned (their answers are found
// the same way). Positions are remembered by their exact canonical form, so each is walked once.
#include <cstdint>
#include <memory>
#include <vector>

#include "games/capgo/game.h"
#include "games/capgo/proof.h"
#include "search/capgo/mcts_engine.h"
#include "search/capgo/solver.h"
#include "search/capgo/solver_pn.h"
#include "search/capgo/solver_run.h"

namespace oyin::capgo::solver {

class ProofBuilder {
 public:
  ProofBuilder(SolverRun& run, PnSolver& pn) : run_(run), pn_(pn) {}

  // The certificate of r.winner's win from `root` in r.proof (has_proof), or why not.
  void build(Position& root, SolveResult& r) {
    if (auto ok = proof::applies(root); !ok) {
      r.proof_error = ok.error();
      return;
    }
    pc_ = std::make_unique<proof::Canonical>(root.size);
    walked_ = std::make_unique<proof::KeySet>(pc_->words());
    records_.clear();
    prover_ = r.winner;
    run_.progress.proving = true;
    const bool ok = prove(root, 0);
    run_.progress.proving = false;
    r.proof_positions = walked_->size();
    if (!ok) {
      r.proof_error = run_.aborted ? run_.why : "the proof could not be completed (a position was not proved)";
      return;
    }
    if (auto sorted = proof::finish_records(records_); !sorted) {
      r.proof_error = sorted.error();
      return;
    }
    r.proof.rules = Rules{root.size, {root.target[0], root.target[1]}, root.pass_allowed, {}};
    r.proof.position = to_text(root);
    r.proof.winner = prover_;
    r.proof.records = std::move(records_);
    r.has_proof = true;
  }

 private:
  SolverRun& run_;
  PnSolver& pn_;
  std::unique_ptr<proof::Canonical> pc_;
  std::unique_ptr<proof::KeySet> walked_;
  std::vector<proof::Record> records_;
  int prover_ = 0;
  std::uint64_t walked_count_ = 0;

  // Whether `f` holds with `m` played.
  template <class F>
  static bool after(Position& pos, Move m, F&& f) {
    Undo u;
    capgo::play(pos, m, u);
    const bool ok = f();
    capgo::undo(pos, m, u);
    return ok;
  }

  bool prove(Position& pos, int ply) {
    if (run_.aborted) return false;
    if (is_over(pos)) {
      const GameStatus st = status(pos);
      return st.outcome == Outcome::Win && index(st.winner) == prover_;
    }
    std::uint64_t key[16];
    const int sym = pc_->key(pos, key);
    if (walked_->contains(key)) return true;
    if ((++walked_count_ & 255) == 0) {
      run_.progress.proof_positions = walked_->size();
      run_.progress.proof_records = records_.size();
      run_.check_limits();
      if (run_.aborted) return false;
    }
    if (pos.to_move == prover_) {
      if (oyin::capgo_immediate_win(pos) >= 0) return true;  // the checker finds it itself
      const int m = pn_.winning_move(pos, ply);
      if (m < 0) return false;
      records_.push_back({proof::Canonical::hash(key, pc_->words()), static_cast<std::uint16_t>(pc_->to_canonical(pos, m, sym))});
      if (!after(pos, Move{static_cast<std::uint16_t>(m)}, [&] { return prove(pos, ply + 1); })) return false;
    } else {
      MoveList list;
      generate_moves(pos, list);
      for (const Move mv : list)
        if (!after(pos, mv, [&] { return prove(pos, ply + 1); })) return false;
    }
    walked_->insert(key);
    return true;
  }
};

}  // namespace oyin::capgo::solver
