#pragma once
// Games being played on the server: seats and tokens, moves checked by the rules, every change
// committed to the store before it is acknowledged, pushed to every subscriber, and the
// computer's replies computed on the worker pool (never on an I/O thread).
//
// Locking: `mutex_` guards only the map from id to game; a stored game is loaded and replayed
// outside it (the first reader of an id does it, the others wait for that one game only), and
// every game has a mutex of its own. The network code asks for a game with when_loaded, so a
// long replay runs on the loader threads, never on an I/O thread.
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <functional>
#include <future>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <shared_mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "registry/registry.h"
#include "search/engine.h"
#include "server/common/clock.h"
#include "server/play/computer_queue.h"
#include "server/play/engine_pool.h"
#include "server/play/game_archive.h"
#include "server/play/game_catalog.h"
#include "server/play/play_guard.h"
#include "server/common/reply.h"
#include "storage/chat_store.h"
#include "server/play/game_clock.h"
#include "storage/game_store.h"

namespace oyin::server {

using nlohmann::json;

// Something that wants every state change of a game (a WebSocket); send_text must not block.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void send_text(std::string text) = 0;
  // False for the connection of an account that switched chat off: no chat lines go to it.
  virtual bool wants_chat() const { return true; }
};

// How a game is played; stored as its name.
enum class Mode { ai, hotseat, online, review };
const char* mode_name(Mode m);
std::optional<Mode> parse_mode(std::string_view name);

class RatingService;
class FairPlayService;

struct GameServiceOptions {
  std::size_t max_cached = 4096;  // games kept in memory beyond those in use (all are in the store)
  int hash_mb = 16;               // the computer players' hash table
  Clock* clock = nullptr;         // time of the game clocks; null: the machine's steady clock
  // Accounts' players and ratings ("players", "rating_change", rated games); null: every seat
  // is a guest's and nothing is rated.
  RatingService* ratings = nullptr;
  // Blocks and mutes at the table, and the bad endings that earn pairing bans
  // (server/fair_play/fair_play_service.h); null: none of these.
  FairPlayService* fair_play = nullptr;
  // The computer players' moves computed at once (the worker threads), and of those at most
  // this many of one owner's games (server/play/computer_queue.h).
  int computer_slots = 2;
  int computer_per_owner = 1;
  // Games that never had a move are deleted once unchanged this long (0: kept for good); looked
  // for every min(this, kUnstartedSweepS) seconds.
  std::int64_t drop_unstarted_after_s = 24 * 3600;
};

class GameService {
 public:
  GameService(storage::GameStore& store, boost::asio::thread_pool& workers, GameServiceOptions opt = {});
  ~GameService();

