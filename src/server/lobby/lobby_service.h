#pragma once
// The lobby: open challenges (seeks) kept in the store (storage/seek_store.h), listed live to
// every lobby WebSocket, and accepted exactly once. The acceptor gets the new game's seat in
// the answer; the creator hears of it on its lobby socket (a socket that said hello with the
// seek's token). A seek lives until its row's held_until_ms (wall clock): kSeekGraceMs after it
// was made, pushed on every kSeekRenewMs while a lobby socket of its creator is open on some
// instance. So a seek whose creator left, or whose instance was killed, expires on every
// instance, and after a restart too; the sweep marks it expired and pushes the list.
//
// Several instances on one PostgreSQL: each change is announced on kChannel, and every
// instance then pushes the list again and passes started games on to the creators it holds.
// (A two-instance test found that other instances' sockets get no push yet: see README, Lobby.)
//
// Quick pairing and direct challenges (lobby_pairing.cpp) are rows of the same table, claimed
// the same way: a "play now" request pairs at once with a waiting request or open seek of the
// same terms whose player's rating is near enough (the window widens the longer that one has
// waited), else it waits, and every kPairingSweepMs the waiting ones are paired among
// themselves. A challenge names one account, which sees it on its signed-in lobby sockets.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/common/clock.h"
#include "server/play/game_service.h"
#include "storage/account_store.h"
#include "storage/rating_store.h"
#include "storage/seek_store.h"

namespace oyin::server {

class FairPlayService;

inline constexpr std::int64_t kSeekGraceMs = 30'000;  // a creator's lobby socket gone this long ends its seek
inline constexpr std::int64_t kSeekRenewMs = 10'000;  // how often an instance renews the seeks its sockets hold
inline constexpr std::size_t kMaxListedSeeks = 200;
// So that one client cannot crowd the lobby: open rows per client (an account, or a guest's
// address), and lobby sockets per client on each instance.
inline constexpr std::int64_t kMaxOpenSeeks = 3;
inline constexpr std::int64_t kMaxOpenQuick = 5;
inline constexpr std::int64_t kMaxOpenChallenges = 10;
inline constexpr std::int64_t kMaxChallengesToOne = 3;
inline constexpr std::size_t kMaxLobbySockets = 8;
// A hello names at most kMaxHelloTokens seeks (more than the limits let one have open), and a
// socket says it at most kHelloBurst times at once, then once per kHelloEveryMs: each costs
// store work.
inline constexpr std::size_t kMaxHelloTokens = 16;
inline constexpr int kHelloBurst = 3;
inline constexpr std::int64_t kHelloEveryMs = 1'000;
// Quick pairing: ratings within ±kPairingWindow pair at once; the window grows by
// kPairingWiden for every kPairingWidenEveryMs the older request has waited. The waiting ones
// are looked at every kPairingSweepMs.
inline constexpr double kPairingWindow = 150;
inline constexpr double kPairingWiden = 50;
inline constexpr std::int64_t kPairingWidenEveryMs = 10'000;
inline constexpr std::int64_t kPairingSweepMs = 2'000;
inline constexpr double kUnratedRating = 1500;  // a guest, or an account with no rating yet
double pairing_window(std::int64_t waited_ms);

class LobbyService {
 public:
  // `db_url`: the store's PostgreSQL URL to listen on (ignored for a SQLite file).
  LobbyService(storage::SeekStore& seeks, GameService& games, Clock& clock, const std::string& db_url);
  ~LobbyService();

  // `user`/`username`: the signed-in account of the request (0 and "" for a guest); a rated
  // seek needs one, and the game it starts seats the two accounts. `client`: the address of a
  // guest, whose open seeks are counted by it.
  Reply create(const json& request, std::int64_t user = 0, const std::string& username = "",
               const std::string& client = "");
  Reply list();
  Reply cancel(const std::string& id, const json& request);
  Reply accept(const std::string& id, const json& request, std::int64_t user = 0);

