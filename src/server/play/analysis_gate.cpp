#include "server/play/analysis_gate.h"

#include "server/common/request_json.h"

namespace oyin::server {

namespace {

bool guarded_mode(const GameSession& s) { return s.mode == Mode::online || (s.mode == Mode::ai && s.row.rated); }

}  // namespace

void AnalysisGate::note(const GameSession& s) {
  if (guarded_mode(s) && s.state->ply() >= kGuardFromPly && !is_over(s))
    guard_.set(s.row.id, s.row.game + "\n" + s.state->identity());
  else
    guard_.clear(s.row.id);
}

std::optional<Reply> AnalysisGate::refusal(const nlohmann::json& req, const GameState& position) {
  const auto refuse = [] {
    return Reply::error(403, "analysis_in_play",
                        "no analysis of an online or rated game while it is being played; it is open once the game is over");
  };
  // The position as a position: the same board with another move number, or a capture Go board
  // turned or mirrored, is the same question to the engine.
  if (guard_.guarded(position.game() + "\n" + position.identity())) return refuse();
  const auto game_id = string_field(req, "game_id");
  const auto token = string_field(req, "token");
  if (!game_id || !token || game_id->empty() || token->empty()) return std::nullopt;
  SessionPtr s = table_.loaded(*game_id);
  if (!s) return std::nullopt;  // not in memory: the position check above is what is left
  std::lock_guard lock(s->m);
  if (guarded_mode(*s) && !is_over(*s) && (s->row.tokens[0] == *token || s->row.tokens[1] == *token)) return refuse();
  return std::nullopt;
}

}  // namespace oyin::server