  json meta() const;
  // Runs `then` once game `id` is in memory (or known to be missing): at once when it is,
  // otherwise on a loader thread after the game has been read and replayed.
  void when_loaded(const std::string& id, std::function<void()> then);
  // Runs slow request work (an import replays a whole record) on a loader thread.
  void run_slow(std::function<void()> work);
  // `base_url` is "http://host:port", used for the invite link. `user` is the signed-in account
  // of the creator (0: a guest), who takes the creator's seat; "rated": true needs one, an
  // online game and a clock.
  // An online game's other seat token goes to `other_seat` when given (the lobby hands it to
  // the acceptor).
  // `address`: the client's (a guest's computer games are counted by it).
  Reply create(const json& request, const std::string& base_url, std::int64_t user = 0,
               std::string* other_seat = nullptr, const std::string& address = "");
  // A new online game between two players the server itself has paired (the lobby): account
  // `users[i]` (0: a guest) takes side i, `rules` is the rules text ("" for the default), and a
  // rated game needs two different accounts and a timed `control`. Neither seat can be taken
  // by anyone else; both seat tokens come back:
  //   201 {"id", "tokens": [side 0's, side 1's], "state"}, or an error Reply as create's.
  // The 30 s wait for the first move starts once both players have come (a request or a
  // WebSocket with their token), as in any online game.
  Reply create_for(const std::string& game, const std::string& rules, TimeControl control, bool rated,
                   const std::int64_t (&users)[2]);
  // `user`: the signed-in account of the request. An account seated in a game acts for its seat
  // without the seat's token (from another device), here and in every seat action, and its state
  // says which side is its ("you").
  Reply get(const std::string& id, const std::string& token, std::int64_t user = 0);
  // The boards after plies from..to (inclusive, at most kMaxBoardsPerRequest), as state's "board".
  static constexpr std::size_t kMaxBoardsPerRequest = 500;
  Reply boards(const std::string& id, std::size_t from, std::size_t to);
  // Positions after plies from..to (inclusive, `to` clipped to the game's ply), at most
  // kMaxPositionsPerRequest of them.
  Reply positions(const std::string& id, std::size_t from, std::optional<std::size_t> to);
  Reply move(const std::string& id, const std::string& move, const std::string& token, std::int64_t user = 0, const std::string& address = "");
  Reply resign(const std::string& id, const std::string& token, std::int64_t user = 0, const std::string& address = "");
  Reply undo(const std::string& id, const std::string& token, std::int64_t user = 0, const std::string& address = "");
  Reply draw(const std::string& id, const std::string& token, std::int64_t user = 0, const std::string& address = "");
  // A timed online game whose opponent has had no connection for kAbandonMs: the claimer wins
  // (a draw if the claimer cannot possibly win).
  Reply claim(const std::string& id, const std::string& token, std::int64_t user = 0, const std::string& address = "");
  // At the table (game_service_table.cpp). A player's chat line in an online game: pushed to
  // every subscriber as {"type": "chat", "lines": [...]} and kept with the game.
  static constexpr std::size_t kChatMaxChars = 300;  // characters (UTF-8 code points)
  static constexpr int kChatBurst = 5;                // lines per seat ...
  static constexpr std::int64_t kChatWindowMs = 10'000;  // ... in this long
  Reply chat(const std::string& id, const std::string& token, const std::string& text, std::int64_t user = 0);
  // A rematch of a finished online game: the first call offers it, the other seat's call
  // agrees, and the new game (colours swapped, same rules and clock, each player keeping their
  // token) is announced to both seats in the state's "rematch": {"offered_by", "game_id"}.
  Reply rematch(const std::string& id, const std::string& token, std::int64_t user = 0);
  // Why the analysis of `position` (asked with request `req`) is refused: it is the current
  // position of an online game being played, or the request carries {"game_id", "token"} of a
  // seat in such a game. Nothing when it may go on.
  std::optional<Reply> analysis_refusal(const json& req, const GameState& position);
  // A connection that subscribed with `token` (from `address`) is gone (for the players' presence
  // and the count of spectators).
  void leave(const std::string& id, const std::string& token, const std::string& address = "");
  // Loads every timed game still in play (at start, before serving), so its flag falls even if
  // nobody asks for it again.
  void resume_timed_games();
  Reply list(std::size_t offset, std::size_t limit);
  Reply import(const json& request);
  // The record file (PGN or SGF); on success body is {"format", "text", "filename"}.
  Reply record(const std::string& id);
  // Sends `sub` the current state as its first message, registers it for pushes and returns that
  // state (or an error, and then sends nothing). The seat's token the connection stands for (the
  // one given, or that of the seat of `user`) goes to `seat_token`: leave() wants it.
  // A spectator (no seat) is refused past kMaxSpectators in a game, or kMaxSpectatorsPerAddress
  // of one `address` in it; spectators' comings and goings are pushed as {"type": "spectators",
  // "count"} at most every kSpectatorsPushMs.
  static constexpr int kMaxSpectators = 5000, kMaxSpectatorsPerAddress = 32;
  static constexpr int kSpectatorsPushMs = 500;
  Reply subscribe(const std::string& id, std::weak_ptr<Subscriber> sub, const std::string& token, std::int64_t user = 0,
                  std::string* seat_token = nullptr, const std::string& address = "");
  // Blocks until no computer move is being computed (for a clean shutdown).
  void stop_all();
  std::size_t cached_games();

  static constexpr std::size_t kMaxPositionsPerRequest = 500;

 private:
  struct Session;
  // Who may do a seat action: the side to move only (a move), and whether a finished game or an
  // online game allows it (undo).
  struct SeatRule {
    bool side_to_move = false;
    bool finished_ok = false;
    bool online_ok = true;
  };
  // The seat actions take `user`, the signed-in account of whoever acts (0: a guest): the
  // first action on an online game's seat that has no account gives the seat to that account
  // (take_seat).
  // The one path of the four seat actions: finds the game, locks it, checks mode, end of game,
  // token and side, then runs `action(session, side)`. An action returns an error (or a
  // special answer) or nothing, in which case the new state is pushed and returned.
  template <class Action>
  Reply seat_action(const std::string& id, const std::string& token, std::int64_t user, const std::string& address,
                    SeatRule rule, Action&& action);
  std::optional<Reply> take_seat(Session& s, int side, std::int64_t user);
  // Stores a new game, registers it and starts what must start (the computer, the clock).
  Result<std::shared_ptr<Session>> start_session(const GameEntry* adapter, Mode mode, std::unique_ptr<GameState> state,
                                                 storage::StoredGame row, TimeControl control, int creator_side,
                                                 std::string computer_owner);
  // Accounts: the "players" of the state again, and the ratings once the game has ended.
  void refresh_players(Session& s);
  void settle_ratings(Session& s);

