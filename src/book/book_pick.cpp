#include "book/book_pick.h"

#include <algorithm>

#include "core/random.h"

namespace oyin::book {

bool book_applies(const Book& book, const GameState& state) {
  return book.header().game == state.game() && book.header().rules == state.rules_text();
}

std::vector<BookEntry> book_moves(const Book& book, const GameState& state) {
  std::vector<BookEntry> out;
  if (!book_applies(book, state) || state.status().over()) return out;
  const auto span = book.lookup(state.hash());
  if (span.empty()) return out;
  const std::vector<std::string> legal = state.legal_moves();
  for (const BookEntry& e : span)
    if (std::find(legal.begin(), legal.end(), e.move) != legal.end()) out.push_back(e);
  return out;
}

std::vector<BookEntry> good_moves(const Book& book, const std::vector<BookEntry>& moves) {
  std::vector<BookEntry> out;
  if (moves.empty()) return out;
  int best = moves.front().score;
  for (const auto& e : moves) best = std::max<int>(best, e.score);
  for (const auto& e : moves)
    if (e.score >= best - book.header().margin && e.weight > 0) out.push_back(e);
  return out;
}

std::optional<BookEntry> pick_book_move(const Book& book, const GameState& state, std::uint64_t seed) {
  const std::vector<BookEntry> good = good_moves(book, book_moves(book, state));
  if (good.empty()) return std::nullopt;
  std::uint64_t total = 0;
  for (const auto& e : good) total += e.weight;
  // Seeded by the position too, so one seed for a whole game still varies from move to move.
  std::uint64_t s = seed ^ state.hash();
  Rng rng(splitmix64(s));
  std::uint64_t r = rng.next() % total;
  for (const auto& e : good) {
    if (r < e.weight) return e;
    r -= e.weight;
  }
  return good.back();
}

}  // namespace oyin::book
