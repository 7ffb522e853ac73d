#include "server/operations/metrics.h"
#include "server/http/websocket_session.h"
#include "server/tournaments/tournament_service.h"

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <deque>
#include <mutex>
#include <unordered_map>

#include "server/common/request_json.h"

namespace oyin::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::size_t kMaxMessageBytes = 64 * 1024;
constexpr std::size_t kMaxQueuedMessages = 4096;  // a reader this far behind is dropped

// The comma-separated entries of a Sec-WebSocket-Protocol header.
std::vector<std::string_view> protocols(std::string_view header) {
  std::vector<std::string_view> out;
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view p = header.substr(0, comma);
    while (!p.empty() && p.front() == ' ') p.remove_prefix(1);
    while (!p.empty() && p.back() == ' ') p.remove_suffix(1);
    if (!p.empty()) out.push_back(p);
    if (comma == std::string_view::npos) break;
    header.remove_prefix(comma + 1);
  }
  return out;
}

bool offers_protocol(std::string_view header, std::string_view name) {
  for (const auto p : protocols(header))
    if (p == name) return true;
  return false;
}

std::string seat_from_protocols(std::string_view header) {
  for (const auto p : protocols(header))
    if (p.starts_with(kSeatProtocolPrefix)) return std::string(p.substr(kSeatProtocolPrefix.size()));
  return {};
}

class WsSession : public std::enable_shared_from_this<WsSession>, public Subscriber, public Drainable {
 public:
  WsSession(tcp::socket&& socket, Services& services, std::string client_address, std::shared_ptr<void> place)
      : ws_(std::move(socket)), services_(services), client_("ws #" + std::to_string(++serial_)),
        client_address_(std::move(client_address)), place_(std::move(place)) {
    Metrics::process().websocket_opened();
  }

  ~WsSession() override {
    stop_analyses();
    Metrics::process().websocket_closed();
  }

