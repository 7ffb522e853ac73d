#include "games/capgo/board.h"

#include <cstring>

#include "core/random.h"

namespace oyin::capgo {

namespace {

struct Keys {
  std::uint64_t stone[2][kMaxPoints];
  std::uint64_t white_to_move;
  std::uint64_t counters;  // multiplier mixing captures, passes and resignation into the hash
};

const Keys& keys() {
  static const Keys k = [] {
    Keys t{};
    std::uint64_t seed = 0x43617074476F4B79ULL;  // fixed: hashes are stable between runs
    for (auto& row : t.stone)
      for (auto& v : row) v = splitmix64(seed);
    t.white_to_move = splitmix64(seed);
    t.counters = splitmix64(seed) | 1;
    return t;
  }();
  return k;
}

[[maybe_unused]] const Keys& keys_init = keys();


// Joins chain b into chain a's (the larger survives, so relabelling stays cheap).
void merge(Position& pos, int a, int b) {
  if (pos.chain[a].stones < pos.chain[b].stones) std::swap(a, b);
  int s = b;
  do {
    pos.head[s] = static_cast<std::uint16_t>(a);
    s = pos.next[s];
  } while (s != b);
  std::swap(pos.next[a], pos.next[b]);
  Chain& ca = pos.chain[a];
  const Chain& cb = pos.chain[b];
  ca.libs += cb.libs;
  ca.stones += cb.stones;
  ca.lib_sum += cb.lib_sum;
  ca.lib_sq += cb.lib_sq;
  ca.key ^= cb.key;
}

// Removes the chain headed by h; its stones become liberties of the chains around them.
int remove_chain(Position& pos, int h) {
  const int n = pos.chain[h].stones;
  pos.stones_key ^= pos.chain[h].key;
  const int stride = pos.stride;
  int s = h;
  do {
    pos.color[s] = kEmpty;
    for (int t : {s - 1, s + 1, s - stride, s + stride})
      if (pos.color[t] == kBlack || pos.color[t] == kWhite) add_lib(pos.chain[pos.head[t]], s);
    s = pos.next[s];
  } while (s != h);
  return n;
}

// Places a stone of colour c (1/2) at p, merges and captures. Assumes the point is empty.
int place(Position& pos, int p, int c) {
  const int stride = pos.stride;
  const int opp = 3 - c;
  pos.color[p] = static_cast<std::uint8_t>(c);
  pos.head[p] = pos.next[p] = static_cast<std::uint16_t>(p);
  Chain& mine = pos.chain[p];
  mine = Chain{0, 1, 0, 0, stone_key(c - 1, p)};
  pos.stones_key ^= mine.key;
  const int nb[4] = {p - 1, p + 1, p - stride, p + stride};
  for (int n : nb) {
    const int col = pos.color[n];
    if (col == kEmpty) add_lib(mine, n);
    else if (col != kBorder) remove_lib(pos.chain[pos.head[n]], p);
  }
  for (int n : nb)
    if (pos.color[n] == c && pos.head[n] != pos.head[p]) merge(pos, pos.head[p], pos.head[n]);
  int captured = 0;
  for (int n : nb)
    if (pos.color[n] == opp && pos.chain[pos.head[n]].libs == 0) captured += remove_chain(pos, pos.head[n]);
  return captured;
}

// Is `key` among history[0, end)?
bool seen(const Position& pos, std::uint64_t key, std::size_t end) {
  for (std::size_t i = 0; i < end; ++i)
    if (pos.history[i] == key) return true;
  return false;
}

template <class T, std::size_t N>
void copy_prefix(std::array<T, N>& dst, const std::array<T, N>& src, int n) {
  std::memcpy(dst.data(), src.data(), sizeof(T) * static_cast<std::size_t>(n));
}

Position empty_board(const Rules& rules) {
  Position pos;
  pos.size = static_cast<std::uint8_t>(rules.size);
  pos.stride = static_cast<std::uint8_t>(rules.size + 1);
  pos.npoints = static_cast<std::uint16_t>((rules.size + 2) * (rules.size + 1));
  pos.target = {static_cast<std::uint16_t>(rules.target[0]), static_cast<std::uint16_t>(rules.target[1])};
  pos.pass_allowed = rules.pass_allowed;
  for (int p = 0; p < kMaxPoints; ++p) pos.color[p] = kBorder;
  for (int y = 0; y < rules.size; ++y)
    for (int x = 0; x < rules.size; ++x) pos.color[pos.index(x, y)] = kEmpty;
  return pos;
}

// Builds the chains of a board whose colours are set (no captures: every chain must breathe).
Result<Position> finish_setup(Position pos) {
  pos.stones_key = 0;
  for (int p = 0; p < pos.npoints; ++p) {
    if (pos.color[p] != kBlack && pos.color[p] != kWhite) continue;
    pos.head[p] = pos.next[p] = static_cast<std::uint16_t>(p);
    pos.chain[p] = Chain{0, 1, 0, 0, stone_key(pos.color[p] - 1, p)};
    pos.stones_key ^= pos.chain[p].key;
    for (int n : {p - 1, p + 1, p - pos.stride, p + pos.stride})
      if (pos.color[n] == kEmpty) add_lib(pos.chain[p], n);
  }
  for (int p = 0; p < pos.npoints; ++p) {
    if (pos.color[p] != kBlack && pos.color[p] != kWhite) continue;
    for (int n : {p + 1, p + pos.stride})
      if (pos.color[n] == pos.color[p] && pos.head[n] != pos.head[p]) merge(pos, pos.head[p], pos.head[n]);
  }
  for (int p = 0; p < pos.npoints; ++p)
    if ((pos.color[p] == kBlack || pos.color[p] == kWhite) && pos.chain[pos.head[p]].libs == 0)
      return make_error("the " + std::string(pos.color[p] == kBlack ? "black" : "white") + " chain at " +
                        point_text(pos.x_of(p), pos.y_of(p)) + " has no liberty");
  pos.history.reserve(256);
  pos.history.clear();
  pos.seen.fill(0);
  pos.remember(pos.stones_key);
  pos.last_capture = 0;
  return pos;
}

}  // namespace

bool operator==(const Position& a, const Position& b) {
  if (a.size != b.size || a.target != b.target || a.pass_allowed != b.pass_allowed || a.to_move != b.to_move ||
      a.captures != b.captures || a.passes != b.passes || a.resigned != b.resigned || a.stones_key != b.stones_key)
    return false;
  return std::memcmp(a.color.data(), b.color.data(), a.npoints) == 0;
}

std::uint64_t stone_key(int color, int point) { return keys().stone[color][point]; }

std::uint64_t position_hash(const Position& p) {
  const std::uint64_t counters = (std::uint64_t{p.captures[0]} << 24) ^ (std::uint64_t{p.captures[1]} << 8) ^
                                 (std::uint64_t{p.passes} << 4) ^ static_cast<std::uint64_t>(p.resigned + 1);
  std::uint64_t mix = counters * keys().counters;
  mix ^= mix >> 29;
  return p.stones_key ^ (p.to_move ? keys().white_to_move : 0) ^ (counters ? mix : 0);
}

std::uint64_t compute_hash(const Position& p) {
  Position q = p;
  q.stones_key = 0;
  for (int i = 0; i < p.npoints; ++i)
    if (p.color[i] == kBlack || p.color[i] == kWhite) q.stones_key ^= stone_key(p.color[i] - 1, i);
  return position_hash(q);
}

Result<Position> make_start(const Rules& rules) {
  Position pos = empty_board(rules);
  for (const auto& s : rules.setup) pos.color[pos.index(s.x, s.y)] = static_cast<std::uint8_t>(s.color + 1);
  auto done = finish_setup(pos);
  if (!done) return make_error("setup: " + done.error());
  return done;
}

Result<Position> from_stones(const Rules& rules, const std::vector<std::uint8_t>& stones, int to_move,
                             int captures_black, int captures_white, int passes) {
  Position pos = empty_board(rules);
  for (int y = 0; y < rules.size; ++y)
    for (int x = 0; x < rules.size; ++x) pos.color[pos.index(x, y)] = stones[static_cast<std::size_t>(y * rules.size + x)];
  pos.to_move = static_cast<std::uint8_t>(to_move);
  pos.captures = {static_cast<std::uint16_t>(captures_black), static_cast<std::uint16_t>(captures_white)};
  pos.passes = static_cast<std::uint8_t>(passes);
  return finish_setup(pos);
}

Illegal check_point(const Position& pos, int p) {
  if (!pos.on_board(p)) return Illegal::OffBoard;
  if (pos.color[p] != kEmpty) return Illegal::Occupied;
  const int c = pos.to_move + 1;
  const int stride = pos.stride;
  const int nb[4] = {p - 1, p + 1, p - stride, p + stride};
  bool breathes = false;
  int captured_heads[4];
  int ncap = 0;
  for (int n : nb) {
    const int col = pos.color[n];
    if (col == kEmpty) {
      breathes = true;
    } else if (col == c) {
      if (!pos.in_atari(pos.head[n])) breathes = true;
    } else if (col != kBorder && pos.in_atari(pos.head[n])) {
      breathes = true;
      const int h = pos.head[n];
      bool dup = false;
      for (int i = 0; i < ncap; ++i) dup |= captured_heads[i] == h;
      if (!dup) captured_heads[ncap++] = h;
    }
  }
  if (!breathes) return Illegal::Suicide;
  // A non-capturing move adds a stone: it can only repeat a position older than the last
  // capture (later positions all have fewer stones). A capturing move may repeat any of them.
  const std::size_t scan = ncap ? pos.history.size() : pos.last_capture;
  if (scan == 0) return Illegal::None;
  std::uint64_t key = pos.stones_key ^ stone_key(c - 1, p);
  for (int i = 0; i < ncap; ++i) key ^= pos.chain[captured_heads[i]].key;
  if (pos.seen[static_cast<std::size_t>(Position::bucket(key))] == 0) return Illegal::None;
  return seen(pos, key, scan) ? Illegal::Superko : Illegal::None;
}

void generate_moves(const Position& pos, MoveList& list) {
  const int last = pos.npoints - pos.stride;
  for (int p = pos.stride + 1; p < last; ++p)
    if (pos.color[p] == kEmpty && check_point(pos, p) == Illegal::None) list.push(Move{static_cast<std::uint16_t>(p)});
  if (pos.pass_allowed) list.push(kPass);
}

int count_moves(const Position& pos) {
  if (is_over(pos)) return 0;
  int n = pos.pass_allowed ? 1 : 0;
  const int last = pos.npoints - pos.stride;
  for (int p = pos.stride + 1; p < last; ++p)
    if (pos.color[p] == kEmpty && check_point(pos, p) == Illegal::None) ++n;
  return n;
}

bool has_legal_move(const Position& pos) {
  if (pos.pass_allowed) return true;
  const int last = pos.npoints - pos.stride;
  for (int p = pos.stride + 1; p < last; ++p)
    if (pos.color[p] == kEmpty && check_point(pos, p) == Illegal::None) return true;
  return false;
}

int play(Position& pos, Move m, Undo& u) {
  const int n = pos.npoints;
  u.to_move = pos.to_move;
  u.passes = pos.passes;
  u.resigned = pos.resigned;
  u.captures = pos.captures;
  u.last_capture = pos.last_capture;
  u.stones_key = pos.stones_key;
  u.history_size = static_cast<std::uint32_t>(pos.history.size());
  if (m == kResign) {
    pos.resigned = static_cast<std::int8_t>(pos.to_move);
    return 0;
  }
  if (m == kPass) {
    pos.passes += 1;
    pos.to_move ^= 1;
    return 0;
  }
  copy_prefix(u.color, pos.color, n);
  copy_prefix(u.head, pos.head, n);
  copy_prefix(u.next, pos.next, n);
  copy_prefix(u.chain, pos.chain, n);
  const int captured = place(pos, m.point, pos.to_move + 1);
  pos.captures[pos.to_move] = static_cast<std::uint16_t>(pos.captures[pos.to_move] + captured);
  pos.passes = 0;
  pos.to_move ^= 1;
  pos.remember(pos.stones_key);
  if (captured) pos.last_capture = static_cast<std::uint32_t>(pos.history.size() - 1);
  return captured;
}

void undo(Position& pos, Move m, const Undo& u) {
  pos.to_move = u.to_move;
  pos.passes = u.passes;
  pos.resigned = u.resigned;
  pos.captures = u.captures;
  pos.last_capture = u.last_capture;
  pos.stones_key = u.stones_key;
  if (m == kPass || m == kResign) return;
  const int n = pos.npoints;
  copy_prefix(pos.color, u.color, n);
  copy_prefix(pos.head, u.head, n);
  copy_prefix(pos.next, u.next, n);
  copy_prefix(pos.chain, u.chain, n);
  while (pos.history.size() > u.history_size) pos.forget_last();
}

bool play_quiet(Position& pos, int p, QuietUndo& u) {
  const int c = pos.to_move + 1;
  u.n = 0;
  auto save = [&](int i) {
    for (int k = 0; k < u.n; ++k)
      if (u.at[k] == i) return;
    u.at[u.n] = static_cast<std::uint16_t>(i);
    u.head[u.n] = pos.head[i];
    u.next[u.n] = pos.next[i];
    u.chain[u.n++] = pos.chain[i];
  };
  save(p);
  for (int q : {p - 1, p + 1, p - pos.stride, p + pos.stride}) {
    const int col = pos.color[q];
    if (col != kBlack && col != kWhite) continue;
    if (col != c && pos.in_atari(pos.head[q])) return false;  // a capture: not quiet
    save(pos.head[q]);
  }
  u.to_move = pos.to_move;
  u.passes = pos.passes;
  u.point = static_cast<std::uint16_t>(p);
  u.stones_key = pos.stones_key;
  u.history_size = static_cast<std::uint32_t>(pos.history.size());
  place(pos, p, c);
  pos.passes = 0;
  pos.to_move ^= 1;
  pos.remember(pos.stones_key);
  return true;
}

void undo_quiet(Position& pos, const QuietUndo& u) {
  // Merges only swapped the next links of heads and added to the chain of a head, all saved;
  // the stones of the chains that were joined get their heads back by walking their lists.
  for (int k = 0; k < u.n; ++k) {
    pos.head[u.at[k]] = u.head[k];
    pos.next[u.at[k]] = u.next[k];
    pos.chain[u.at[k]] = u.chain[k];
  }
  const int c = u.to_move + 1;
  pos.color[u.point] = kEmpty;
  for (int k = 1; k < u.n; ++k) {
    const int h = u.at[k];
    if (pos.color[h] != c) continue;
    int s = h;
    do {
      pos.head[s] = static_cast<std::uint16_t>(h);
      s = pos.next[s];
    } while (s != h);
  }
  pos.to_move = u.to_move;
  pos.passes = u.passes;
  pos.stones_key = u.stones_key;
  while (pos.history.size() > u.history_size) pos.forget_last();
}

bool ended_by_play(const Position& pos) {
  if (pos.resigned >= 0) return true;
  for (int s = 0; s < 2; ++s)
    if (pos.target[s] && pos.captures[s] >= pos.target[s]) return true;
  return pos.passes >= 2;
}

bool is_over(const Position& pos) { return ended_by_play(pos) || (!pos.pass_allowed && !has_legal_move(pos)); }

GameStatus status(const Position& pos) {
  static constexpr const char* kName[2] = {"black", "white"};
  if (pos.resigned >= 0) return GameStatus::win(other(static_cast<Side>(pos.resigned)), std::string(kName[pos.resigned]) + " resigned", "resign");
  // The side that just moved first: only the mover captures, so only it can have just arrived.
  for (int s : {pos.to_move ^ 1, int{pos.to_move}})
    if (pos.target[s] && pos.captures[s] >= pos.target[s])
      return GameStatus::win(static_cast<Side>(s), std::string(kName[s]) + " reached the capture target (" +
                                                       std::to_string(pos.captures[s]) + " of " +
                                                       std::to_string(pos.target[s]) + ")",
                             "target", pos.captures[s], pos.target[s]);
  if (pos.passes >= 2) {
    const std::string counts = "two passes, captures black " + std::to_string(pos.captures[0]) + " white " +
                               std::to_string(pos.captures[1]);
    if (pos.captures[0] == pos.captures[1]) return GameStatus::draw(counts, "count", pos.captures[0], pos.captures[1]);
    return GameStatus::win(pos.captures[0] > pos.captures[1] ? Side::First : Side::Second, counts, "count",
                           pos.captures[0], pos.captures[1]);
  }
  if (!pos.pass_allowed && !has_legal_move(pos))
    return GameStatus::win(other(pos.side_to_move()), std::string(kName[pos.to_move]) + " has no legal move", "no_legal_move");
  return GameStatus::ongoing();
}

}  // namespace oyin::capgo
