#pragma once
// The clocks of one timed game: base time plus a Fischer increment, measured on the server.
// Pure bookkeeping over times read from a Clock (server/common/clock.h), so it is tested without time
// passing. The first move of each side is not timed but must come within kFirstMoveMs (else the
// game is aborted); from the third ply on the clock of the side to move runs, and the increment
// is added after each timed move.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace oyin::server {

inline constexpr std::int64_t kFirstMoveMs = 30'000;  // a first move later than this aborts the game
inline constexpr std::int64_t kAbandonMs = 60'000;    // away this long, a player can be claimed against
inline constexpr std::int64_t kMaxInitialS = 3 * 3600;
inline constexpr std::int64_t kMaxIncrementS = 180;

struct TimeControl {
  std::int64_t initial_ms = 0;  // 0: an untimed game
  std::int64_t increment_ms = 0;
  bool timed() const { return initial_ms > 0; }
};

// "clock": null (untimed) or {"initial_s": N, "increment_s": M}.
Result<TimeControl> time_control_from_json(const nlohmann::json& clock);

// bullet, blitz, rapid or classical, by the expected length of a game of 40 moves a side.
std::string_view speed_class(const TimeControl& tc);

// The end reasons of clocks as stored: "<side> ran out of time" (code "time"; with "... and
// <side> cannot win" a draw), "aborted: ..." ("aborted", no result), "<side> left the game"
// ("abandoned"). clock_end_code gives the code of a stored reason, "" when it is none of them.
std::string time_reason(const std::string& loser, const std::string& winner, bool winner_can_win);
std::string abandon_reason(const std::string& loser, const std::string& winner, bool winner_can_win);
inline constexpr const char* kAbortReason = "aborted: no first move within 30 s";
std::string_view clock_end_code(std::string_view reason);

class GameClock {
 public:
  GameClock() = default;
  GameClock(TimeControl tc, std::int64_t now_ms);

  // Rebuilds the clocks from the times stored with the moves: `after_moves[i]` is {the side that
  // made ply i, its time left after it} (-1: not recorded). The time of the side to move runs
  // again from `now_ms`: a server that was down charges nobody for it.
  void restore(const std::vector<std::pair<int, std::int64_t>>& after_moves, std::int64_t now_ms);

  const TimeControl& control() const { return tc_; }
  bool timed() const { return tc_.timed(); }

  // The wait for the first move begins (both players have come); until then nothing runs.
  void begin(std::int64_t now_ms);
  bool begun() const { return begun_; }

  // The side whose time runs at `ply` with `to_move` to play, or -1.
  int running(std::size_t ply, int to_move) const;
  std::int64_t left(int side, std::size_t ply, int to_move, std::int64_t now_ms) const;
  // When the next flag falls or the first-move wait ends; nullopt when nothing is pending.
  std::optional<std::int64_t> deadline(std::size_t ply, int to_move) const;

  enum class MoveTime { ok, flag, abort };
  // Charges the move `to_move` makes at `ply` (the plies before it). On ok, `left_after` is the
  // mover's time after the move (increment included), the value stored with the move.
  MoveTime on_move(std::size_t ply, int to_move, std::int64_t now_ms, std::int64_t& left_after);
  // What is due at `now_ms` (the deadline passed): flag at ply >= 2, abort before.
  MoveTime due(std::size_t ply, int to_move, std::int64_t now_ms) const;

  // The computer's clock stands still from `hold` until `resume`: while its move waits for a
  // worker thread it is not thinking, and a player who keeps the workers busy must not win on
  // time by it. Nothing is due while held.
  void hold(std::int64_t now_ms);
  void resume(std::int64_t now_ms);
  bool held() const { return held_; }

  // An arena's berserk: `side`, before its first move, gives up half its time (once; false when
  // it had already). The store keeps it (games.clock_cut) for keep_cut after a restart.
  bool berserk(int side);
  bool berserked(int side) const { return cut_[side]; }
  // After restore: `side` had gone berserk (as stored); its time is halved unless it has moved
  // since (its stored time left already is).
  void keep_cut(int side, bool moved);

  // The game ended at `now_ms`: the clocks stop where they are (a fallen flag shows 0).
  void stop(std::size_t ply, int to_move, std::int64_t now_ms);
  void flag(int side);
  bool stopped() const { return stopped_; }

  // {"<side0>_ms", "<side1>_ms", "running": side or null, "initial_ms", "increment_ms",
  //  "first_move_ms": time left for a first move or null}
  nlohmann::json to_json(const std::string side_names[2], std::size_t ply, int to_move, std::int64_t now_ms) const;

 private:
  TimeControl tc_;
  std::int64_t left_[2] = {0, 0};
  std::int64_t since_ = 0;  // when the current turn (or the first-move wait) began
  bool begun_ = false;
  bool stopped_ = false;
  bool held_ = false;
  std::int64_t held_at_ = 0;
  bool cut_[2] = {false, false};
};

}  // namespace oyin::server
