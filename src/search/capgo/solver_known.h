#pragma once
// Certificates of other positions given to a capture Go solve (SolverOptions::known_proofs): the
// positions they prove count as proved, and their winning moves are played where they stand.
// Lets a big proof be made in parts.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/capgo/board.h"
#include "games/capgo/proof.h"
#include "search/capgo/solver.h"

namespace oyin::capgo::solver {

class KnownProofs {
 public:
  // The records of the known proofs, sorted by hash (the first of equal hashes kept).
  KnownProofs(const Position& root, const SolverOptions& opt) {
    for (const auto& c : opt.known_proofs) known_.insert(known_.end(), c->records.begin(), c->records.end());
    if (known_.empty()) return;
    std::stable_sort(known_.begin(), known_.end(), [](const proof::Record& a, const proof::Record& b) { return a.hash < b.hash; });
    known_.erase(std::unique(known_.begin(), known_.end(),
                             [](const proof::Record& a, const proof::Record& b) { return a.hash == b.hash; }),
                 known_.end());
    kpc_ = std::make_unique<proof::Canonical>(root.size);
  }

  bool empty() const { return known_.empty(); }

  // The known proofs' winning move for the side to move (a board point), or -1.
  int move(const Position& pos) const {
    if (known_.empty()) return -1;
    std::uint64_t key[16];
    const int t = kpc_->key(pos, key);
    const std::uint64_t h = proof::Canonical::hash(key, kpc_->words());
    const auto it = std::lower_bound(known_.begin(), known_.end(), h,
                                     [](const proof::Record& r, std::uint64_t v) { return r.hash < v; });
    if (it == known_.end() || it->hash != h || it->move >= pos.size * pos.size) return -1;
    const int p = kpc_->from_canonical(pos, it->move, t);
    return pos.color[p] == kEmpty && is_legal(pos, p) ? p : -1;
  }

 private:
  std::vector<proof::Record> known_;
  std::unique_ptr<proof::Canonical> kpc_;
};

}  // namespace oyin::capgo::solver
