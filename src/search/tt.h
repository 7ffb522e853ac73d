#pragma once
// Transposition table shared by all search threads (lazy SMP). Each slot is two 64-bit atomics
// holding (key ^ data, data): a torn write from a racing thread fails the key check instead of
// handing out a wrong move, and relaxed atomics keep that race defined behaviour.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>

namespace oyin::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// Moves are stored as their raw bytes, so a game's Move must be small and trivially copyable.
template <class Move>
std::uint32_t move_bits(Move m) {
  static_assert(sizeof(Move) <= 4 && std::is_trivially_copyable_v<Move>,
                "the search stores G::Move in 32 bits: keep Move trivially copyable and <= 4 bytes");
  std::uint32_t b = 0;
  std::memcpy(&b, &m, sizeof(Move));
  return b;
}
template <class Move>
Move move_from_bits(std::uint32_t b) {
  Move m;
  std::memcpy(static_cast<void*>(&m), &b, sizeof(Move));
  return m;
}

struct TTHit {
  bool found = false;
  bool has_move = false;
  std::uint32_t move = 0;
  int score = 0;
  int depth = 0;
  Bound bound = Bound::None;
};

// The largest table the engines offer (UCI "Hash", match "hash="): these games gain nothing from
// more, and the machines they run on have a few GB to spare at most.
constexpr std::size_t kMaxHashMb = 4096;

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t mb = 16) { (void)resize(mb); }

  // False when the memory cannot be had; the table then keeps its old size (and contents).
  // 0 MB is a placeholder of one bucket, for an engine that is made but may never search.
  // The memory comes zero-filled from calloc: fresh pages of a large table cost nothing until a
  // search writes to them, so an engine (or a server holding many) pays only for what it uses.
  [[nodiscard]] bool resize(std::size_t mb) {
    std::size_t want = mb == 0 ? 2 : std::clamp<std::size_t>(mb, 1, kMaxHashMb) * 1024 * 1024 / sizeof(Slot);
    std::size_t n = 1;
    while (n * 2 <= want) n *= 2;
    Slot* fresh = static_cast<Slot*>(std::calloc(n, sizeof(Slot)));
    if (!fresh) return false;
    slots_.reset(fresh);
    mask_ = n - 1;
    generation_ = 0;
    return true;
  }
  // Between searches only (no thread probes then). Fresh zero pages instead of a memset, so a
  // cleared table gives its memory back until it is used again.
  void clear() {
    if (Slot* fresh = static_cast<Slot*>(std::calloc(mask_ + 1, sizeof(Slot)))) slots_.reset(fresh);
    else std::memset(static_cast<void*>(slots_.get()), 0, (mask_ + 1) * sizeof(Slot));
    generation_ = 0;
  }
  void new_search() { generation_ = (generation_ + 1) & 31; }
  std::size_t size_mb() const { return (mask_ + 1) * sizeof(Slot) / (1024 * 1024); }

  // Bucket of two: [0] keeps the deepest (or newest-generation) entry, [1] always takes the rest.
  TTHit probe(std::uint64_t key) const {
    const Slot* b = bucket(key);
    for (int i = 0; i < 2; ++i) {
      const std::uint64_t d = b[i].data.load(std::memory_order_relaxed);
      if ((b[i].check.load(std::memory_order_relaxed) ^ d) == key && d) return unpack(d);
    }
    return {};
  }

  void store(std::uint64_t key, bool has_move, std::uint32_t move, int score, int depth, Bound bound) {
    Slot* b = bucket(key);
    std::uint64_t d0 = b[0].data.load(std::memory_order_relaxed);
    const bool same0 = (b[0].check.load(std::memory_order_relaxed) ^ d0) == key;
    const TTHit old0 = unpack(d0);
    Slot* target;
    if (same0 || !d0 || depth >= old0.depth || generation_of(d0) != generation_) target = &b[0];
    else target = &b[1];
    if (!has_move && (target->check.load(std::memory_order_relaxed) ^ target->data.load(std::memory_order_relaxed)) == key) {
      const TTHit old = unpack(target->data.load(std::memory_order_relaxed));
      if (old.has_move) {  // keep the known best move when the new entry has none
        has_move = true;
        move = old.move;
      }
    }
    const std::uint64_t d = pack(has_move, move, score, depth, bound);
    target->data.store(d, std::memory_order_relaxed);
    target->check.store(key ^ d, std::memory_order_relaxed);
  }

 private:
  // A plain word read and written through std::atomic_ref (relaxed), so that the table is a
  // trivial array that calloc may hand out as it stands.
  struct Word {
    mutable std::uint64_t v;
#ifdef __cpp_lib_atomic_ref
    std::uint64_t load(std::memory_order o) const { return std::atomic_ref<std::uint64_t>(v).load(o); }
    void store(std::uint64_t x, std::memory_order o) { std::atomic_ref<std::uint64_t>(v).store(x, o); }
#else
    // The WebAssembly build's libc++ 14 has no atomic_ref: the compiler's builtins that it wraps.
    std::uint64_t load(std::memory_order o) const { return __atomic_load_n(&v, static_cast<int>(o)); }
    void store(std::uint64_t x, std::memory_order o) { __atomic_store_n(&v, x, static_cast<int>(o)); }
#endif
  };
  struct Slot {
    Word check;
    Word data;
  };
  static_assert(std::is_trivial_v<Slot>);
  // data: move 0..31 | score 32..47 | depth 48..55 | bound 56..57 | has_move 58 | generation 59..63
  std::uint64_t pack(bool has_move, std::uint32_t move, int score, int depth, Bound bound) const {
    return std::uint64_t{move} | (std::uint64_t{static_cast<std::uint16_t>(static_cast<std::int16_t>(score))} << 32) |
           (std::uint64_t{static_cast<std::uint8_t>(depth + 1)} << 48) | (std::uint64_t{static_cast<std::uint8_t>(bound)} << 56) |
           (std::uint64_t{has_move} << 58) | (std::uint64_t(generation_) << 59);
  }
  static TTHit unpack(std::uint64_t d) {
    TTHit h;
    h.found = true;
    h.move = static_cast<std::uint32_t>(d);
    h.score = static_cast<std::int16_t>(static_cast<std::uint16_t>(d >> 32));
    h.depth = static_cast<int>((d >> 48) & 0xFF) - 1;
    h.bound = static_cast<Bound>((d >> 56) & 3);
    h.has_move = (d >> 58) & 1;
    return h;
  }
  static unsigned generation_of(std::uint64_t d) { return static_cast<unsigned>(d >> 59); }
  Slot* bucket(std::uint64_t key) const { return slots_.get() + ((key & mask_) & ~std::size_t{1}); }

  struct Free {
    void operator()(Slot* p) const { std::free(p); }
  };
  std::unique_ptr<Slot, Free> slots_;
  std::size_t mask_ = 0;
  unsigned generation_ = 0;
};

}  // namespace oyin::search
