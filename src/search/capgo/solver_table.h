#pragma once
// The capture Go solver's hash table (search/capgo/solver.cpp): buckets of W entries, each
// entry type with a 64-bit `key` (0 = empty) and a `work` count used as the replacement
// priority.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <new>

namespace oyin::capgo {

// Keys name a region of the table in their top kTableRegionBits (the solver's canonical() says
// what a region is), and Table keeps a region's entries within a window of 2 MB: a node's
// children all fall in one region, so their entries lie in one or two huge pages (on this VM, 25
// lines prefetched at random from an 8 GB block took 1,348 ns, from one 2 MB block 802 ns).
// Smaller windows crowd: a region of the 6x6 parts holds up to a few thousand positions.
constexpr int kTableRegionBits = 20;

// A hash table of W-entry buckets, each bucket one 64-byte cache line when the entries fit (a
// probe then costs one memory access), that starts small and grows as it fills, up to the
// memory given: a small problem then touches (and has the kernel zero) little memory. The memory
// is one anonymous mapping of the full size, reserved but not backed (pages are zeroed and backed
// as they are first touched), with huge pages, which spare the TLB misses of random probes, most
// of a probe's cost in a big table. The table grows inside that mapping, so it never holds more
// than the memory given, also while it grows (an old and a new copy side by side would need up to
// twice that, and did run a 23 GB machine out of memory with 14 GB given).
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
    for (; !(data_ = allocate(max_)); max_ /= 2)
      if (max_ <= 256) throw std::bad_alloc();
    buckets_ = std::min<std::uint64_t>(max_, 1 << 14);
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

  // The table as raw buckets, for a later run (the solver's --table file): write() the buckets
  // in use; read() takes them back into a table of at least that many (false if it is smaller
  // or the file runs short).
  std::uint64_t buckets() const { return buckets_; }
  std::uint64_t max_buckets() const { return max_; }
  static constexpr std::size_t kBucketBytes = sizeof(Bucket);
  bool write(std::FILE* f) const {
    for (std::uint64_t b = 0; b < buckets_; b += kChunk)
      if (std::fwrite(&data_[b], sizeof(Bucket), std::min(kChunk, buckets_ - b), f) != std::min(kChunk, buckets_ - b)) return false;
    return true;
  }
  bool read(std::FILE* f, std::uint64_t buckets, std::uint64_t used) {
    if (buckets > max_) return false;
    for (std::uint64_t b = 0; b < buckets; b += kChunk)
      if (std::fread(&data_[b], sizeof(Bucket), std::min(kChunk, buckets - b), f) != std::min(kChunk, buckets - b)) return false;
    buckets_ = buckets;
    used_ = used;
    return true;
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
  static constexpr std::uint64_t kChunk = std::uint64_t{1} << 20;  // buckets a read or write call

  // A key's top kTableRegionBits pick where its region's window of kWindow buckets starts, the
  // rest where in the window it lies. Both only grow with the table (so does their sum).
  std::uint64_t index(std::uint64_t key) const {
    const std::uint64_t span = std::min<std::uint64_t>(kWindow, buckets_);
    const std::uint64_t start = ((key >> (64 - kTableRegionBits)) * (buckets_ - span)) >> kTableRegionBits;
    return start + static_cast<std::uint64_t>((static_cast<unsigned __int128>(key << kTableRegionBits) * span) >> 64);
  }
  static constexpr std::uint64_t kWindow = 32768;  // 2 MB: one or two huge pages

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

  // Doubles the table (the last step up to the memory given) in place. A key's bucket only moves
  // up as the table grows (index() grows with `buckets`), so the old buckets are re-placed from
  // the top down: every bucket above the one being emptied already holds only re-placed entries.
  // Entries are lost only where more than W of them meet in one new bucket (windows move by
  // different amounts, so one new bucket can take entries from several old ones): the cheapest
  // go, as on any write.
  void grow() {
    const std::uint64_t old_buckets = buckets_;
    buckets_ = std::min(max_, buckets_ * 2);
    used_ = 0;
    for (std::uint64_t b = old_buckets; b-- > 0;) {
      E moving[W];
      std::copy(data_[b].e, data_[b].e + W, moving);
      std::fill(data_[b].e, data_[b].e + W, E{});
      for (const E& e : moving)
        if (e.key) *free_or_cheapest(data_[index(e.key)].e) = e;
    }
  }
};

}  // namespace oyin::capgo
