#pragma once
// Fixed-capacity move list (as Stockfish's MoveList): no allocation in move generation or search.
#include <array>
#include <cassert>
#include <cstddef>

namespace oyin {

template <class Move, std::size_t Capacity>
class MoveList {
 public:
  void push(Move m) {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(const Move& m) const {
    for (const auto& x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace oyin
