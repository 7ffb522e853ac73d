#pragma once
// Games being played on the server, as one front for the HTTP and WebSocket code: every request
// finds its game in the table, takes the game's lock, and hands the work to the one class whose
// job it is (each in its own file beside this one):
//   GameTable      the games in memory, loaded once off the I/O threads
//   GameLoader     a game read from the store, and read again after another instance's change
//   GameCreator    new games (a player's request, the lobby's pairings)
//   MoveMaker      a move checked, timed and committed before it is acknowledged
//   Resigner, Drawer, AbandonClaims, Takebacker, Rematcher, TableChat   the other seat actions
//   Timekeeper     clocks and deadlines;  SeatPresence, Spectators   who is connected
//   ComputerPlayer the computer's moves on the worker pool;  RatingKeeper, SeatAccounts   accounts
//   StateView, Broadcaster   the state as JSON and its pushes;  AnalysisGate   no engine help in play
//   FairPlayNotes  bad endings;  UnstartedGames   games never moved in, deleted
// What belongs to no single job stays here: the seat check every seat action shares, and the
// background thread that ticks the periodic jobs.
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "registry/registry.h"
#include "search/engine.h"
#include "server/common/clock.h"
#include "server/common/reply.h"
#include "server/common/subscriber.h"
#include "server/play/analysis_gate.h"
#include "server/play/broadcaster.h"
#include "server/play/computer_player.h"
#include "server/play/engine_pool.h"
#include "server/play/fair_play_notes.h"
#include "server/play/game_archive.h"
#include "server/play/game_catalog.h"
#include "server/play/game_clock.h"
#include "server/play/game_creator.h"
#include "server/play/game_endings.h"
#include "server/play/game_loader.h"
#include "server/play/game_mode.h"
#include "server/play/game_table.h"
#include "server/play/move_maker.h"
#include "server/play/rating_keeper.h"
#include "server/play/rematcher.h"
#include "server/play/seat_accounts.h"
#include "server/play/seat_presence.h"
#include "server/play/spectators.h"
#include "server/play/state_view.h"
#include "server/play/table_chat.h"
#include "server/play/takebacker.h"
#include "server/play/timekeeper.h"
#include "server/play/unstarted_games.h"
#include "storage/chat_store.h"
#include "storage/game_store.h"

namespace oyin::server {

using nlohmann::json;

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
  // for every min(this, UnstartedGames::kSweepS) seconds.
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
  // WebSocket with their token), as in any online game. `tournament`: the id of the tournament
  // that pairs it ("" for none), shown in its state; such a game has no rematch.
  Reply create_for(const std::string& game, const std::string& rules, TimeControl control, bool rated,
                   const std::int64_t (&users)[2], const std::string& tournament = "");
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
  // A player's chat line in an online game (TableChat).
  Reply chat(const std::string& id, const std::string& token, const std::string& text, std::int64_t user = 0);
  // A rematch of a finished online game (Rematcher), announced to both seats in the state's
  // "rematch": {"offered_by", "game_id"}.
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
  // The record file (PGN or SGF); on success body is {"format", "text", "filename"}. `tags`
  // replace the record's tags of the same key, or are added (the game base names the players).
  Reply record(const std::string& id, const std::vector<std::pair<std::string, std::string>>& tags = {});
  // Sends `sub` the current state as its first message, registers it for pushes and returns that
  // state (or an error, and then sends nothing). The seat's token the connection stands for (the
  // one given, or that of the seat of `user`) goes to `seat_token`: leave() wants it.
  // A spectator (no seat) is counted by Spectators (which may refuse one); spectators' comings
  // and goings are pushed at most every kSpectatorsPushMs.
  static constexpr int kSpectatorsPushMs = 500;
  Reply subscribe(const std::string& id, std::weak_ptr<Subscriber> sub, const std::string& token, std::int64_t user = 0,
                  std::string* seat_token = nullptr, const std::string& address = "");
  // Sends `text` to every connection following game `id` on this instance (none when the game is
  // not in memory here): news about the game from elsewhere, such as its analysis's progress.
  void push(const std::string& id, const std::string& text);
  // Signals from other instances that are not the play module's own (GameStore::signal words).
  void on_other_signal(std::function<void(const std::string& words)> hook) { other_signal_ = std::move(hook); }
  // An arena player's berserk (the tournament checks that it is one): `user`'s seat, before its
  // first move, halves its clock. 409 berserk_not_allowed after that move, or twice.
  Reply berserk(const std::string& id, std::int64_t user);
  // A tournament's game in which a player did not come or did not make a first move in time:
  // aborted as the first-move rule aborts a game (no result, no rating). True when it was (it was
  // in play with fewer than two plies); the side to move is the one that failed.
  bool abort_unstarted(const std::string& id);
  // `hook` hears the id of every game that ends on this instance (from a thread holding the game's
  // lock: it must only hand the work on). Set before serving.
  void on_game_ended(std::function<void(const std::string& id)> hook) { ratings_.on_ended(std::move(hook)); }
  // Blocks until no computer move is being computed (for a clean shutdown).
  void stop_all();
  std::size_t cached_games();
  // The online games in play in memory on this instance, as GET /api/online lists them (presence/):
  // [{"id", "game", "sides", "players" (as a state's), "spectators", "ply", "connected": [bool, bool]}].
  json games_in_play();

