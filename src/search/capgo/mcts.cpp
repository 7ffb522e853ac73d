// Capture Go Monte-Carlo tree search (declared in mcts_engine.h).
//
// One tree in an arena of nodes; children of a node are contiguous. Threads share the tree under
// one mutex that is held only while walking or updating nodes: replaying the path on a position,
// expanding and the playout itself run unlocked, so the lock is short next to the work.
// Values are kept from the view of the player who made the move into a node.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "games/capgo/notation.h"
#include "search/capgo/tactics.h"
#include "search/capgo/mcts_engine.h"

namespace oyin {

using namespace capgo;
using namespace capgo::tactics;

int capgo_immediate_win(const Position& pos) {
  if (is_over(pos)) return -1;
  const int me = pos.to_move, c = me + 1, opp = 3 - c;
  if (pos.passes == 1 && pos.pass_allowed && pos.captures[me] > pos.captures[me ^ 1]) return 0;
  if (!pos.target[me]) return -1;
  const int need = pos.target[me] - pos.captures[me];
  const int last = pos.npoints - pos.stride;
  for (int p = pos.stride + 1; p < last; ++p) {
    if (pos.color[p] != opp || pos.head[p] != p || !in_atari(pos, p)) continue;
    const int lib = atari_point(pos, p);
    if (captured_by(pos, lib, c) >= need && is_legal(pos, lib)) return lib;
  }
  return -1;
}

namespace {

constexpr std::uint32_t kNoChild = 0;

struct Node {
  std::uint32_t first_child = kNoChild;
  std::uint16_t move = 0;
  std::uint16_t nchildren = 0;
  float prior = 0;
  float value = 0;  // sum of results for the mover into this node
  std::uint32_t visits = 0;
  std::uint16_t vloss = 0;
  Proof proof = Proof::Unknown;
  std::uint8_t state = 0;  // 0 leaf, 1 being expanded, 2 expanded
};

struct ChildSpec {
  std::uint16_t move;
  float prior;
  Proof proof;
};

Proof flip(Proof p) {
  switch (p) {
    case Proof::Win: return Proof::Loss;
    case Proof::Loss: return Proof::Win;
    default: return p;
  }
}

// Result of a finished game for the player `mover` (1 win, 0.5 draw, 0 loss).
Proof proof_of_status(const GameStatus& st, int mover) {
  if (st.outcome == Outcome::Draw) return Proof::Draw;
  return index(st.winner) == mover ? Proof::Win : Proof::Loss;
}

float proof_value(Proof p) { return p == Proof::Win ? 1.0f : p == Proof::Draw ? 0.5f : 0.0f; }

// Children of an unfinished position, with priors from the tactics. When the side to move can
// win at once, the winning move is the only child.
void make_children(const Position& pos, int last, std::vector<ChildSpec>& out) {
  out.clear();
  const int me = pos.to_move, c = me + 1, opp = 3 - c;
  if (const int w = capgo_immediate_win(pos); w >= 0) {
    out.push_back({static_cast<std::uint16_t>(w), 1.0f, Proof::Win});
    return;
  }
  // Threats: own chains in atari whose capture would give the opponent the game.
  int threat_libs[16], nthreat = 0;
  const int end = pos.npoints - pos.stride;
  for (int p = pos.stride + 1; p < end && nthreat < 16; ++p) {
    if (pos.color[p] != c || pos.head[p] != p || !in_atari(pos, p)) continue;
    const int lib = atari_point(pos, p);
    const int loss = captured_by(pos, lib, opp);
    if (pos.target[me ^ 1] && pos.captures[me ^ 1] + loss >= pos.target[me ^ 1]) threat_libs[nthreat++] = lib;
  }
  capgo::MoveList list;
  generate_moves(pos, list);
  const bool big = pos.size >= 7;
  const int lx = last ? pos.x_of(last) : -10, ly = last ? pos.y_of(last) : -10;
  float total = 0;
  for (Move m : list) {
    if (m == kPass) {
      Proof proof = Proof::Unknown;
      float w = 0.05f;
      if (pos.passes == 1) {  // two passes: the count decides now
        const int diff = pos.captures[me] - pos.captures[me ^ 1];
        proof = diff > 0 ? Proof::Win : diff < 0 ? Proof::Loss : Proof::Draw;
        w = proof == Proof::Loss ? 0.001f : 0.3f;
      }
      out.push_back({0, w, proof});
      total += w;
      continue;
    }
    const int p = m.point;
    float w = 1.0f;
    const int sz = captured_by(pos, p, c);
    if (sz > 0) w = 6.0f + static_cast<float>(sz);
    if (nthreat) {
      bool saves = sz > 0;
      for (int i = 0; i < nthreat; ++i) saves |= threat_libs[i] == p && libs_after(pos, p, c, 2) >= 2;
      w *= saves ? 10.0f : 0.02f;
    }
    if (sz == 0 && self_atari(pos, p, c)) {
      w *= 0.03f;
    } else {
      const int libs = min_adjacent_opp_libs(pos, p, c);
      if (libs == 2) w *= 3.0f;
      else if (libs == 3) w *= 1.5f;
    }
    const int x = pos.x_of(p), y = pos.y_of(p);
    if (std::abs(x - lx) + std::abs(y - ly) <= 2) w *= 1.5f;
    if (big) {
      const int edge = std::min(std::min(x, y), std::min(pos.size - 1 - x, pos.size - 1 - y));
      if (edge == 0) w *= 0.4f;
    }
    out.push_back({static_cast<std::uint16_t>(p), w, Proof::Unknown});
    total += w;
  }
  for (auto& ch : out) ch.prior /= total;
}

double now_ms(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

struct CapgoMcts::Impl {
  std::vector<Node> nodes;
  Position root_pos;
  bool have_tree = false;
  std::uint64_t reused = 0;
  std::mutex mu;
  // Per-search state.
  CapgoSearchOptions opt;
  std::atomic<std::uint64_t> iterations{0};
  std::atomic<std::uint64_t> playout_stones{0};  // stones placed in playouts (the bench signature)
  std::atomic<bool> done{false};
  std::chrono::steady_clock::time_point t0;

  Proof root_proof() const { return flip(nodes[0].proof); }

  // Finds `pos` among the first two plies of the old tree and keeps that subtree.
  void reuse_or_reset(const Position& pos) {
    auto same = [&](const Position& a) {
      return a == pos && a.history.size() == pos.history.size() &&
             (a.history.empty() || a.history.back() == pos.history.back());
    };
    std::uint32_t found = 0;
    bool ok = false;
    if (have_tree && !nodes.empty()) {
      if (same(root_pos)) {
        ok = true;
      } else {
        Position a = root_pos;
        const Node& r = nodes[0];
        for (std::uint32_t i = 0; i < r.nchildren && !ok; ++i) {
          const Node& ch = nodes[r.first_child + i];
          Undo u1;
          const Move m1{ch.move};
          if (m1 != kPass && !is_legal(a, m1.point)) continue;
          capgo::play(a, m1, u1);
          if (same(a)) {
            found = r.first_child + i;
            ok = true;
          } else if (ch.state == 2) {
            for (std::uint32_t j = 0; j < ch.nchildren && !ok; ++j) {
              const Node& g = nodes[ch.first_child + j];
              const Move m2{g.move};
              if (is_over(a) || (m2 != kPass && !is_legal(a, m2.point))) continue;
              Undo u2;
              capgo::play(a, m2, u2);
              if (same(a)) {
                found = ch.first_child + j;
                ok = true;
              }
              capgo::undo(a, m2, u2);
            }
          }
          capgo::undo(a, m1, u1);
        }
      }
    }
    root_pos = pos;
    have_tree = true;
    if (!ok) {
      nodes.assign(1, Node{});
      reused = 0;
      return;
    }
    if (found != 0) {
      std::vector<Node> fresh;
      fresh.reserve(nodes.size());
      std::vector<std::uint32_t> old_of;
      fresh.push_back(nodes[found]);
      old_of.push_back(found);
      for (std::size_t i = 0; i < fresh.size(); ++i) {
        const Node& old = nodes[old_of[i]];
        if (old.state != 2) {
          fresh[i].state = 0;
          fresh[i].first_child = kNoChild;
          fresh[i].nchildren = 0;
          continue;
        }
        fresh[i].first_child = static_cast<std::uint32_t>(fresh.size());
        for (std::uint32_t k = 0; k < old.nchildren; ++k) {
          fresh.push_back(nodes[old.first_child + k]);
          old_of.push_back(old.first_child + k);
        }
      }
      nodes.swap(fresh);
    }
    for (auto& n : nodes) n.vloss = 0;
    // A node proven on its first visit has no children yet: the root needs them for a move.
    if (nodes[0].state != 2) nodes[0].proof = Proof::Unknown;
    reused = nodes[0].visits;
  }

  // Contempt: a draw is worth a little less than half to the player we search for (and a little
  // more to its opponent), so the engine does not pass into a drawn count while it can play on.
  float draw_value(int mover) const {
    return mover == root_pos.to_move ? 0.5f - static_cast<float>(opt.contempt) : 0.5f + static_cast<float>(opt.contempt);
  }

  // `mover` is the side making the children's moves (the side to move at the parent).
  std::uint32_t select_child(const Node& parent, int mover) const {
    const double sqrt_n = std::sqrt(static_cast<double>(parent.visits + parent.vloss) + 1.0);
    const double parent_q = parent.visits ? 1.0 - parent.value / parent.visits : 0.5;
    const double fpu = std::max(0.0, parent_q - 0.25);
    double best = -1e9;
    std::uint32_t best_i = parent.first_child;
    bool any = false;
    for (std::uint32_t i = 0; i < parent.nchildren; ++i) {
      const std::uint32_t ci = parent.first_child + i;
      const Node& ch = nodes[ci];
      if (ch.proof == Proof::Win) return ci;
      if (ch.proof == Proof::Loss) continue;
      const double n = static_cast<double>(ch.visits + ch.vloss);
      double q = n > 0 ? ch.value / n : fpu;
      // A proven draw is worth exactly 0.5 and needs no more visits: no exploration bonus, so
      // the unproven siblings get the visits that can still prove (or improve) the parent.
      const double score = ch.proof == Proof::Draw ? draw_value(mover) : q + opt.cpuct * ch.prior * sqrt_n / (1.0 + n);
      if (score > best) {
        best = score;
        best_i = ci;
        any = true;
      }
    }
    (void)any;
    return best_i;
  }

  // Re-derives the proof of a node from its children (MCTS-Solver).
  void update_proof(Node& n) {
    if (n.state != 2 || n.nchildren == 0) return;
    bool all = true;
    Proof best = Proof::Loss;
    for (std::uint32_t i = 0; i < n.nchildren; ++i) {
      const Proof p = nodes[n.first_child + i].proof;
      if (p == Proof::Win) {
        n.proof = Proof::Loss;
        return;
      }
      if (p == Proof::Unknown) all = false;
      else if (p == Proof::Draw) best = Proof::Draw;
    }
    if (all) n.proof = flip(best);
  }

  void iterate(Rng& rng, std::vector<std::uint32_t>& path, std::vector<std::uint16_t>& moves,
               std::vector<ChildSpec>& specs, FastBoard& fb) {
    path.clear();
    moves.clear();
    bool expand = false;
    Proof leaf_proof;
    {
      std::lock_guard<std::mutex> lock(mu);
      std::uint32_t ni = 0;
      path.push_back(0);
      while (nodes[ni].state == 2 && nodes[ni].proof == Proof::Unknown && nodes[ni].nchildren) {
        ni = select_child(nodes[ni], root_pos.to_move ^ static_cast<int>(moves.size() & 1));
        nodes[ni].vloss += 1;
        path.push_back(ni);
        moves.push_back(nodes[ni].move);
      }
      Node& leaf = nodes[ni];
      if ((leaf.proof == Proof::Unknown || ni == 0) && leaf.state == 0 && (leaf.visits >= 1 || ni == 0) &&
          nodes.size() + 400 < opt.max_nodes) {
        leaf.state = 1;
        expand = true;
      }
      leaf_proof = leaf.proof;
    }
    Position pos = root_pos;
    Undo u;
    for (std::uint16_t m : moves) capgo::play(pos, Move{m}, u);
    const int mover = pos.to_move ^ 1;  // made the move into the leaf
    const std::uint32_t leaf_i = path.back();
    specs.clear();
    if (leaf_proof == Proof::Unknown || expand) {
      const GameStatus st = capgo::status(pos);
      if (st.over()) {
        leaf_proof = proof_of_status(st, mover);
      } else if (expand) {
        make_children(pos, moves.empty() ? 0 : moves.back(), specs);
        if (specs.size() == 1 && specs[0].proof == Proof::Win) leaf_proof = Proof::Loss;
      } else if (capgo_immediate_win(pos) >= 0) {
        leaf_proof = Proof::Loss;
      }
    }
    float result;
    if (leaf_proof == Proof::Unknown) {
      fb.init(pos);
      const int before = fb.captures[0] + fb.captures[1] - fb.nempty;
      const int w = playout(fb, opt.policy, rng, 3 * pos.size * pos.size + 40);
      playout_stones.fetch_add(static_cast<std::uint64_t>(fb.captures[0] + fb.captures[1] - fb.nempty - before),
                               std::memory_order_relaxed);
      result = w == 2 ? draw_value(mover) : (w == mover ? 1.0f : 0.0f);
    } else {
      result = leaf_proof == Proof::Draw ? draw_value(mover) : proof_value(leaf_proof);
    }
    std::lock_guard<std::mutex> lock(mu);
    const Proof before = nodes[leaf_i].proof;
    if (expand) {
      if (!specs.empty()) {
        const auto first = static_cast<std::uint32_t>(nodes.size());
        for (const auto& s : specs) {
          Node n;
          n.move = s.move;
          n.prior = s.prior;
          n.proof = s.proof;
          nodes.push_back(n);
        }
        Node& l = nodes[leaf_i];  // push_back may have moved the arena
        l.first_child = first;
        l.nchildren = static_cast<std::uint16_t>(specs.size());
        l.state = 2;
      } else {
        nodes[leaf_i].state = 0;
      }
    }
    if (leaf_proof != Proof::Unknown) nodes[leaf_i].proof = leaf_proof;
    if (expand) update_proof(nodes[leaf_i]);
    bool changed = nodes[leaf_i].proof != before;
    for (std::size_t k = path.size(); k-- > 0;) {
      Node& n = nodes[path[k]];
      if (k > 0) n.vloss -= 1;
      n.visits += 1;
      n.value += result;
      result = 1.0f - result;
      if (changed && k + 1 < path.size()) {
        const Proof b = n.proof;
        update_proof(n);
        changed = n.proof != b;
      }
    }
  }

  void worker(std::uint64_t seed) {
    Rng rng(seed);
    std::vector<std::uint32_t> path;
    std::vector<std::uint16_t> moves;
    std::vector<ChildSpec> specs;
    auto fb = std::make_unique<FastBoard>();
    while (!done.load(std::memory_order_relaxed)) {
      iterate(rng, path, moves, specs, *fb);
      const std::uint64_t it = iterations.fetch_add(1) + 1;
      if (should_stop(it)) done = true;
    }
  }

  bool should_stop(std::uint64_t it) {
    if (opt.playouts && it >= opt.playouts) return true;
    if (opt.stop && opt.stop->load()) return true;
    if ((it & 63) == 0) {
      if (opt.time_ms && now_ms(t0) >= opt.time_ms) return true;
      std::lock_guard<std::mutex> lock(mu);
      if (nodes[0].proof != Proof::Unknown) return true;
      if (nodes[0].state == 2 && nodes[0].nchildren == 1) return true;  // a forced move
    }
    return false;
  }

  std::vector<std::string> pv_from(std::uint32_t i, Position pos, int max_len) {
    std::vector<std::string> pv;
    while (pv.size() < static_cast<std::size_t>(max_len)) {
      const Node& n = nodes[i];
      const Move m{n.move};
      pv.push_back(move_to_text(pos, m));
      Undo u;
      capgo::play(pos, m, u);
      if (n.state != 2 || n.nchildren == 0) break;
      std::uint32_t best = n.first_child;
      for (std::uint32_t k = 0; k < n.nchildren; ++k) {
        const Node& c = nodes[n.first_child + k];
        if (c.proof == Proof::Win) {
          best = n.first_child + k;
          break;
        }
        if (c.visits > nodes[best].visits) best = n.first_child + k;
      }
      if (nodes[best].visits == 0 && nodes[best].proof != Proof::Win) break;
      i = best;
    }
    return pv;
  }

  CapgoAnalysis snapshot() {
    std::lock_guard<std::mutex> lock(mu);
    CapgoAnalysis a;
    a.playouts = iterations.load();
    a.tree_nodes = nodes.size();
    a.playout_stones = playout_stones.load();
    a.time_ms = static_cast<int>(now_ms(t0));
    const Node& r = nodes[0];
    a.winrate = r.visits ? 1.0 - r.value / r.visits : 0.5;
    a.proof = root_proof();
    if (a.proof != Proof::Unknown) a.winrate = proof_value(a.proof);
    for (std::uint32_t k = 0; k < r.nchildren; ++k) {
      const Node& c = nodes[r.first_child + k];
      CapgoMoveStat s;
      s.move = Move{c.move};
      s.text = move_to_text(root_pos, s.move);
      s.visits = c.visits;
      s.winrate = c.visits ? c.value / c.visits : 0.5;
      if (c.proof != Proof::Unknown) s.winrate = proof_value(c.proof);
      s.prior = c.prior;
      s.proof = c.proof;
      a.moves.push_back(std::move(s));
    }
    // Proven wins first, then by visits; proven losses last.
    auto rank = [](const CapgoMoveStat& s) { return s.proof == Proof::Win ? 2 : s.proof == Proof::Loss ? 0 : 1; };
    std::stable_sort(a.moves.begin(), a.moves.end(), [&](const auto& x, const auto& y) {
      if (rank(x) != rank(y)) return rank(x) > rank(y);
      return x.visits > y.visits;
    });
    for (auto& s : a.moves) {
      for (std::uint32_t k = 0; k < r.nchildren; ++k)
        if (nodes[r.first_child + k].move == s.move.point) {
          if (s.visits || s.proof != Proof::Unknown) s.pv = pv_from(r.first_child + k, root_pos, 12);
          break;
        }
    }
    return a;
  }
};

CapgoMcts::CapgoMcts() : impl_(std::make_unique<Impl>()) {}
CapgoMcts::~CapgoMcts() = default;
void CapgoMcts::clear() { impl_->have_tree = false; impl_->nodes.clear(); }
std::uint64_t CapgoMcts::reused_visits() const { return impl_->reused; }

Move CapgoMcts::search(const Position& pos, const CapgoSearchOptions& opt, CapgoAnalysis* out) {
  Impl& im = *impl_;
  im.opt = opt;
  im.t0 = std::chrono::steady_clock::now();
  if (opt.reuse_tree) im.reuse_or_reset(pos);
  else {
    im.have_tree = false;
    im.reuse_or_reset(pos);
  }
  im.iterations = 0;
  im.playout_stones = 0;
  im.done = false;
  const std::uint64_t base_seed = opt.seed ? opt.seed : 0xC0FFEEULL;
  const int threads = std::max(1, opt.threads);
  std::vector<std::thread> pool;
  std::thread reporter;
  std::atomic<bool> reporter_stop{false};
  if (opt.report_ms > 0 && opt.on_report) {
    reporter = std::thread([&] {
      while (!im.done.load() && !reporter_stop.load()) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(opt.report_ms);
        while (std::chrono::steady_clock::now() < until && !im.done.load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (!im.done.load()) opt.on_report(im.snapshot());
      }
    });
  }
  std::uint64_t s = base_seed ^ pos.stones_key;
  for (int t = 1; t < threads; ++t) pool.emplace_back([&im, seed = splitmix64(s) + t] { im.worker(seed); });
  {
    // The root must be expanded before the proof check can end the search.
    im.worker(splitmix64(s));
  }
  for (auto& t : pool) t.join();
  reporter_stop = true;
  if (reporter.joinable()) reporter.join();
  CapgoAnalysis a = im.snapshot();
  if (opt.on_report) opt.on_report(a);
  Move best = a.moves.empty() ? kPass : a.moves.front().move;
  if (out) *out = std::move(a);
  return best;
}

}  // namespace oyin
