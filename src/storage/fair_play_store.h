#pragma once
// Fair play (schema 13): blocks between accounts, reports of players and chat lines, the
// moderators' actions on accounts (role, mute, close) with the audit log that records each, and
// the games a player left or sat out on a lost clock with the pairing bans they earned. Every
// instance reads the same rows, so a block, a mute or a ban holds on all of them at once.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/db.h"

namespace oyin::storage {

struct Blocked {
  std::string username;
  std::string since;  // UTC, ISO 8601
};

struct Report {
  std::int64_t id = 0;
  std::int64_t reporter_id = 0, target_id = 0;
  std::string reporter, target;  // usernames (read back; not written)
  std::string reason;            // one of the API's reasons ("abuse", "cheating", ...)
  std::string text;              // what the reporter wrote
  std::string game_id;           // "" when the report names no game
  std::optional<int> chat_seq;   // a reported chat line: its number in the game's chat ...
  std::string chat_text;         // ... and its text when reported
  std::string state = "open";    // open | closed
  std::string created_at;
  std::int64_t created_ms = 0;
  std::string closed_by, closed_at, outcome;
};

struct AuditEntry {
  std::int64_t id = 0;
  std::string at;      // UTC, ISO 8601
  std::string actor;   // a moderator's username, "operator" (the command line) or "server"
  std::string action;  // grant_moderator, mute, close_account, close_report, playban, ...
  std::string target;  // the account's username (or "report <id>")
  std::string detail;
};

struct BadEnding {
  std::string game_id;
  std::string kind;  // "left" (gone from the game when it was lost) or "sat" (let the clock run out)
  std::int64_t at_ms = 0;
};

class FairPlayStore {
 public:
  explicit FairPlayStore(Db& db) : db_(db) {}

  // Blocks: `user` blocks `other` (kept once), or no longer.
  Status block(std::int64_t user, std::int64_t other);
  Status unblock(std::int64_t user, std::int64_t other);
  Result<std::vector<Blocked>> blocked_by(std::int64_t user);
  // Whether either of the two blocks the other.
  Result<bool> blocked_between(std::int64_t a, std::int64_t b);

  // Reports. `r.id` and `r.created_at` are filled in.
  Status add_report(Report& r);
  // How many reports `reporter` made since `since_ms`.
  Result<int> reports_since(std::int64_t reporter, std::int64_t since_ms);
  // The reports in `state` ("open" or "closed"), newest first, at most `limit`, with usernames.
  Result<std::vector<Report>> reports(const std::string& state, int limit);
  // Closes an open report; false when there is none open by that id.
  Result<bool> close_report(std::int64_t id, const std::string& moderator, const std::string& outcome);
  // The text of chat line `seq` of `game_id` and the account that wrote it (0: a guest's seat),
  // when there is such a line.
  struct ChatLineAuthor {
    std::string text;
    std::int64_t user_id = 0;
  };
  Result<std::optional<ChatLineAuthor>> chat_line(const std::string& game_id, int seq);

  // An account's standing, each change written with its audit entry in one transaction.
  Status set_role(std::int64_t user, const std::string& role, const AuditEntry& why);
  Status set_muted_until(std::int64_t user, std::int64_t until_ms, const AuditEntry& why);
  // Closes the account: its sessions end and its open seeks, pairing requests and challenges (its
  // own and those to it) are withdrawn. Reopening lets it sign in again.
  Status close_account(std::int64_t user, const AuditEntry& why);
  Status reopen_account(std::int64_t user, const AuditEntry& why);
  Status audit(const AuditEntry& e);
  // Newest first, at most `limit`, only entries older than `before_id` when it is > 0.
  Result<std::vector<AuditEntry>> audit_log(int limit, std::int64_t before_id = 0);

  // Notes a bad ending (once per player and game); false when it was noted already.
  Result<bool> add_bad_ending(std::int64_t user, const BadEnding& b);
  // The player's bad endings since `since_ms`, oldest first.
  Result<std::vector<BadEnding>> bad_endings_since(std::int64_t user, std::int64_t since_ms);
  // A pairing ban of `user` from `starts_ms` to `ends_ms`, earned by `count` bad endings; its audit
  // entry and the withdrawal of the player's open lobby rows go with it.
  Status add_playban(std::int64_t user, std::int64_t starts_ms, std::int64_t ends_ms, int count, const AuditEntry& why);
  // The end of the player's ban that lasts past `now_ms`, if any.
  Result<std::optional<std::int64_t>> playban_until(std::int64_t user, std::int64_t now_ms);

 private:
  Db& db_;
};

}  // namespace oyin::storage
