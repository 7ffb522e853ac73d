#pragma once
// Fair play on the server: what one account may refuse another (blocks), what players tell the
// moderators (reports), what moderators do about it (mute, close an account) with an audit log,
// and the automatic pairing bans ("playbans") of players who leave their games or let the clock
// run out in lost positions. The rows are in the store (storage/fair_play_store.h), so every
// instance applies the same blocks, mutes and bans.
//
// A playban, as lichess's: each game between two accounts that a player lost on time while gone
// from it (no connection for kLeftAwayMs, or the opponent claimed it), or lost on time after
// sitting through the whole wait of a long think (sit_threshold_ms) in a position the engine
// judges lost, is a "bad ending". The first in kBadEndingWindowMs is a warning; each further one
// bans the player from games with other people (seeks, quick pairing, challenges, rematches)
// for kFirstBanMinutes, three times longer each time, at most kMaxBanMinutes. Games against the
// computer, puzzles and lessons stay open. The player sees why (GET /api/playban, the lobby).
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/http/api.h"
#include "server/accounts/wall_clock.h"
#include "server/common/clock.h"
#include "storage/fair_play_store.h"

namespace oyin::server {

class AccountService;

inline constexpr std::int64_t kBadEndingWindowMs = 7LL * 24 * 3600 * 1000;
inline constexpr std::int64_t kFirstBanMinutes = 15;
inline constexpr std::int64_t kMaxBanMinutes = 24 * 60;
inline constexpr std::int64_t kLeftAwayMs = 30'000;
inline constexpr int kMaxReportsPerDay = 10;
inline constexpr std::int64_t kMaxMuteMinutes = 30LL * 24 * 60;
// The engine's verdict on a position that counts as lost (its side to move's view), after
// kJudgeMs of thought at full strength: a proven loss, or a score at most -kClearlyLostCp (Togyz
// Kumalak: 20 stones behind; Tojmot: 20 pawns; capture Go, whose search scores a winning chance,
// only a proof). Set high on purpose: better to miss a sitter than to ban a player wrongly.
inline constexpr int kClearlyLostCp = 2000;
inline constexpr int kJudgeMs = 300;

// The least time a player must have had on the clock when their last move began for a loss on
// time to count as sitting it out: a tenth of the initial time, within 30 s .. 3 min.
std::int64_t sit_threshold_ms(std::int64_t initial_ms);
// Minutes of the ban that bad ending number `count` (in the window) earns; 0 for a warning.
std::int64_t ban_minutes(int count);

class FairPlayService {
 public:
  FairPlayService(storage::Db& db, Clock& clock);
  storage::FairPlayStore& store() { return store_; }
  // Where the signed-in user of a request is found, and whom to tell that lobby rows went.
  void set_accounts(AccountService* accounts) { accounts_ = accounts; }
  // Set to {} before the lobby goes: waits for a call under way (a loader thread may be in one).
  void on_lobby_changed(std::function<void()> f) {
    std::lock_guard lock(lobby_mutex_);
    lobby_changed_ = std::move(f);
  }

  // Why `user` may not start a game with `other` (0: anyone, as for a seek): a playban of
  // `user` (403 playban), or a block either way (403 blocked); nullopt when they may.
  std::optional<Reply> pairing_refusal(std::int64_t user, std::int64_t other = 0);
  // Whether the two block each other either way (false for guests, and on a store error).
  bool blocked(std::int64_t a, std::int64_t b);
  // Why account `speaker` may not say a chat line to `listener` in a game: muted (403 muted),
  // or a block (403 chat_blocked).
  std::optional<Reply> chat_refusal(std::int64_t speaker, std::int64_t listener);

  // A bad ending of `user` in `game_id` ("left" or "sat"), noted once; bans the player when it
  // is not the first in the window. Store work: call it off the I/O threads.
  void bad_ending(std::int64_t user, const std::string& game_id, const std::string& kind);

  // /api/blocks, /api/reports, /api/playban and /api/mod/... (parts: the path's segments);
  // false when the path is not one of them.
  bool route(const HttpRequest& req, const Target& t, const std::vector<std::string>& parts, const json& body,
             const Respond& respond);
  static bool is_fair_play_path(const std::vector<std::string>& parts);

 private:
  Reply blocks(const std::string& method, const std::vector<std::string>& parts, const json& body, std::int64_t user);
  Reply report(const json& body, std::int64_t user);
  Reply playban(std::int64_t user);
  // /api/mod/...: the signed-in account must be a moderator.
  Reply moderate(const std::string& method, const Target& t, const std::vector<std::string>& parts, const json& body,
                 const storage::User& moderator);
  Reply player_standing(const storage::User& u);
  Reply act_on_player(const std::string& action, const json& body, const storage::User& target,
                      const storage::User& moderator);
  std::optional<storage::User> user_named(const std::string& name);

  storage::FairPlayStore store_;
  // Unix ms moving with the server's Clock, as the accounts keep their times: a ban's or a mute's
  // end is a real date, and tests move it on with --clock manual.
  accounts::WallClock wall_;
  AccountService* accounts_ = nullptr;
  void tell_lobby();
  std::mutex lobby_mutex_;
  std::function<void()> lobby_changed_;
};

json report_json(const storage::Report& r);
// [{"game_id", "kind", "at_ms"}], as GET /api/playban and a moderator's look at a player show them.
json bad_endings_json(const std::vector<storage::BadEnding>& list);
// Whole minutes from now to `until_ms`, rounded up (what a player is told to wait).
inline std::int64_t minutes_until(std::int64_t until_ms, std::int64_t now_ms) {
  return (until_ms - now_ms + 59'999) / 60'000;
}

}  // namespace oyin::server