  static constexpr std::size_t kMaxPositionsPerRequest = 500;
 private:
  // Who may do a seat action: the side to move only (a move), and whether a finished game or an
  // online game allows it (undo).
  struct SeatRule {
    bool side_to_move = false;
    bool finished_ok = false;
    bool online_ok = true;
  };
  // The one path of the seat actions: finds the game, locks it, checks mode, end of game, token
  // and side, gives an unseated online seat to the acting account, then runs
  // `action(session, side)`. An action returns an error (or a special answer) or nothing, in
  // which case the new state is pushed and returned.
  template <class Action>
  Reply seat_action(const std::string& id, const std::string& token, std::int64_t user, const std::string& address,
                    SeatRule rule, Action&& action);
  // What every loaded game needs once it is in memory (GameTable's on_loaded).
  void loaded(const SessionPtr& s);
  // Another instance changed game `id` ("" = maybe any): read again and pushed if held here.
  void refresh(const std::string& id);

  storage::GameStore& store_;
  GameServiceOptions opt_;
  std::unique_ptr<Clock> own_clock_;
  Clock& clock_;
  GameArchive archive_{store_};  // the game list and imports: the store's, apart from play
  storage::ChatStore chats_;
  // The computer players use a game's shipped book only when the registry says it passed its
  // SPRT (BookSettings::played; docs/engines.md); the others stay opt-in (UCI OwnBook).
  EnginePool engines_{opt_.hash_mb, /*own_book=*/true};
  GameTable table_;
  AnalysisGate gate_{table_};
  StateView view_{clock_};
  Broadcaster broadcaster_{view_, gate_};
  GameLoader loader_{store_, chats_, clock_, gate_};
  RatingKeeper ratings_{opt_.ratings};
  SeatAccounts seat_accounts_{store_, loader_, ratings_};
  FairPlayNotes fair_play_notes_{opt_.fair_play, clock_, engines_, table_};
  Timekeeper timekeeper_{clock_, store_, loader_, broadcaster_, ratings_, fair_play_notes_};
  MoveMaker mover_{store_, clock_, loader_, timekeeper_};
  ComputerPlayer computer_;
  SeatPresence presence_{store_, clock_, table_, timekeeper_, broadcaster_};
  Spectators spectators_;
  Resigner resigner_{store_, loader_};
  Drawer drawer_{store_, loader_, view_};
  AbandonClaims claims_{store_, clock_, loader_, fair_play_notes_};
  Takebacker takebacker_{store_, clock_};
  Rematcher rematcher_{store_, opt_.fair_play};
  TableChat chat_{chats_, clock_, opt_.fair_play};
  GameCreator creator_{{store_, clock_, table_, view_, ratings_, timekeeper_, computer_, broadcaster_}};
  UnstartedGames unstarted_{store_, table_, opt_.drop_unstarted_after_s};
  std::atomic<bool> stopping_{false};
  std::function<void(const std::string&)> other_signal_;  // set before serving
  std::jthread background_;  // last: stops first
};

}  // namespace oyin::server
