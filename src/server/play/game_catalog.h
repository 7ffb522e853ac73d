#pragma once
// What the server tells front ends of the games it plays (GET /api/meta): every registered game
// with its sides, levels, rule options, board and end codes, and the server's own end and error
// codes, so that a front end draws boards and dialogs from data and names no game itself.
#include <nlohmann/json.hpp>

namespace oyin::server {

// `books_on`: whether the computer plays from the games' opening books here.
nlohmann::json games_meta(bool books_on);

}  // namespace oyin::server