  Result<std::shared_ptr<Session>> find(const std::string& id);
  std::string load_into(Session& s, const std::string& id);
  json state_json(const Session& s) const;
  json state_for(const Session& s, const std::string& token) const;
  // How many of the last moves a pushed state carries (broadcast).
  static constexpr std::size_t kPushedMoves = 2;
  // `token` when it holds a seat; else the token of the seat account `user` holds (the side to
  // move's when it holds both); else "".
  static std::string seat_token(const Session& s, const std::string& token, std::int64_t user);
  void add_you(const Session& s, json& state, const std::string& token) const;
  void broadcast(Session& s, const json& state);
  void maybe_start_ai(const std::shared_ptr<Session>& s);
  Reply apply_move(Session& s, const std::string& move);
  void evict_idle_locked();
  // Clocks (game_service_clock.cpp).
  void seen(Session& s, const std::string& token);
  void arm_clock(const std::shared_ptr<Session>& s);
  void on_deadline(const std::shared_ptr<Session>& s, std::uint64_t timer);
  bool settle_clock(Session& s);
  void end_by_clock(Session& s, int loser, bool abort);
  // Fair play (game_service_fair_play.cpp): a game between two accounts lost on time, or by a
  // claim, may be a bad ending of the loser: noted (after the engine's look at the position, for
  // a player who sat out a long think) off the calling thread.
  void note_lost_on_time(Session& s, int loser);
  void note_left(Session& s, int loser);
  // Whether the side to move of `st` is clearly lost by the engine's short look (a loader thread).
  bool side_to_move_lost(const GameEntry& game, const GameState& st);
  json presence_json(const Session& s) const;
  // At the table (game_service_table.cpp).
  void note_position(const Session& s);
  json table_json(const Session& s) const;
  json chat_json(const Session& s) const;
  std::optional<Reply> rematch_action(Session& s, int side);
  std::optional<Reply> claim_action(Session& s, int side);
  // Several instances on one database: a game another instance changed
  // is read again and pushed to this instance's subscribers; a computer move another instance
  // claimed is tried again here every claim_retry_ms, in case that instance died.
  void refresh(const std::string& id);
  bool reload_locked(Session& s);
  bool caught_up(Session& s);
  static Reply stale_reply(const Session& s);
  Reply stale_or_error(Session& s, const Result<bool>& written);
  void retry_claims();
  // Deletes the games nobody ever moved in (GameServiceOptions::drop_unstarted_after_s).
  static constexpr std::int64_t kUnstartedSweepS = 600;
  void drop_unstarted();
  // Pushes the spectators' counts that changed (every kSpectatorsPushMs).
  void spectators_changed(const std::shared_ptr<Session>& s);
  void push_spectators();
  // Presence across instances (game_service_presence.cpp): each instance tells the others its
  // count of a seat's connections whenever it changes, answers an instance that has just loaded
  // the game, and says it is alive every few seconds; the counts of one silent for a while are
  // dropped (it died, and its players reconnect elsewhere).
  void seat_seen(Session& s, int side);
  void tell_presence(const Session& s, int side);
  void heard(const std::string& instance, const std::string& words);
  void keep_in_touch();
  std::shared_ptr<Session> loaded_session(const std::string& id);

  storage::GameStore& store_;
  GameArchive archive_{store_};  // the game list and imports: the store's, apart from play
  storage::ChatStore chats_;
  PlayGuard guard_;
  std::unique_ptr<Clock> own_clock_;
  Clock& clock_;
  // Timers run a game's deadline only while this says alive (stop_all ends that, waiting for
  // a deadline in progress).
  struct Alive {
    std::shared_mutex m;
    bool alive = true;
  };
  std::shared_ptr<Alive> alive_ = std::make_shared<Alive>();
  boost::asio::thread_pool& workers_;
  boost::asio::thread_pool loaders_{2};
  GameServiceOptions opt_;
  EnginePool engines_;
  ComputerQueue computer_queue_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Session>> sessions_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> ai_running_{0};
  std::mutex beats_mutex_;
  std::map<std::string, std::chrono::steady_clock::time_point> beats_;  // other instances, last heard
  std::chrono::steady_clock::time_point beat_sent_{};
  std::chrono::steady_clock::time_point unstarted_swept_ = std::chrono::steady_clock::now();
  std::mutex spectators_mutex_;
  std::vector<std::weak_ptr<Session>> spectators_changed_;
  std::jthread claim_retry_;  // last: stops first
};

}  // namespace oyin::server
