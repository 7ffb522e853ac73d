#pragma once
// WebSocket channels: /ws/games/{id} (state pushes; moves may be sent too), /ws/analysis
// (one JSON request per message, answered by a stream of lines carrying the request id) and
// /ws/lobby (the seeks as they change; a creator's hello names its seeks, whose games it is told of)
// and /ws/tournaments/{id} (the tournament as it changes; a player's new games).
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/http/api.h"
#include "server/http/drain.h"

namespace oyin::server {

namespace websocket = boost::beast::websocket;

struct Services {
  GameService& games;
  AnalysisService& analysis;
  Api& api;
  LobbyService& lobby;
  // /ws/tournaments/{id}; without it that channel answers 404.
  TournamentService* tournaments = nullptr;
  // GET /metrics (server/operations/metrics.h): answered to loopback clients, and to others that
  // send "Authorization: Bearer <metrics_token>" when it is set.
  std::string metrics_token = {};
  // Threads for the game sockets' messages (a move waits there for its commit); none: the I/O thread's own.
  boost::asio::thread_pool* blocking = nullptr;
  // SIGTERM's drain: closes the sockets, waits for the requests (none: a plain stop).
  Drain* drain = nullptr;
};

// Takes over a socket whose HTTP request asked for an upgrade (answers 404 on unknown paths).
// `client_address`: the real client's (behind a trusted proxy, the forwarded one); `place`: the
// connection's place under the per-address cap, held while the WebSocket is open.
void start_websocket(boost::asio::ip::tcp::socket&& socket,
                     boost::beast::http::request<boost::beast::http::string_body> req, Services& services,
                     std::string client_address = {}, std::shared_ptr<void> place = {});

}  // namespace oyin::server
