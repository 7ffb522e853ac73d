#pragma once
// The capture Go solver's hash table (search/capgo_solver.cpp): buckets of W entries, each
// entry type with a 64-bit `key` (0 = empty) and a `work` count used as the replacement
// priority.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>

namespace oyin::capgo {

// A hash table of W-entry buckets, each bucket one 64-byte cache line when the entries fit (a
// probe then costs one memory access), that starts small and doubles as it fills, up to the
// memory given: a small problem then touches (and has the kernel zero) little memory. The memory
// is an anonymous mapping (zeroed pages handed out as they are first touched) with huge pages,
// which spare the TLB misses of random probes, most of a probe's cost in a big table.
template <class E, int W = 4>
class Table {
  struct alignas(64) Bucket {
    E e[W];
  };

 public:
  void init(double memory_gb) {
    const double bytes = std::max(0.001, memory_gb) * 1024.0 * 1024.0 * 1024.0;
    // Any number of buckets (the bucket of a key is found by a multiply, not a mask), so the
    // table uses all the memory given.
    max_ = std::max<std::uint64_t>(256, static_cast<std::uint64_t>(bytes / sizeof(Bucket)));
    std::uint64_t buckets = std::min<std::uint64_t>(max_, 1 << 14);
    for (; !(data_ = allocate(buckets)); buckets /= 2)
      if (buckets <= 256) throw std::bad_alloc();
    buckets_ = buckets;
  }

  E* probe(std::uint64_t key) {
    E* bucket = data_[index(key)].e;
    for (int i = 0; i < W; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return nullptr;
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&data_[index(key)]); }

  // The entry to write for `key`: its own, a free one, or the one with the least work below.
  E* slot(std::uint64_t key) {
    if (used_ * 4 > size() && buckets_ < max_) grow();
    E* bucket = data_[index(key)].e;
    for (int i = 0; i < W; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return free_or_cheapest(bucket);
  }

  std::uint64_t size() const { return buckets_ * W; }
  std::uint64_t used() const { return used_; }
  std::uint64_t bytes() const { return buckets_ * sizeof(Bucket); }

 private:
  struct Deleter {
    std::size_t bytes = 0;
    void operator()(Bucket* b) const { munmap(b, bytes); }
  };
  using Data = std::unique_ptr<Bucket[], Deleter>;
  Data data_;
  std::uint64_t buckets_ = 0, used_ = 0, max_ = 0;

  std::uint64_t index(std::uint64_t key) const {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(key) * buckets_) >> 64);
  }

  static Data allocate(std::uint64_t buckets) {
    const std::size_t bytes = buckets * sizeof(Bucket);
    void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    madvise(m, bytes, MADV_HUGEPAGE);
    return Data(static_cast<Bucket*>(m), Deleter{bytes});
  }

  E* free_or_cheapest(E* bucket) {
    for (int i = 0; i < W; ++i)
      if (bucket[i].key == 0) {
        ++used_;
        return &bucket[i];
      }
    E* slot = &bucket[0];
    for (int i = 1; i < W; ++i)
      if (bucket[i].work < slot->work) slot = &bucket[i];
    return slot;
  }

  // Doubles the table (the last step up to the memory given), keeping every entry (each carries
  // its whole key).
  void grow() {
    const std::uint64_t to = std::min(max_, buckets_ * 2);
    Data bigger = allocate(to);
    if (!bigger) {
      max_ = buckets_;
      return;
    }
    Data old = std::move(data_);
    const std::uint64_t old_buckets = buckets_;
    data_ = std::move(bigger);
    buckets_ = to;
    used_ = 0;
    for (std::uint64_t b = 0; b < old_buckets; ++b)
      for (int i = 0; i < W; ++i) {
        const E& e = old[b].e[i];
        if (e.key) *free_or_cheapest(data_[index(e.key)].e) = e;
      }
  }
};

}  // namespace oyin::capgo
