#pragma once
// Tournaments (docs/tournaments.md): created, joined and followed through the API, run by a
// director on every instance. A director step reads a tournament, takes in the results of its
// finished games, and makes its next pairings (their games created first, then committed with
// the step only if no other instance stepped first: storage/tournament_store.h), so a round is
// paired exactly once and a killed instance only leaves games nobody was told of. Steps run on
// the games' loader threads: every kSweepMs for every tournament that is due or running, and at
// once when a game of a tournament ends here or a player joins or the creator starts it.
//
// Followers on /ws/tournaments/{id} get the tournament's view on every change (on PostgreSQL,
// a change on any instance: NOTIFY on "tournaments"), and a player is sent {"type": "game"} with
// each new game of theirs.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/common/clock.h"
#include "server/common/subscriber.h"
#include "server/play/game_service.h"
#include "storage/rating_store.h"
#include "storage/tournament_store.h"

namespace oyin::server {

class TournamentService {
 public:
  static constexpr std::int64_t kSweepMs = 1'000;
  // A paired game without two plies this long after its pairing is aborted: the player to move
  // (who did not come, or did not move) loses it by forfeit.
  static constexpr std::int64_t kNoShowMs = 60'000;
  static constexpr int kMaxPlayers = 256;
  static constexpr std::size_t kListed = 50;
  // A tournament's view is pushed to its followers at most this often (its head only:
  // pushed_view.h).
  static constexpr std::int64_t kPushEveryMs = 1'000;

  // `db_url`: the store's PostgreSQL URL to listen on (ignored for a SQLite file).
  TournamentService(storage::Db& db, GameService& games, Clock& clock, const std::string& db_url);
  ~TournamentService();
  void start();
  // No step runs after this returns.
  void stop();

  Reply create(const json& request, std::int64_t user, const std::string& username);
  Reply join(const std::string& id, const json& request, std::int64_t user, const std::string& username);
  Reply withdraw(const std::string& id, std::int64_t user);
  Reply start_now(const std::string& id, std::int64_t user);
  Reply cancel(const std::string& id, std::int64_t user);
  // The creator takes a player out (as if they withdrew): {"username"}.
  Reply remove(const std::string& id, const json& request, std::int64_t user);
  // An arena player halves their clock in their current game for an extra point if they win it.
  Reply berserk(const std::string& id, const json& request, std::int64_t user);
  Reply list();
  Reply get(const std::string& id);
  Reply trf(const std::string& id);

  // A follower of /ws/tournaments/{id}; `user` (0: a guest) hears of its games.
  Reply subscribe(const std::string& id, const std::shared_ptr<Subscriber>& sub, std::int64_t user);
  void leave(Subscriber* sub);

  // A game ended on this instance (GameService::on_game_ended): its tournament steps soon.
  void game_ended(const std::string& game_id);
  // One step of tournament `id` now (tests and the director).
  void step(const std::string& id);

 private:
  struct Follower {
    std::weak_ptr<Subscriber> sub;
    std::string tournament;
    std::int64_t user = 0;
    std::set<std::string> told;  // games it was sent
  };
  void sweep();
  void arm();
  void later(const std::string& id);
  // Takes in finished games; aborts games nobody started. Whether a result came in.
  bool take_results(const storage::TournamentRow& t, std::int64_t now_ms);
  // Starts or pairs; whether it changed the tournament.
  bool advance(storage::TournamentRow t, std::int64_t now_ms);
  void changed(const std::string& id);
  void tell_games(const std::string& id, const std::vector<storage::TournamentPairing>& pairings,
                  const std::vector<std::pair<std::shared_ptr<Subscriber>, Subscriber*>>& to);
  // `names`, when given, gets each player's username by account id.
  Reply view(const std::string& id, std::map<std::int64_t, std::string>* names = nullptr);

  storage::TournamentStore store_;
  storage::RatingStore ratings_;
  GameService& games_;
  Clock& clock_;
  std::string db_url_;
  struct Life {
    std::mutex m;
    bool alive = true;
  };
  std::shared_ptr<Life> life_ = std::make_shared<Life>();
  std::mutex step_mutex_;  // one step at a time on this instance
  std::mutex mutex_;
  std::map<Subscriber*, Follower> followers_;
  struct Pushes {
    std::int64_t last_ms = -1'000'000'000;  // when the view was last pushed (clock_.now_ms())
    bool scheduled = false;                 // a push is due at last_ms + kPushEveryMs
  };
  std::map<std::string, Pushes> pushes_;
  std::uint64_t timer_ = 0;
  std::jthread listener_;
};

}  // namespace oyin::server
