#include "games/tojmot/eval.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/int_params.h"
#include "core/nnue.h"
#include "core/text.h"
#include "games/tojmot/mating_table.h"
#include "games/tojmot/nnue.h"

namespace oyin::tojmot {

namespace {

constexpr IntParam<EvalParams> kFields[] = {
    {"two", &EvalParams::two},         {"three", &EvalParams::three},       {"four", &EvalParams::four},
    {"five", &EvalParams::five},       {"six", &EvalParams::six},           {"seven", &EvalParams::seven},
    {"eight", &EvalParams::eight},     {"nine", &EvalParams::nine},         {"roman", &EvalParams::roman},
    {"x", &EvalParams::x},             {"advance", &EvalParams::advance},   {"mobility", &EvalParams::mobility},
    {"shield", &EvalParams::shield},   {"tropism", &EvalParams::tropism},   {"tempo", &EvalParams::tempo},
    {"mop_up", &EvalParams::mop_up},     {"mop_lead", &EvalParams::mop_lead}, {"mop_edge", &EvalParams::mop_edge}, {"mop_near", &EvalParams::mop_near},
    {"trade", &EvalParams::trade},       {"mop_push", &EvalParams::mop_push},
    {"mop_strip", &EvalParams::mop_strip}, {"mop_attack", &EvalParams::mop_attack}, {"mop_box", &EvalParams::mop_box},
    {"mop_promo", &EvalParams::mop_promo}, {"mop_fade", &EvalParams::mop_fade},
    {"promo_lead", &EvalParams::promo_lead}, {"mop_room", &EvalParams::mop_room},
    {"mate_gate", &EvalParams::mate_gate}, {"mate_table", &EvalParams::mate_table}, {"mate_promo", &EvalParams::mate_promo},
    {"mate_lead", &EvalParams::mate_lead}, {"mate_exact", &EvalParams::mate_exact},
    {"mate_hunt", &EvalParams::mate_hunt}};

std::array<int, kKinds> kind_values(const EvalParams& e) {
  std::array<int, kKinds> v{};
  v[kTwo] = e.two;
  v[kThree] = e.three;
  v[kFour] = e.four;
  v[kFive] = e.five;
  v[kSix] = e.six;
  v[kSeven] = e.seven;
  v[kEight] = e.eight;
  v[kNine] = e.nine;
  for (int k = kRomanII; k < kRomanX; ++k) v[k] = e.roman;
  v[kRomanX] = e.x;
  return v;
}

struct Tables {
  // Forward steps a Roman/X of a side needs to reach a promotion cell; 99 when it never can.
  std::array<std::array<std::uint8_t, kCells>, 2> promo_steps{};
  std::array<int, kCells> u{}, v{};  // the cell on the board turned back by 45°
  std::array<int, kCells> room{};    // cells within two steps of the 1 (rotated king distance <= 2)
};

constexpr int kMaxRoom = 24;      // a 5x5 square around the cell, the cell left out
constexpr int kFar = 8;           // the 1s' distance beyond which nearer is no better
constexpr int kRamp = 200;        // the mop-up term grows over this much lead past mop_lead
constexpr int kStartPieces = 18;  // a side's pieces at the start
constexpr int kNearOfficers = 4;
constexpr int kSkeletonCap = 90;  // beyond the longest mate of a 1 and a 7, 8 or 9 (84 plies)
constexpr int kAttackReach = 6;   // an officer this many steps from the other 1 or more does not attack it  // the own 1 is drawn to the other only below this many enemy officers

const Tables& tables() {
  static const Tables t = [] {
    Tables r;
    const Geometry& g = geometry();
    for (int c = 0; c < kCells; ++c) {
      const int x = g.x[c], y = g.y[c];
      r.u[c] = (x + y) / 2;
      r.v[c] = (x - y) / 2;
      for (int s = 0; s < 2; ++s) {
        const int ty = s == kWhite ? 15 : 3;
        const int dy = s == kWhite ? ty - y : y - ty;
        int best = 99;
        for (int tx : {5, 9})
          if (dy > 0 && std::abs(x - tx) <= dy) best = std::min(best, dy);
        r.promo_steps[s][c] = static_cast<std::uint8_t>(best);
      }
    }
    for (int a = 0; a < kCells; ++a)
      for (int b = 0; b < kCells; ++b)
        r.room[a] += a != b && std::max(std::abs(r.u[a] - r.u[b]), std::abs(r.v[a] - r.v[b])) <= 2;
    return r;
  }();
  return t;
}

[[maybe_unused]] const Tables& tables_init = tables();

const std::array<int, kKinds>& default_values() {
  static const std::array<int, kKinds> v = kind_values(EvalParams{});
  return v;
}

int distance(int a, int b) {
  const Tables& t = tables();
  return std::max(std::abs(t.u[a] - t.u[b]), std::abs(t.v[a] - t.v[b]));
}

bool own_land(const Position& p, int side, int c) {
  const Piece q = p.board[c];
  if (q != kEmpty && colour_of(q) == side) return false;
  const int z = geometry().zone[c];
  return z < 0 || z == side;
}

int count_targets(const Position& p, int side, const Targets& t) {
  int n = 0;
  for (int c : t) n += own_land(p, side, c);
  return n;
}

int count_rays(const Position& p, int side, int cell, int first_dir, int last_dir) {
  const auto& rays = geometry().ray[cell];
  int n = 0;
  for (int d = first_dir; d <= last_dir; ++d)
    for (int c : rays[d]) {
      const Piece q = p.board[c];
      if (q == kEmpty) {
        ++n;
        continue;
      }
      n += colour_of(q) != side && kind_of(q) != kOne;
      break;
    }
  return n;
}

int mobility(const Position& p, int side, int cell, int kind) {
  const Geometry& g = geometry();
  switch (kind) {
    case kTwo: return count_targets(p, side, g.vertex[cell]);
    case kThree: return count_targets(p, side, g.leap3[cell]);
    case kFour: return count_rays(p, side, cell, 0, 3);
    case kFive: return count_targets(p, side, g.leap5[cell]);
    case kSix:
      return count_targets(p, side, g.leap6[cell]) + (p.rules.piece6_both ? count_targets(p, side, g.leap6b[cell]) : 0);
    case kSeven: return count_rays(p, side, cell, 0, 7);
    case kEight: return count_rays(p, side, cell, 4, 7);
    case kNine: return count_targets(p, side, g.step8[cell]);
    default: return 0;
  }
}

// One side's score: material, advance, mobility, the 1's shield and the enemy near it.
int side_score(const Position& p, int s, const EvalParams& e, const std::array<int, kKinds>& values) {
  const Tables& t = tables();
  const Geometry& g = geometry();
  const int o = s ^ 1;
  int score = 0, moves = 0;
  for (int i = 0; i < p.count[s]; ++i) {
    const int c = p.list[s][i];
    const int k = kind_of(p.board[c]);
    score += values[k];
    if (is_roman(k)) {
      const int steps = t.promo_steps[s][c];
      if (steps < 7) score += e.advance * (7 - steps) * (7 - steps) / 4;
    } else if (k != kOne) {
      moves += mobility(p, s, c, k);
    }
  }
  score += e.mobility * moves;
  const int one = p.one[s];
  int shield = 0;
  for (int c : g.step8[one]) shield += p.board[c] != kEmpty && colour_of(p.board[c]) == s;
  score += e.shield * std::min(shield, 4);
  int near = 0;
  for (int i = 0; i < p.count[o]; ++i) {
    const int c = p.list[o][i];
    const int k = kind_of(p.board[c]);
    if (k == kOne || is_roman(k)) continue;
    near += std::max(0, 4 - distance(c, one));
  }
  score -= e.tropism * near;
  return score;
}

// The cells side's 1 could step to: on the board, out of the other zone, not its own piece's, not
// attacked (the 1 itself moved away). Eight when it has all its room.
int free_steps(const Position& p, int side) {
  const Geometry& g = geometry();
  const int one = p.one[side];
  int n = 0;
  for (int c : g.step8[one]) {
    const Piece q = p.board[c];
    if (q != kEmpty && colour_of(q) == side) continue;
    if (g.zone[c] == (side ^ 1)) continue;
    n += !attacked(p, c, side ^ 1, one);
  }
  return n;
}

constexpr int kRoomSteps = 3;
constexpr int kRoomCap = 48;  // the cells within three steps of a 1 in the open

// The cells `side`'s 1 could reach in up to kRoomSteps moves, each onto a cell the other side
// does not attack (nor one of its own pieces, nor the other side's zone), itself left out.
int reachable_room(const Position& p, int side) {
  const Geometry& g = geometry();
  const int one = p.one[side];
  std::array<std::uint8_t, kCells> seen{};
  std::array<std::uint8_t, kCells> frontier{}, next{};
  int nf = 0, room = 0;
  seen[static_cast<std::size_t>(one)] = 1;
  frontier[static_cast<std::size_t>(nf++)] = static_cast<std::uint8_t>(one);
  for (int step = 0; step < kRoomSteps && nf > 0; ++step) {
    int nn = 0;
    for (int i = 0; i < nf; ++i)
      for (int c : g.step8[frontier[static_cast<std::size_t>(i)]]) {
        if (seen[static_cast<std::size_t>(c)]) continue;
        seen[static_cast<std::size_t>(c)] = 1;
        const Piece q = p.board[c];
        if (q != kEmpty && colour_of(q) == side) continue;
        if (g.zone[c] == (side ^ 1) || attacked(p, c, side ^ 1, one)) continue;
        ++room;
        next[static_cast<std::size_t>(nn++)] = static_cast<std::uint8_t>(c);
      }
    frontier = next;
    nf = nn;
  }
  return room;
}

// Material of the side to move minus the other's.
int material_lead(const Position& p, const std::array<int, kKinds>& values) {
  int mat[2] = {0, 0};
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < p.count[s]; ++i) mat[s] += values[kind_of(p.board[p.list[s][i]])];
  return mat[p.side] - mat[p.side ^ 1];
}

// When one side is far ahead, material says nothing about how to win: drive the other 1 where
// it has little room, take its neighbour cells, bring one's own 1 near it (it takes squares from
// it and cannot be taken), push the Romans and trade down. Ramps in over 200 centi-units past `mop_lead` so that crossing the threshold
// is no prize in itself.
int mop_up(const Position& p, const EvalParams& e, const std::array<int, kKinds>& values, int lead) {
  const int over = std::abs(lead) - e.mop_lead;
  if (over <= 0) return 0;
  const int strong = lead > 0 ? p.side : p.side ^ 1, weak = strong ^ 1;
  const int lone = p.one[weak];
  int bonus = e.mop_edge * (kMaxRoom - tables().room[lone]), promo = 0;
  // The own 1 walks out only when few enemy officers are left to mate it on the way.
  int officers = 0, weak_material = 0;
  for (int i = 0; i < p.count[weak]; ++i) {
    const int k = kind_of(p.board[p.list[weak][i]]);
    officers += k != kOne && !is_roman(k);
    if (k != kOne) weak_material += values[k];
  }
  // A bare 1 is mated whatever the lead (a 1 and an 8 against it lead by 600 only).
  const int mate_over = weak_material == 0 ? kRamp : std::abs(lead) - e.mate_lead;
  const bool mating = e.mate_gate > 0 && weak_material <= e.mate_gate && mate_over > 0;
  int mate_promo = 0;
  for (int i = 0; i < p.count[strong]; ++i) {
    const int c = p.list[strong][i];
    const int k = kind_of(p.board[c]);
    if (is_roman(k)) {
      const int near = std::max(0, 12 - tables().promo_steps[strong][c]);
      bonus += e.mop_push * near;
      if (e.mop_promo || (mating && e.mate_promo)) {
        const int to = k == kRomanX ? values[kSeven] : values[roman_value(k)];
        const int gained = std::max(0, to - values[k]) * near;  // the gain times its nearness, of 12
        promo += e.mop_promo * gained / (100 * 12);
        if (mating) mate_promo += e.mate_promo * gained / (100 * 12);
      }
    }
    else if (k != kOne) bonus += e.mop_attack * std::max(0, kAttackReach - distance(c, lone));
  }
  if (officers < kNearOfficers)
    bonus += e.mop_near * (kFar - std::min(kFar, distance(p.one[strong], lone))) * (kNearOfficers - officers) / kNearOfficers;
  bonus += e.trade * (2 * kStartPieces - p.count[0] - p.count[1]);
  bonus += e.mop_strip * (kStartPieces - p.count[weak]);
  if (e.mop_box) bonus += e.mop_box * (8 - free_steps(p, weak));
  if (e.mop_room && officers <= 1) bonus += e.mop_room * (kRoomCap - std::min(kRoomCap, reachable_room(p, weak)));
  if (mating && (e.mate_table || e.mate_promo || e.mate_hunt)) {
    // The plies to mate of the own 1 and one 7, 8 or 9 alone against the other 1: the army walks
    // toward the mate its best mating piece would give. Promotions go on even when one can mate
    // (a new 7 mates sooner than a 9), and each officer left to the other side is a piece the
    // tables do not know of: worth hunting.
    int best = kSkeletonCap;
    const int lone_cell = strong == kWhite ? lone : MatingTable::mirror(lone);
    const int own = strong == kWhite ? p.one[strong] : MatingTable::mirror(p.one[strong]);
    for (int i = 0; i < p.count[strong]; ++i) {
      const int c = p.list[strong][i];
      const int k = kind_of(p.board[c]);
      if (k != kSeven && k != kEight && k != kNine) continue;
      const int cell = strong == kWhite ? c : MatingTable::mirror(c);
      best = std::min(best, MatingTable::of(k).plies(own, cell, lone_cell, p.side == strong));
    }
    const int hunt = e.mate_hunt * officers;
    bonus += (e.mate_table * (kSkeletonCap - best) + mate_promo - hunt) * std::min(mate_over, kRamp) / kRamp;
  }
  bonus = bonus * std::min(over, kRamp) / kRamp;
  const int promo_over = std::abs(lead) - e.promo_lead;
  if (promo_over > 0) bonus += promo * std::min(promo_over, kRamp) / kRamp;
  return lead > 0 ? bonus : -bonus;
}

// The score of a far-ahead side shrinks as the 100-ply clock runs: captures and Roman/X moves,
// which reset it, are what a won position is converted with.
int mop_fade(const Position& p, const EvalParams& e, int lead, int v) {
  const int over = std::abs(lead) - e.mop_lead;
  if (over <= 0 || p.clock == 0) return v;
  const long long cut = static_cast<long long>(std::min<int>(static_cast<int>(p.clock), e.mop_fade)) * std::min(over, kRamp);
  return static_cast<int>(v - v * cut / (static_cast<long long>(e.mop_fade) * kRamp));
}

bool direct_check(const Position& p, Move m, int kind) {
  const Geometry& g = geometry();
  const int s = p.side, e = p.one[s ^ 1], t = m.to;
  auto in = [e](const Targets& x) {
    for (int c : x)
      if (c == e) return true;
    return false;
  };
  auto ray_hits = [&](int first, int last) {
    for (int d = first; d <= last; ++d)
      for (int c : g.ray[t][d]) {
        if (c == e) return true;
        if (p.board[c] != kEmpty && c != m.from) break;
      }
    return false;
  };
  switch (kind) {
    case kTwo: return in(g.vertex[t]);
    case kThree: return in(g.leap3[t]);
    case kFour: return ray_hits(0, 3);
    case kFive: return in(g.leap5[t]);
    case kSix: return in(g.leap6[t]) || (p.rules.piece6_both && in(g.leap6b[t]));
    case kSeven: return ray_hits(0, 7);
    case kEight: return ray_hits(4, 7);
    case kNine: return in(g.step8[t]);
    case kOne: return false;
    default: return in(g.forward[s][t]);
  }
}

}  // namespace

