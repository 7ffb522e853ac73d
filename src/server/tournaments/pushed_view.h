#pragma once
// What a tournament's followers are sent on its WebSocket: not the whole view (GET
// /api/tournaments/{id}), which in an arena of 200 grows past 100 KB and would go to every
// follower every second, but its head: the leading standings with their sheets, the entrants
// they name, the newest pairings, and how many of each there are. A follower outside the head is
// sent its own lines too, so its page always shows where it stands.
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace oyin::server::tournaments {

inline constexpr std::size_t kPushedStandings = 30;
inline constexpr std::size_t kPushedPairings = 50;

// The head of `full` (a view as GET answers it), with "standings_total", "entrants_total" and
// "pairings_total". Before the start every entrant is kept (the list is what the page shows).
nlohmann::json pushed_head(nlohmann::json full);

// What the head leaves out of `username`'s lines in `full`: {"standing" (with "sheet"), "entrant",
// "pairing" (their game being played)}, each null when in the head or absent; null when all are.
nlohmann::json own_lines(const nlohmann::json& full, const nlohmann::json& head, const std::string& username);

// The message: {"type": "tournament", "me": ..., "tournament": head}, with the head's text made once
// for all followers.
std::string push_message(const std::string& head_text, const nlohmann::json& me);

}  // namespace oyin::server::tournaments
