#include "tournament/matching.h"

#include <queue>

namespace oyin::tournament {
namespace {

// The textbook search for an augmenting path from one free vertex, contracting odd cycles
// (blossoms) into their base as they are found.
class Blossom {
 public:
  explicit Blossom(const std::vector<std::vector<char>>& g)
      : g_(g), n_(static_cast<int>(g.size())), mate_(n_, -1), parent_(n_), base_(n_), used_(n_), in_blossom_(n_) {}

  std::vector<int> run() {
    for (int v = 0; v < n_; ++v) {
      if (mate_[v] != -1) continue;
      for (int u = find_path(v); u != -1;) {  // flip the path's edges
        const int pv = parent_[u], next = mate_[pv];
        mate_[u] = pv;
        mate_[pv] = u;
        u = next;
      }
    }
    return mate_;
  }

 private:
  int lca(int a, int b) const {
    std::vector<char> seen(n_, 0);
    for (;;) {
      a = base_[a];
      seen[a] = 1;
      if (mate_[a] == -1) break;
      a = parent_[mate_[a]];
    }
    for (;;) {
      b = base_[b];
      if (seen[b]) return b;
      b = parent_[mate_[b]];
    }
  }

  void mark_path(int v, int b, int child) {
    while (base_[v] != b) {
      in_blossom_[base_[v]] = in_blossom_[base_[mate_[v]]] = 1;
      parent_[v] = child;
      child = mate_[v];
      v = parent_[mate_[v]];
    }
  }

  int find_path(int root) {
    used_.assign(n_, 0);
    parent_.assign(n_, -1);
    for (int i = 0; i < n_; ++i) base_[i] = i;
    used_[root] = 1;
    std::queue<int> q;
    q.push(root);
    while (!q.empty()) {
      const int v = q.front();
      q.pop();
      for (int to = 0; to < n_; ++to) {
        if (!g_[v][to] || base_[v] == base_[to] || mate_[v] == to) continue;
        if (to == root || (mate_[to] != -1 && parent_[mate_[to]] != -1)) {
          const int b = lca(v, to);
          in_blossom_.assign(n_, 0);
          mark_path(v, b, to);
          mark_path(to, b, v);
          for (int i = 0; i < n_; ++i) {
            if (!in_blossom_[base_[i]]) continue;
            base_[i] = b;
            if (!used_[i]) {
              used_[i] = 1;
              q.push(i);
            }
          }
        } else if (parent_[to] == -1) {
          parent_[to] = v;
          if (mate_[to] == -1) return to;
          used_[mate_[to]] = 1;
          q.push(mate_[to]);
        }
      }
    }
    return -1;
  }

  const std::vector<std::vector<char>>& g_;
  int n_;
  std::vector<int> mate_, parent_, base_;
  std::vector<char> used_, in_blossom_;
};

}  // namespace

std::vector<int> maximum_matching(const std::vector<std::vector<char>>& allowed) { return Blossom(allowed).run(); }

}  // namespace oyin::tournament