  // POST /api/pairing: 201 {"game_id","token","color"} when paired at once, else 202 {"id","token"}.
  Reply pair(const json& request, std::int64_t user = 0, const std::string& username = "",
             const std::string& client = "");
  // DELETE /api/pairing/{id}: with the request's token, or by the account that made it.
  Reply cancel_pairing(const std::string& id, const std::string& token, std::int64_t user = 0);
  // POST /api/challenges (signed in): 201 {"id","token"}.
  Reply challenge(const json& request, std::int64_t user, const std::string& username);
  // GET /api/challenges: {"incoming": [...], "outgoing": [...]}.
  Reply challenges(std::int64_t user);
  // POST /api/challenges/{id}/accept | decline | cancel.
  Reply challenge_action(const std::string& id, const std::string& action, std::int64_t user);
  // Where the challenged account is looked up by name.
  void set_accounts(storage::AccountStore* accounts) { accounts_ = accounts; }
  // Blocks and playbans (server/fair_play/fair_play_service.h): a banned player starts no game
  // with another, and two players where one blocks the other are never paired.
  void set_fair_play(FairPlayService* fair_play) { fair_play_ = fair_play; }
  // Rows went behind the lobby's back (a ban or a closed account withdrew them): tell everyone.
  void rows_withdrawn() { announce(); }

  // A lobby socket: gets the list now and on every change (and, for a signed-in `user`, its
  // challenges); `client`: its address. 429 too_many_sockets (and not subscribed) past
  // kMaxLobbySockets of one account, or of one address for guests.
  Reply subscribe(const std::shared_ptr<Subscriber>& sub, std::int64_t user = 0, const std::string& client = "");
  // {"type": "hello", "seek_tokens": [...]}: the socket speaks for these seeks (at most
  // kMaxHelloTokens). Their rows are renewed, and games started for them passed on, on a loader
  // thread, not the socket's. 429 too_many_requests past the socket's hello rate.
  Reply hello(const std::shared_ptr<Subscriber>& sub, const std::vector<std::string>& tokens);
  void leave(Subscriber* sub);

 private:
  struct Socket {
    std::weak_ptr<Subscriber> sub;
    std::int64_t user = 0;            // the signed-in account, 0 for a guest
    std::string owner;                // whom the socket limit counts (storage::Seek::owner)
    std::set<std::string> tokens;     // seeks it created
    std::set<std::string> delivered;  // game ids it was told of
    double hellos = kHelloBurst;      // hellos it may say now (refilled one per kHelloEveryMs)
    std::int64_t hello_ms = 0;        // when `hellos` was last refilled (0: not yet)
  };
  json seeks_json();
  // Inserts `s` unless its owner (the account `user`, or a guest's address `client`) has the
  // most open rows of its kind already: the reply to send then.
  std::optional<Reply> insert_limited(storage::Seek& s, std::int64_t user, const std::string& client);
  // Checks a request's game, rules and clock into `out` (an error reply when they are bad).
  std::optional<Reply> read_terms(const json& req, storage::Seek& out);
  // Starts the game of claimed row `creator` against `other_user`; `other`: the other side's
  // claimed row when it waited too (it is then told of the game like the creator). The reply
  // is the other side's seat: 201 {"game_id","token","color"}.
  Reply start_game(const storage::Seek& creator, std::int64_t other_user, const storage::Seek* other = nullptr);
  json challenges_json(std::int64_t user);
  // Expires the lapsed rows and pairs the quick requests that wait (every kPairingSweepMs).
  void sweep();
  void arm_sweep();
  // Pushes on the rows this instance's sockets hold (every kSeekRenewMs).
  void renew();
  void arm_renew();
  // The seeks changed (here or, on PostgreSQL, anywhere): push the list, pass on started games.
  void changed();
  void deliver_started();
  void announce();

  storage::SeekStore& seeks_;
  storage::RatingStore ratings_;
  storage::AccountStore* accounts_ = nullptr;
  FairPlayService* fair_play_ = nullptr;
  GameService& games_;
  Clock& clock_;
  // Timers run only while this says alive (the destructor ends that, waiting for one running).
  struct Life {
    std::mutex m;
    bool alive = true;
  };
  std::shared_ptr<Life> life_ = std::make_shared<Life>();
  // One list push at a time, each read and sent under it: two changes at once, or a change and a
  // socket opening, would otherwise deliver an older list after a newer one.
  std::mutex push_mutex_;
  std::mutex mutex_;
  std::unordered_map<Subscriber*, Socket> sockets_;
  std::uint64_t sweep_timer_ = 0, renew_timer_ = 0;
  std::jthread listener_;
};

}  // namespace oyin::server
