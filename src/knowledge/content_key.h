#pragma once
// What makes two imported records the same game, so a second import of it is skipped.
#include <string>
#include <string_view>
#include <vector>

namespace oyin::knowledge {

struct GameIdentity {
  std::string_view game, rules, start_position;  // rules and start as the game prints them
  const std::vector<std::string>* moves = nullptr;  // record notation, as the rules wrote them
  std::string_view white, black, date, result;
};

// A BLAKE2b-128 digest (32 hex digits) of the identity's fields. Moves are those the rules
// re-wrote, so spacing, move numbers, comments and annotations of the file do not matter; the
// players and the date do, since two games may well repeat a short line move for move.
std::string content_key(const GameIdentity& id);

}  // namespace oyin::knowledge
