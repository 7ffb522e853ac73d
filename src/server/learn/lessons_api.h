#pragma once
// /api/lessons: the shipped lessons (src/lessons) as JSON, and the judging of a learner's move.
//   GET  /api/lessons[?game=NAME]          the list: id, game, topic, title, number of steps
//   GET  /api/lessons/{id}                 the lesson with each step's board and legal moves
//   POST /api/lessons/{id}/steps/{n}/try   {"move"}: legal? correct? explanation, board after
// Steps are numbered from 1. The answers stay on the server (but for the offline app's pack,
// offline_lessons()); a wrong move gets its explanation.
// A signed-in learner who answers a lesson's last step right has the lesson kept as finished
// (server/learn/learn_progress.h).
#include <cstdint>
#include <string>
#include <vector>

#include "server/http/api.h"

namespace oyin::server {

class LearnProgressService;

// Every lesson (as GET /api/lessons/{id}) with, per step, "answers": each legal move's answer as
// POST .../try gives it (a wrong move's board null): what the offline app judges moves by.
Result<json> offline_lessons();

// Whether the path (split) is one of /api/lessons...
bool is_lessons_path(const std::vector<std::string>& parts);
// `user`: the signed-in account (0: a guest); `progress` may be null (nothing kept).
Reply lessons_reply(const std::string& method, const Target& t, const std::vector<std::string>& parts, const json& body,
                    std::int64_t user, LearnProgressService* progress);

}  // namespace oyin::server
