#pragma once
// Book moves of a game review: the moves of a game's opening that many games of the game base
// played in the same position (the opening explorer's index, storage/knowledge_store.h).
//
// Why: the engine's opening judgement is noise for a review. At the site's 200,000 nodes it calls
// the Togyz start +6.8 stones for White and swings by several stones from one opening move to the
// next, so a quarter of real players' first ten moves were marked inaccuracies or worse
// (docs/engines.md "Win chance" has the measurements). A move that at least `min_games` games of the base chose in that
// position is a book move: the review neither marks nor counts it, as lichess does with the
// moves of its opening explorer. The book is the opening's leading stretch: it ends with the
// first move that is not one.
#include <cstdint>
#include <string>
#include <vector>

#include "registry/registry.h"
#include "storage/knowledge_store.h"

namespace oyin::review {

// How many games of the base must have played a move in a position for it to be a book move.
inline constexpr std::int64_t kBookGames = 10;

// `book[i]` is true when the move after i plies is a book move (the vector is as long as the
// leading stretch of book moves: empty when the first move is not one). A game started from a
// set-up position has a book too when the base has games through it. Errors of the store end the
// book where they happen (a review without a book is still a review).
std::vector<bool> book_moves(storage::KnowledgeStore& base, const GameEntry& game, const std::string& rules,
                             const std::string& start_position, const std::vector<std::string>& moves,
                             std::int64_t min_games = kBookGames);

}  // namespace oyin::review