  void run(http::request<http::string_body> req) {
    const Target t = parse_target(std::string(req.target()));
    const auto parts = split_path(t.path);
    if (parts.size() == 3 && parts[0] == "ws" && parts[1] == "games") {
      game_id_ = parts[2];
      token_ = t.param("token");
      // A browser sends its seat's token as a subprotocol ("oyin.seat.<token>" beside "oyin"),
      // not in the URL, which a proxy's access log keeps.
      if (const std::string seat = seat_from_protocols(req[http::field::sec_websocket_protocol]); !seat.empty()) token_ = seat;
      // A signed-in player, and whether that account wants the chat (read once per connection).
      if (const auto who = services_.api.account_of_cookie(std::string(req[http::field::cookie]))) {
        user_ = who->id;
        wants_chat_ = who->chat;
      }
    } else if (parts.size() == 2 && parts[0] == "ws" && parts[1] == "lobby") {
      lobby_ = true;
      user_ = services_.api.user_of_cookie(std::string(req[http::field::cookie]));  // hears of its challenges
    } else if (parts.size() == 3 && parts[0] == "ws" && parts[1] == "tournaments" && services_.tournaments) {
      tournament_id_ = parts[2];
      user_ = services_.api.user_of_cookie(std::string(req[http::field::cookie]));  // hears of its games
    } else if (!(parts.size() == 2 && parts[0] == "ws" && parts[1] == "analysis")) {
      return refuse(std::move(req), 404, "no WebSocket channel " + t.path);
    }
    analysis_ = game_id_.empty() && !lobby_ && tournament_id_.empty();
    // An analysis channel shares its client's limit with the client's other connections.
    if (analysis_) client_ = client_key(services_.api.user_of_cookie(std::string(req[http::field::cookie])), client_address_);
    // Pings every 10 s: a player whose connection broke is seen away within 20 s (the claim
    // against an absent player counts from then).
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = std::chrono::seconds(20);
    ws_.set_option(timeouts);
    ws_.read_message_max(kMaxMessageBytes);
    // A client that offers subprotocols must get one of them back, or the browser drops the socket.
    if (offers_protocol(req[http::field::sec_websocket_protocol], kProtocol))
      ws_.set_option(websocket::stream_base::decorator(
          [](websocket::response_type& res) { res.set(http::field::sec_websocket_protocol, kProtocol); }));
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  bool wants_chat() const override { return wants_chat_; }

  // The server is stopping: a close frame (1001, going away), after what is queued to be sent.
  void close_for_restart() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      if (self->closed_ || self->closing_) return;
      self->closing_ = true;
      self->ws_.async_close(websocket::close_reason(websocket::close_code::going_away, "server restarting"),
                            [self](beast::error_code) {});
    });
  }

  void send_text(std::string text) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable {
      if (self->closed_) return;
      if (self->queue_.size() >= kMaxQueuedMessages) {
        self->closed_ = true;
        beast::get_lowest_layer(self->ws_).close();
        return;
      }
      self->queue_.push_back(std::move(text));
      if (self->queue_.size() == 1) self->write();
    });
  }

 private:
  void refuse(http::request<http::string_body> req, int status, const std::string& why) {
    auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(status), req.version());
    res->set(http::field::content_type, "application/json");
    res->body() = wire_text(json{{"error", why}, {"code", "not_found"}});
    res->prepare_payload();
    res->keep_alive(false);
    auto& stream = beast::get_lowest_layer(ws_);
    http::async_write(stream, *res, [self = shared_from_this(), res](beast::error_code, std::size_t) {
      beast::error_code ec;
      beast::get_lowest_layer(self->ws_).socket().shutdown(tcp::socket::shutdown_send, ec);
    });
  }

  void on_accept(beast::error_code ec) {
    if (ec) return;
    if (services_.drain) services_.drain->add(std::static_pointer_cast<Drainable>(shared_from_this()));
    if (lobby_) {
      const Reply r = services_.lobby.subscribe(shared_from_this(), user_, client_address_);
      if (r.status >= 400) return refuse_lobby(r);
    }
    if (!tournament_id_.empty()) {
      // The tournament is read from the store: not on this I/O thread.
      services_.games.run_slow([self = shared_from_this()] {
        const Reply r = self->services_.tournaments->subscribe(self->tournament_id_, self, self->user_);
        if (r.status != 200)
          self->send_text(wire_text(json{{"type", "error"}, {"status", r.status}, {"error", r.status >= 500 ? json("internal error") : r.body["error"]}, {"code", r.code()}}));
      });
    } else if (!analysis_ && !lobby_) {
      // A stored game is replayed on a loader thread, not on this I/O thread.
      services_.games.when_loaded(game_id_, [self = shared_from_this()] {
        std::string seat;
        const Reply r = self->services_.games.subscribe(self->game_id_, self->weak_from_this(), self->token_, self->user_, &seat,
                                                        self->client_address_);
        if (r.status != 200) {
          // A server error's text may be the database's own: it is logged, not sent.
          const json error = r.status >= 500 ? json("internal error") : r.body["error"];
          self->send_text(wire_text(json{{"type", "error"}, {"status", r.status}, {"error", error}, {"code", r.code()}}));
        } else {  // the first state has gone out from subscribe, ahead of any push
          bool gone;
          {
            std::lock_guard lock(self->presence_mutex_);
            self->token_ = seat;  // the seat a signed-in player's connection stands for
            self->subscribed_ = true;
            gone = self->gone_;
          }
          if (gone) self->services_.games.leave(self->game_id_, self->token_, self->client_address_);  // closed while subscribing
        }
      });
    }
    read();
  }

  // One client's lobby sockets past the limit: told why, then closed (no read: nothing it says counts).
  void refuse_lobby(const Reply& r) {
    auto text = std::make_shared<std::string>(
        wire_text(json{{"type", "error"}, {"status", r.status}, {"error", r.body["error"]}, {"code", r.code()},
                       {"params", r.body.value("params", json::object())}}));
    closed_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(*text), [self = shared_from_this(), text](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->ws_.async_close(websocket::close_reason(websocket::close_code::try_again_later, "too many lobby sockets"),
                            [self](beast::error_code) {});
    });
  }

  void read() { ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this())); }

  // The client is gone (closed, or the connection broke): its analyses stop.
  void stop_analyses() {
    std::lock_guard lock(analyses_mutex_);
    for (auto& [id, stop] : analyses_) *stop = true;
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) {
      closed_ = true;
      stop_analyses();
      bool subscribed;
      {
        std::lock_guard lock(presence_mutex_);
        gone_ = true;
        subscribed = subscribed_;
      }
      if (subscribed) services_.games.leave(game_id_, token_, client_address_);
      if (lobby_) services_.lobby.leave(this);
      if (!tournament_id_.empty()) services_.tournaments->leave(this);
      return;
    }
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    auto parsed = parse_request_json(text, kMaxMessageBytes);
    if (!parsed) {
      send_text(wire_text(json{{"type", "error"}, {"status", 400}, {"error", parsed.error()}, {"code", request_json_error_code(parsed.error())}}));
    } else if (!parsed->is_object()) {
      send_text(wire_text(json{{"type", "error"}, {"status", 400}, {"error", "a message must be a JSON object"}, {"code", "not_an_object"}}));
    } else if (!lobby_ && !analysis_ && tournament_id_.empty() && services_.blocking) {
      // A game's message waits for its commit on a thread of the pool, not on this I/O thread (a
      // few I/O threads would otherwise hold a few commits in flight, and the store could not
      // join many into one); the next message is read once it is done, so they keep their order.
      net::post(*services_.blocking, [self = shared_from_this(), msg = std::move(*parsed)] {
        self->on_message(msg);
        net::post(self->ws_.get_executor(), [self] { self->read(); });
      });
      return;
    } else {
      on_message(*parsed);
    }
    read();
  }

  void on_message(const json& msg) {
    try {
      if (!tournament_id_.empty()) return;  // nothing to say on a tournament's channel
      if (lobby_) on_lobby_message(msg);
      else if (analysis_) on_analysis_request(msg);
      else on_game_message(msg);
    } catch (const json::exception& e) {  // a field of the wrong type
      send_text(wire_text(json{{"type", "error"}, {"status", 400}, {"error", std::string("bad request: ") + e.what()}, {"code", "field_type"}}));
    }
  }

  // {"type": "move", "move": "...", "token": "..."} (and resign/undo/draw): the new state comes
  // back as a push like everyone else's; only a refusal is answered here.
  void on_game_message(const json& msg) {
    const auto type_field = string_field(msg, "type");
    std::string seat;
    {
      std::lock_guard lock(presence_mutex_);  // set by the subscription, on a loader thread
      seat = token_;
    }
    const auto token_field = string_field(msg, "token", seat);
    const auto move_field = string_field(msg, "move");
    const std::string type = type_field ? *type_field : "";
    const std::string token = token_field ? *token_field : "";
    Reply r;
    if (!type_field || !token_field) {
      r = Reply::error(400, "field_type", !type_field ? type_field.error() : token_field.error());
    } else if (type == "move") {
      if (!move_field) r = Reply::error(400, "field_type", move_field.error());
      else r = services_.games.move(game_id_, *move_field, token, user_, client_address_);
    } else if (type == "resign") {
      r = services_.games.resign(game_id_, token, user_, client_address_);
    } else if (type == "undo") {
      r = services_.games.undo(game_id_, token, user_, client_address_);
    } else if (type == "draw") {
      r = services_.games.draw(game_id_, token, user_, client_address_);
    } else if (type == "claim") {
      r = services_.games.claim(game_id_, token, user_, client_address_);
    } else if (type == "rematch") {
      r = services_.games.rematch(game_id_, token, user_);
    } else if (type == "chat") {
      const auto text = string_field(msg, "text");
      if (!text) r = Reply::error(400, "field_type", text.error());
      else r = services_.games.chat(game_id_, token, *text, user_);
    } else if (type == "ping") {
      send_text(wire_text(json{{"type", "pong"}, {"id", msg.value("id", json(nullptr))}}));
      return;
    } else {
      r = Reply::error(400, "unknown_message", "unknown message type '" + type + "' (move, resign, undo, draw, claim, rematch, chat, ping)");
    }
    if (r.status >= 400)
      send_text(wire_text(json{{"type", "error"}, {"status", r.status}, {"error", r.body["error"]}, {"code", r.code()},
                               {"params", r.body.value("params", json::object())}, {"request", msg}}));
  }

  // {"type": "hello", "seek_tokens": [...]}: this socket speaks for the seeks it created.
  void on_lobby_message(const json& msg) {
    const auto type = string_field(msg, "type");
    const std::string t = type ? *type : "";
    if (t == "ping") {
      send_text(wire_text(json{{"type", "pong"}, {"id", msg.value("id", json(nullptr))}}));
      return;
    }
    if (t != "hello") {
      send_text(wire_text(json{{"type", "error"}, {"status", 400}, {"error", "unknown message type '" + t + "' (hello, ping)"}, {"code", "unknown_message"}}));
      return;
    }
    std::vector<std::string> tokens;
    const json list = msg.value("seek_tokens", json::array());
    if (!list.is_array()) {
      send_text(wire_text(json{{"type", "error"}, {"status", 400}, {"error", "seek_tokens must be an array of strings"}, {"code", "field_type"}}));
      return;
    }
    for (const json& x : list)
      if (x.is_string()) tokens.push_back(x.get<std::string>());
    const Reply r = services_.lobby.hello(shared_from_this(), tokens);
    if (r.status >= 400)
      send_text(wire_text(json{{"type", "error"}, {"status", r.status}, {"error", r.body["error"]}, {"code", r.code()},
                               {"params", r.body.value("params", json::object())}, {"request", "hello"}}));
  }

  // {"id": ..., "game", "position", "moves", "movetime"} or {"id": ..., "action": "terminate"}.
  void on_analysis_request(const json& msg) {
    const json id = msg.contains("id") ? msg["id"] : json(nullptr);
    const std::string key = id.dump();  // nesting is bounded by the parser: dump is safe
    const auto action = string_field(msg, "action");
    if (!action) {
      send_text(wire_text(json{{"id", id}, {"error", action.error()}, {"code", "field_type"}, {"status", 400}}));
      return;
    }
    if (*action == "terminate") {
      std::lock_guard lock(analyses_mutex_);
      if (auto it = analyses_.find(key); it != analyses_.end()) *it->second = true;
      send_text(wire_text(json{{"id", id}, {"terminated", true}}));
      return;
    }
    auto stop = std::make_shared<std::atomic<bool>>(false);
    {
      std::lock_guard lock(analyses_mutex_);
      if (analyses_.contains(key)) {
        send_text(wire_text(json{{"id", id}, {"error", "a request with this id is in flight"}, {"code", "duplicate_id"}, {"status", 409}}));
        return;
      }
      analyses_[key] = stop;
    }
    std::weak_ptr<WsSession> weak = weak_from_this();
    const Reply r = services_.analysis.start(msg, client_, [weak, key](const json& line) {
      auto self = weak.lock();
      if (!self) return;
      if (line.value("done", false)) {
        std::lock_guard lock(self->analyses_mutex_);
        self->analyses_.erase(key);
      }
      self->send_text(line.dump());
    }, stop);
    if (r.status >= 400) {
      {
        std::lock_guard lock(analyses_mutex_);
        analyses_.erase(key);
      }
      send_text(wire_text(json{{"id", id}, {"error", r.body["error"]}, {"code", r.code()}, {"status", r.status}}));
    }
  }

  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) {
      closed_ = true;
      queue_.clear();
      return;
    }
    queue_.pop_front();
    if (!queue_.empty()) write();
  }

  websocket::stream<beast::tcp_stream> ws_;
  Services& services_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool closed_ = false;
  bool closing_ = false;  // a close frame for a restart is on its way
  bool analysis_ = false;
  bool lobby_ = false;
  std::string tournament_id_;
  std::string client_;  // the key of this connection's analysis limit (client_key())
  std::string client_address_;  // the real client's address (the forwarded one behind a trusted proxy)
  std::shared_ptr<void> place_;  // under the per-address connection cap, while open
  static inline std::atomic<std::uint64_t> serial_{0};
  std::string game_id_, token_;
  std::int64_t user_ = 0;  // the account of the upgrade request's session cookie, 0 for a guest
  bool wants_chat_ = true;  // that account's chat setting (a guest: the browser hides it or not)
  std::mutex presence_mutex_;  // a game channel: subscribed, and gone (the client closed)
  bool subscribed_ = false, gone_ = false;
  std::mutex analyses_mutex_;
  std::unordered_map<std::string, std::shared_ptr<std::atomic<bool>>> analyses_;
};

}  // namespace

void start_websocket(tcp::socket&& socket, http::request<http::string_body> req, Services& services,
                     std::string client_address, std::shared_ptr<void> place) {
  std::make_shared<WsSession>(std::move(socket), services, std::move(client_address), std::move(place))
      ->run(std::move(req));
}

}  // namespace oyin::server
