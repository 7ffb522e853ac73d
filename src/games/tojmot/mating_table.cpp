#include "games/tojmot/mating_table.h"

#include <array>
#include <memory>
#include <mutex>

#include "games/tojmot/geometry.h"
#include "games/tojmot/pieces.h"

namespace oyin::tojmot {

namespace {

constexpr int kStrong = kWhite, kWeak = kBlack;  // the table's sides (Black's positions are mirrored)
constexpr std::uint8_t kUnknown = MatingTable::kNone;

struct Adjacency {
  std::array<std::array<bool, kCells>, kCells> near{};  // one 1-step apart
};

const Adjacency& adjacency() {
  static const Adjacency a = [] {
    Adjacency r;
    const Geometry& g = geometry();
    for (int c = 0; c < kCells; ++c)
      for (int t : g.step8[c]) r.near[c][t] = true;
    return r;
  }();
  return a;
}

bool is_slider(int kind) { return kind == kFour || kind == kSeven || kind == kEight; }

// The leaper's or stepper's targets (2, 3, 5, 6, 9); sliders have rays instead.
const Targets& leaps(int kind, int cell) {
  const Geometry& g = geometry();
  switch (kind) {
    case kTwo: return g.vertex[cell];
    case kThree: return g.leap3[cell];
    case kFive: return g.leap5[cell];
    case kSix: return g.leap6[cell];
    default: return g.step8[cell];  // the 9
  }
}

void ray_span(int kind, int& first, int& last) {
  first = kind == kEight ? 4 : 0;
  last = kind == kFour ? 3 : 7;
}

// Does the piece of `kind` on `from` reach `target` (attacks pass through empty zone cells),
// `blocker` being the one other occupied cell its rays can meet?
bool reaches(int kind, int from, int target, int blocker) {
  if (!is_slider(kind)) {
    for (int t : leaps(kind, from))
      if (t == target) return true;
    return false;
  }
  int first = 0, last = 0;
  ray_span(kind, first, last);
  const auto& rays = geometry().ray[from];
  for (int d = first; d <= last; ++d)
    for (int c : rays[d]) {
      if (c == target) return true;
      if (c == blocker) break;
    }
  return false;
}

// Calls f(cell) for each cell the piece on `from` could move to (or have come from: every
// pattern is symmetric) with a and c occupied: empty, and out of the bare 1's zone.
template <class F>
void piece_steps(int kind, int from, int a, int c, F&& f) {
  const Geometry& g = geometry();
  if (!is_slider(kind)) {
    for (int t : leaps(kind, from))
      if (t != a && t != c && g.zone[t] != kWeak) f(t);
    return;
  }
  int first = 0, last = 0;
  ray_span(kind, first, last);
  for (int d = first; d <= last; ++d)
    for (int t : g.ray[from][d]) {
      if (t == a || t == c) break;
      if (g.zone[t] != kWeak) f(t);
    }
}

// The three cells can hold the 1, the piece and the bare 1: distinct, each out of the zone it may
// not enter, the 1s apart.
bool placeable(int a, int b, int c) {
  const Geometry& g = geometry();
  return a != b && a != c && b != c && g.zone[a] != kWeak && g.zone[b] != kWeak && g.zone[c] != kStrong &&
         !adjacency().near[a][c];
}

// The bare 1's legal moves with the piece on b (taking it included, when the 1 on a does not guard it).
int bare_moves(int kind, int a, int b, int c) {
  const Geometry& g = geometry();
  const auto& near = adjacency().near;
  int n = 0;
  for (int t : g.step8[c]) {
    if (t == a || g.zone[t] == kStrong || near[t][a]) continue;
    if (t == b) {
      ++n;  // the 1 on a does not guard it (t would be next to a)
      continue;
    }
    if (!reaches(kind, b, t, a)) ++n;
  }
  return n;
}

}  // namespace

int MatingTable::mirror(int cell) {
  const Geometry& g = geometry();
  return cell_at(g.x[cell], kHeight + 1 - g.y[cell]);
}

MatingTable::MatingTable(int kind) : kind_(kind), dtm_(static_cast<std::size_t>(kCells) * kCells * kCells * 2, kUnknown) {
  const Geometry& g = geometry();
  const auto& near = adjacency().near;
  // Bare 1 to move: its moves not yet known to lose. Strong side to move: legal when the bare 1
  // is not in check.
  std::vector<std::uint8_t> left(dtm_.size() / 2, 0);
  std::vector<std::uint32_t> queue;
  for (int a = 0; a < kCells; ++a)
    for (int b = 0; b < kCells; ++b)
      for (int c = 0; c < kCells; ++c) {
        if (!placeable(a, b, c)) continue;
        const int n = bare_moves(kind, a, b, c);
        const std::size_t i = index(a, b, c, false);
        left[i / 2] = static_cast<std::uint8_t>(n);
        if (n == 0 && reaches(kind, b, c, a)) {
          dtm_[i] = 0;
          queue.push_back(static_cast<std::uint32_t>(i));
        }
      }
  // Breadth first: a win is found at its shortest, a loss when its last escape is gone (its longest).
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const std::size_t i = queue[q];
    const int d = dtm_[i];
    if (d + 1 >= kUnknown) continue;
    const bool strong_moved_here = (i & 1) != 0;  // the bare 1 to move: the strong side just moved
    const int c = static_cast<int>(i / 2 % kCells), b = static_cast<int>(i / 2 / kCells % kCells),
              a = static_cast<int>(i / 2 / kCells / kCells);
    if (strong_moved_here) {
      auto win = [&](int na, int nb) {
        if (reaches(kind, nb, c, na)) return;  // that position would have the bare 1 in check, strong to move
        const std::size_t j = index(na, nb, c, true);
        if (dtm_[j] != kUnknown) return;
        dtm_[j] = static_cast<std::uint8_t>(d + 1);
        queue.push_back(static_cast<std::uint32_t>(j));
      };
      for (int na : g.step8[a])
        if (na != b && na != c && g.zone[na] != kWeak && !near[na][c]) win(na, b);
      piece_steps(kind, b, a, c, [&](int nb) { win(a, nb); });
    } else {
      for (int nc : g.step8[c]) {
        if (nc == a || nc == b || g.zone[nc] == kStrong || near[nc][a]) continue;
        const std::size_t j = index(a, b, nc, false);
        if (dtm_[j] != kUnknown || left[j / 2] == 0) continue;
        if (--left[j / 2] == 0) {
          dtm_[j] = static_cast<std::uint8_t>(d + 1);
          queue.push_back(static_cast<std::uint32_t>(j));
        }
      }
    }
  }
  wins_ = queue.size();
  for (std::uint32_t i : queue) longest_ = std::max<int>(longest_, dtm_[i]);
}

