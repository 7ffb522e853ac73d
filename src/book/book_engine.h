#pragma once
// The book in front of a game's engine: the registry wraps every engine it makes in this, so
// each front end turns the book on through the engine's options:
//   OwnBook   true/false (default false: bench, analysis and matches search unless asked)
//   BookFile  a book file; empty or "<default>" = the game's shipped book (data/books/)
// With the book on, a search at a level of at least the game's book level (the registry's
// level table) on a position the book has answers with a seeded weighted pick among its good
// moves (SearchResult::book set), at once; any other search goes to the engine. Analysis
// ("go infinite", several lines) is never answered from the book.
#include <memory>
#include <string>

#include "book/book_file.h"
#include "book/book_settings.h"
#include "search/engine.h"

namespace oyin::book {

std::unique_ptr<Engine> with_book(std::unique_ptr<Engine> engine, std::string game, BookSettings settings);

// The book shipped for a game (data/books/<game>.book, compiled into the binary), parsed once;
// null when the game has none.
std::shared_ptr<const Book> shipped_book(const std::string& game);

}  // namespace oyin::book
