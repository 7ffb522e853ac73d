#pragma once
// The capture Go solver's hash table (search/capgo_solver.cpp): buckets of four entries, each
// entry type with a 64-bit `key` (0 = empty) and a `work` count used as the replacement
// priority.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>

namespace oyin::capgo {

// A hash table of 4-entry buckets that starts small and doubles as it fills, up to the memory
// given: a small problem then touches (and has the kernel zero) little memory. The memory is an
// anonymous mapping (zeroed pages handed out as they are first touched) with huge pages, which
// spare the TLB misses of random probes, most of a probe's cost in a big table.
template <class E>
class Table {
 public:
  void init(double memory_gb) {
    std::uint64_t entries = 1024;  // at least a few buckets of 4
    const double bytes = std::max(0.001, memory_gb) * 1024.0 * 1024.0 * 1024.0;
    while (static_cast<double>(entries * 2 * sizeof(E)) <= bytes && entries < (1ull << 34)) entries *= 2;
    max_ = entries;
    for (entries = std::min<std::uint64_t>(entries, 1 << 16); !(data_ = allocate(entries)); entries /= 2)
      if (entries <= 1024) throw std::bad_alloc();
    size_ = entries;
    mask_ = entries - 1;
  }

  E* probe(std::uint64_t key) {
    E* bucket = &data_[key & mask_ & ~3ull];
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return nullptr;
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&data_[key & mask_ & ~3ull]); }

  // The entry to write for `key`: its own, a free one, or the one with the least work below.
  E* slot(std::uint64_t key) {
    if (used_ * 4 > size_ && size_ < max_) grow();
    E* bucket = &data_[key & mask_ & ~3ull];
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return free_or_cheapest(bucket);
  }

  std::uint64_t size() const { return size_; }
  std::uint64_t used() const { return used_; }
  std::uint64_t bytes() const { return size_ * sizeof(E); }

 private:
  struct Deleter {
    std::size_t bytes = 0;
    void operator()(E* e) const { munmap(e, bytes); }
  };
  using Data = std::unique_ptr<E[], Deleter>;
  Data data_;
  std::uint64_t size_ = 0, mask_ = 0, used_ = 0, max_ = 0;

  static Data allocate(std::uint64_t entries) {
    const std::size_t bytes = entries * sizeof(E);
    void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    madvise(m, bytes, MADV_HUGEPAGE);
    return Data(static_cast<E*>(m), Deleter{bytes});
  }

  E* free_or_cheapest(E* bucket) {
    for (int i = 0; i < 4; ++i)
      if (bucket[i].key == 0) {
        ++used_;
        return &bucket[i];
      }
    E* slot = &bucket[0];
    for (int i = 1; i < 4; ++i)
      if (bucket[i].work < slot->work) slot = &bucket[i];
    return slot;
  }

  // Doubles the table, keeping every entry (each carries its whole key).
  void grow() {
    Data bigger = allocate(size_ * 2);
    if (!bigger) {
      max_ = size_;
      return;
    }
    Data old = std::move(data_);
    const std::uint64_t old_size = size_;
    data_ = std::move(bigger);
    size_ *= 2;
    mask_ = size_ - 1;
    used_ = 0;
    for (std::uint64_t i = 0; i < old_size; ++i)
      if (old[i].key) *free_or_cheapest(&data_[old[i].key & mask_ & ~3ull]) = old[i];
  }
};

}  // namespace oyin::capgo