Result<EvalParams> parse_eval_params(std::string_view text) {
  return parse_int_params<EvalParams>(text, kFields, "tojmot eval parameter");
}

std::string eval_params_to_text(const EvalParams& e) { return int_params_to_text<EvalParams>(e, kFields); }

std::optional<Status> eval_option(EvalParams& e, std::string_view name, std::string_view value) {
  return oyin::nnue::net_option<nnue::Arch>(e.net, e.use_net, name, value, nullptr);
}

std::optional<std::string> eval_option_default(std::string_view name) {
  if (name == "EvalFile") return std::string("<empty>");
  if (name == "UseNNUE") return std::string("false");
  return std::nullopt;
}

int evaluate(const Position& p, const EvalParams& e) {
  if (e.mop_up && e.mate_exact && p.count[0] + p.count[1] == 3) {
    const TableResult r = probe_mating_table(p);
    if (r.found && !r.mate) return 0;
  }
  const auto values = kind_values(e);
  const int s = p.side;
  const bool terms = e.mop_edge || e.mop_near || e.trade || e.mop_push || e.mop_box || e.mop_strip || e.mop_attack ||
                     e.mop_promo || e.mop_room || (e.mate_gate && (e.mate_promo || e.mate_table || e.mate_hunt));
  const bool fade = e.mop_fade > 0;
  const int lead = e.mop_up && (terms || fade) ? material_lead(p, values) : 0;
  int hand = side_score(p, s, e, values) - side_score(p, s ^ 1, e, values) + e.tempo;
  if (e.mop_up && terms) hand += mop_up(p, e, values, lead);
  const int v = e.use_net ? hand + oyin::nnue::evaluate(*e.net, p) : hand;
  return e.mop_up && fade ? mop_fade(p, e, lead, v) : v;
}

int move_gain(const Position& p, Move m) {
  const auto& v = default_values();
  int gain = 0;
  if (p.board[m.to] != kEmpty) gain += v[kind_of(p.board[m.to])];
  if (m.promo) gain += v[m.promo] - v[kind_of(p.board[m.from])];
  return std::max(gain, 0);
}

void generate_noisy(const Position& p, MoveList& list, bool checks) {
  MoveList all;
  generate_moves(p, all);
  for (const Move& m : all) {
    if (p.board[m.to] != kEmpty || m.promo || (checks && direct_check(p, m, kind_of(p.board[m.from]))))
      list.push(m);
  }
}

bool exact_endgame(const Position& p) {
  if (p.count[0] + p.count[1] <= 5) return true;
  const int s = p.side;
  for (int i = 0; i < p.count[s]; ++i) {
    const int k = kind_of(p.board[p.list[s][i]]);
    if (k != kOne && !is_roman(k)) return false;
  }
  return true;
}

}  // namespace oyin::tojmot