const MatingTable& MatingTable::of(int kind) {
  static std::array<std::unique_ptr<MatingTable>, kKinds> tables;
  static std::array<std::once_flag, kKinds> once;
  std::call_once(once[static_cast<std::size_t>(kind)], [kind] { tables[static_cast<std::size_t>(kind)].reset(new MatingTable(kind)); });
  return *tables[static_cast<std::size_t>(kind)];
}

TableResult probe_mating_table(const Position& p) {
  TableResult r;
  if (p.count[0] + p.count[1] != 3 || p.rules.piece6_both || !p.rules.own_pieces_in_zone) return r;
  const int strong = p.count[kWhite] == 2 ? kWhite : kBlack;
  int piece = kNoCell;
  for (int i = 0; i < p.count[strong]; ++i)
    if (p.list[strong][i] != p.one[strong]) piece = p.list[strong][i];
  const int kind = kind_of(p.board[piece]);
  if (kind < kTwo || kind > kNine) return r;
  int a = p.one[strong], b = piece, c = p.one[strong ^ 1];
  if (strong == kBlack) {
    a = MatingTable::mirror(a);
    b = MatingTable::mirror(b);
    c = MatingTable::mirror(c);
  }
  const int d = MatingTable::of(kind).plies(a, b, c, p.side == strong);
  r.found = true;
  if (d == MatingTable::kNone) return r;
  r.mate = true;
  r.win = p.side == strong;
  r.plies = d;
  return r;
}

}  // namespace oyin::tojmot
