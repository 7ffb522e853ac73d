#pragma once
// Choosing a move from the book: the legal book moves of a position, and a seeded weighted pick
// among those within the book's margin of the best score, so a player at a book level varies its
// openings among good moves and the same seed gives the same choice.
#include <cstdint>
#include <optional>
#include <vector>

#include "book/book_file.h"
#include "games/game_adapter.h"

namespace oyin::book {

// Whether the book was built for this game and these rules.
bool book_applies(const Book& book, const GameState& state);

// The book's moves in the position of `state` that are legal there (a key collision or a book of
// other rules can name a move that is not), highest weight first; empty when the book does not
// apply or has no entry.
std::vector<BookEntry> book_moves(const Book& book, const GameState& state);

// The moves whose score is within the book's margin of the best book move's.
std::vector<BookEntry> good_moves(const Book& book, const std::vector<BookEntry>& moves);

// A weighted random pick among good_moves(); nullopt when there is none.
std::optional<BookEntry> pick_book_move(const Book& book, const GameState& state, std::uint64_t seed);

}  // namespace oyin::book
