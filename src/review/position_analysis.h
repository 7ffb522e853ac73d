#pragma once
// One position of a game review: the engine's view of it (score, best move and line) and the score
// of the move that was played there, measured from the same root to the same horizon.
//
// Why the played move is searched from here: each position searched on its own at a fixed depth
// is not comparable with the next one. The search of position k at depth d scores its best move by
// the position after it searched to depth d - 1; position k + 1 searched at depth d looks one ply
// further, ending its lines with the other side to move, and the Togyz evaluation favours the side
// to move by several stones. So "score before minus score after" made nearly every move lose win
// chance (a random 6-ply Togyz game at depth 6: six blunders). Here the played move is scored as
// the search of the position after it at depth d - 1 (negated; d the depth the root's search
// finished, so a search by nodes is measured to the depth it reached): the engine's move and the
// played move are then two children of one root, measured alike.
#include <atomic>
#include <string>

#include "games/game_adapter.h"
#include "search/engine.h"
#include "storage/analysis_job_store.h"

namespace oyin::review {

// A finished game's last position as a score: won, lost or drawn for the side to move.
inline constexpr int kTerminalScore = 100'000;

// `played`: the move made from `st` in the game ("" for the last position). The played move is
// scored when `score_played` (an alpha-beta search; a Monte-Carlo search's win rates are compared
// as they are). `stopped` is set when `stop` interrupted a search (nothing is then valid).
storage::AnalysedPosition analyse_position(Engine& engine, const GameState& st, const SearchLimits& limits,
                                           const std::string& played, bool score_played,
                                           const std::atomic<bool>* stop, bool& stopped);

}  // namespace oyin::review
