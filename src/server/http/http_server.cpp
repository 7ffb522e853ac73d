#include "server/http/http_server.h"
#include "server/review/review_service.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <array>
#include <filesystem>
#include <optional>
#include <thread>

#include <sys/resource.h>

#include "core/event_log.h"
#include "learn/lesson_book.h"
#include "server/accounts/accounts.h"
#include "server/http/api.h"
#include "server/http/connection_limits.h"
#include "server/http/edge_policy.h"
#include "server/fair_play/fair_play_service.h"
#include "server/play/game_upload.h"
#include "server/learn/learn_progress.h"
#include "server/learn/result_seal.h"
#include "server/ratings/rating_service.h"
#include "server/http/websocket_session.h"
#include "server/knowledge/players_games.h"
#include "server/operations/health.h"
#include "server/operations/metrics.h"
#include "server/operations/retention.h"
#include "server/tournaments/tournament_service.h"
#include "storage/migrations.h"

namespace oyin::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr auto kReadTimeout = std::chrono::seconds(30);
constexpr auto kWriteTimeout = std::chrono::seconds(30);
constexpr auto kDrainTimeout = std::chrono::seconds(5);
constexpr std::size_t kMaxBodyBytes = 1u << 20;
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;
constexpr std::size_t kMaxDrainBytes = 64u << 20;

// A header that may be sent more than once (X-Forwarded-For), its values joined as one list.
std::string joined(const http::request<http::string_body>& req, std::string_view name) {
  std::string out;
  for (auto [it, end] = req.equal_range(name); it != end; ++it) {
    if (!out.empty()) out += ", ";
    out += it->value();
  }
  return out;
}

bool changes_state(http::verb v) {
  return v == http::verb::post || v == http::verb::put || v == http::verb::patch || v == http::verb::delete_;
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `place`: this connection's place under the per-address cap (passed on to a WebSocket).
  HttpSession(tcp::socket&& socket, Services& services, const EdgePolicy& edge, net::ip::address peer,
              std::shared_ptr<void> place)
      : stream_(std::move(socket)), services_(services), edge_(edge), peer_(peer), place_(std::move(place)) {}

  void run() { net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read, shared_from_this())); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kMaxBodyBytes);
    parser_->header_limit(kMaxHeaderBytes);
    stream_.expires_after(kReadTimeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return shutdown();
    if (ec == http::error::body_limit) return refuse(413, "too_large", "the request body is over 1 MiB");
    if (ec == http::error::header_limit) return refuse(431, "headers_too_large", "the request headers are over 16 KiB");
    if (ec && ec.category() == http::make_error_code(http::error::need_more).category() &&
        ec != http::error::partial_message)
      return refuse(400, "bad_request", std::string("bad HTTP request: ") + ec.message());
    if (ec) return;  // timeout or a broken connection: drop it
    http::request<http::string_body> req = parser_->release();
    // Each request of a proxy's kept-alive connection may be another client's.
    const ClientView client = client_of(peer_, joined(req, "X-Forwarded-For"), joined(req, "X-Forwarded-Proto"),
                                        edge_.trusted_proxies);
    host_ = std::string(req[http::field::host]);
    secure_ = client.secure;
    const bool upgrade = websocket::is_upgrade(req);
    if ((upgrade || changes_state(req.method())) &&
        !edge_.origins.allowed(req[http::field::origin], req["Sec-Fetch-Site"], host_, secure_))
      return refuse(403, "bad_origin", "this request comes from a page of another origin");
    if (req.method() == http::verb::get && (req.target() == "/metrics" || req.target().starts_with("/metrics?")))
      return answer_metrics(client.address, std::string(req[http::field::authorization]), req.keep_alive(), req.version());
    if (upgrade) {
      beast::get_lowest_layer(stream_).expires_never();
      start_websocket(stream_.release_socket(), std::move(req), services_, client.address, place_);
      return;
    }
    keep_alive_ = req.keep_alive();
    version_ = req.version();
    if (services_.drain) busy_ = services_.drain->hold();
    const bool head = req.method() == http::verb::head;
    const std::uint64_t request = ++request_serial_;
    cancelled_ = std::make_shared<std::atomic<bool>>(false);
    auto answered = std::make_shared<std::atomic<bool>>(false);
    HttpRequest r{std::string(req.method_string()), std::string(req.target()), std::move(req.body()),
                  host_, client.address, cancelled_,
                  std::string(req[http::field::cookie]), secure_, edge_.link_base(host_, secure_),
                  std::string(req[kSeatHeader])};
    services_.api.handle(r, [self = shared_from_this(), head, answered](HttpResponse res) {
      *answered = true;
      // May be called from a worker (analysis): hop back onto this connection's strand.
      net::post(self->stream_.get_executor(), [self, head, res = std::move(res)]() mutable {
        self->write(std::move(res), head);
      });
    });
    if (!*answered) watch_for_close(request);
  }

  // GET /metrics: the Prometheus text to a loopback client or one with the bearer token, else 404
  // (as if there were no such path).
  void answer_metrics(const std::string& client, std::string_view authorization, bool keep_alive, unsigned version) {
    keep_alive_ = keep_alive;
    version_ = version;
    if (!metrics_allowed(client, authorization, services_.metrics_token))
      return write(HttpResponse{404, json{{"error", "not found"}, {"code", "not_found"}}.dump(), "application/json", {}}, false);
    write(HttpResponse{200, Metrics::process().render(static_cast<std::int64_t>(services_.games.cached_games())),
                       "text/plain; version=0.0.4; charset=utf-8", {{"Cache-Control", "no-store"}}},
          false);
  }

  // While a slow answer (an analysis) is pending, notice the client closing its end: the
  // socket turns readable with nothing to read. Pipelined bytes are left for the next read.
  void watch_for_close(std::uint64_t request) {
    stream_.socket().async_wait(tcp::socket::wait_read, [self = shared_from_this(), request](beast::error_code ec) {
      if (ec || request != self->request_serial_ || self->writing_) return;
      beast::error_code e;
      const std::size_t n = self->stream_.socket().available(e);
      if (e || n == 0) *self->cancelled_ = true;
    });
  }

  void write(HttpResponse r, bool head) {
    auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(r.status), version_);
    res->set(http::field::server, "oyin");
    res->set(http::field::content_type, r.content_type);
    res->set("X-Content-Type-Options", "nosniff");
    edge_.finish(r, host_, secure_);
    for (const auto& [k, v] : r.headers) res->set(k, v);
    // A stopping server answers and closes (the client's next request goes to another instance).
    res->keep_alive(keep_alive_ && !(services_.drain && services_.drain->draining()));
    res->body() = std::move(r.body);
    res->prepare_payload();
    if (head) res->body().clear();
    writing_ = true;
    stream_.expires_after(kWriteTimeout);
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      ++self->request_serial_;  // a close watch still pending is stale now
      self->busy_.reset();
      if (ec) return;
      if (!res->keep_alive()) return self->shutdown();
      self->read();
    });
  }

  // An error answered before the request was read in full: answer, then read and drop what the
  // client still sends, so that closing does not reset the connection under the answer.
  void refuse(int status, const char* code, const std::string& why) {
    keep_alive_ = false;
    write(HttpResponse{status, json{{"error", why}, {"code", code}}.dump(), "application/json", {}}, false);
  }

  void shutdown() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (ec) return;
    stream_.expires_after(kDrainTimeout);
    drain();
  }

  void drain() {
    stream_.async_read_some(net::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      self->drained_ += n;
      if (ec || self->drained_ > kMaxDrainBytes) {
        beast::error_code ignored;
        self->stream_.socket().close(ignored);
        return;
      }
      self->drain();
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Services& services_;
  const EdgePolicy& edge_;
  net::ip::address peer_;
  std::shared_ptr<void> place_;
  std::string host_;  // of the request being answered: its links and headers
  bool secure_ = false;
  std::shared_ptr<std::atomic<bool>> cancelled_;
  std::uint64_t request_serial_ = 0;
  bool writing_ = false;
  bool keep_alive_ = true;
  unsigned version_ = 11;
  std::array<char, 16384> scratch_{};
  std::size_t drained_ = 0;
  std::shared_ptr<void> busy_;  // held from a request's reading to its answer's writing (Drain)
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, tcp::acceptor&& acceptor, Services& services, const EdgePolicy& edge,
           ConnectionLimits& limits)
      : ioc_(ioc), acceptor_(std::move(acceptor)), services_(services), edge_(edge), limits_(limits), pause_(ioc) {}
  void accept() {
    acceptor_.async_accept(net::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }
  // No more connections (a drain): the listening socket is closed, so the kernel refuses them.
  void stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ec;
      self->acceptor_.close(ec);
    });
  }

 private:
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (ec == net::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
        ec == net::error::no_buffer_space || ec == net::error::no_memory) {
      // The waiting connection stays queued, so accepting again at once fails again at once:
      // a busy loop. Wait for some connection to close instead.
      if (!out_of_files_) event_log::error("accept_failed", {{"error", ec.message()}, {"retry_ms", 100}});
      out_of_files_ = true;
      pause_.expires_after(std::chrono::milliseconds(100));
      pause_.async_wait([self = shared_from_this()](beast::error_code e) {
        if (!e) self->accept();
      });
      return;
    }
    out_of_files_ = false;
    if (!ec) admit(std::move(socket));
    accept();
  }

  // A trusted proxy carries everyone's connections: only direct clients are capped here.
  void admit(tcp::socket socket) {
    beast::error_code ec;
    const auto peer = socket.remote_endpoint(ec);
    if (ec) return;
    std::shared_ptr<void> place;
    if (!in_ranges(peer.address(), edge_.trusted_proxies)) {
      place = limits_.take(client_of(peer.address(), {}, {}, {}).address);
      if (!place) return;  // closed at once: the cheapest refusal
    }
    std::make_shared<HttpSession>(std::move(socket), services_, edge_, peer.address(), std::move(place))->run();
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  Services& services_;
  const EdgePolicy& edge_;
  ConnectionLimits& limits_;
  net::steady_timer pause_;
  bool out_of_files_ = false;
};

// Each connection is a file descriptor: take all the hard limit allows (a unit may raise it).
void raise_file_limit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur >= r.rlim_max) return;
  r.rlim_cur = r.rlim_max;
  setrlimit(RLIMIT_NOFILE, &r);
}

// What is wrong with the options ("" when nothing); sets the event log's level.
std::string check_options(const ServerOptions& opt) {
  if (opt.port < 0 || opt.port > 65535) return "--port must be 0..65535";
  const auto level = event_log::parse_level(opt.log_level);
  if (!level) return "--log-level must be debug, info, warn or error";
  event_log::set_level(*level);
  if (opt.slow_request_ms < 0) return "--slow-request-ms must be 0 or more";
  if (opt.retention_days < 0 || opt.retention_every_s < 1) return "--retention-days must be 0 or more, --retention-every at least 1";
  if (opt.max_connections_per_address < 1) return "--max-connections-per-address must be at least 1";
  if (opt.clock != "steady" && opt.clock != "manual") return "--clock must be steady or manual";
  return "";
}

// Binds and listens on --host:--port; "" or why not.
std::string listen(tcp::acceptor& acceptor, const ServerOptions& opt) {
  beast::error_code ec;
  const auto address = net::ip::make_address(opt.host, ec);
  if (ec) return "--host '" + opt.host + "' is not an IP address";
  const tcp::endpoint ep(address, static_cast<unsigned short>(opt.port));
  acceptor.open(ep.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(ep, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return "cannot listen on " + opt.host + ":" + std::to_string(opt.port) + ": " + ec.message();
  return "";
}

constexpr std::size_t kBlockingThreads = 32;
constexpr std::chrono::milliseconds kDrainLimit{10'000};

// Runs the I/O threads until SIGTERM or SIGINT has been drained (server/http/drain.h; a second
// signal stops at once).
void run_until_drained(net::io_context& ioc, int io_threads, const std::function<void()>& stop_accepting, Drain& drain) {
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code ec, int) {
    if (ec) return;
    stop_accepting();
    drain.start(ioc, kDrainLimit, [&] { ioc.stop(); });
    signals.async_wait([&](beast::error_code e, int) {
      if (!e) ioc.stop();
    });
  });
  std::vector<std::thread> threads;
  for (int i = 1; i < io_threads; ++i) threads.emplace_back([&] { ioc.run(); });
  ioc.run();
  for (auto& t : threads) t.join();
}

const char* store_kind(const ServerOptions& opt) { return storage::is_postgres_url(opt.db) ? "postgresql" : "sqlite"; }

void log_start(const ServerOptions& opt, int port, std::int64_t games, int workers) {
  event_log::info("start", {{"host", opt.host}, {"port", port}, {"store", store_kind(opt)},
                            {"db", storage::without_password(opt.db)}, {"version", opt.version}, {"games", games},
                            {"io_threads", opt.io_threads}, {"workers", workers}, {"log_level", opt.log_level}});
}

}  // namespace

namespace {

GameServiceOptions game_options(const ServerOptions& opt, int workers, RatingService& ratings, FairPlayService& fair_play,
                                Clock& clock) {
  GameServiceOptions game_opt;
  game_opt.ratings = &ratings;
  game_opt.fair_play = &fair_play;
  game_opt.hash_mb = opt.hash_mb;
  game_opt.clock = &clock;
  // Of the workers at most half go to one player's games: another player's computer always has one.
  game_opt.computer_slots = workers;
  game_opt.computer_per_owner = std::max(1, workers / 2);
  game_opt.drop_unstarted_after_s = opt.drop_unstarted_after_s;
  return game_opt;
}

}  // namespace

std::string run_server(const ServerOptions& opt, std::ostream& log) {
  namespace fs = std::filesystem;
  if (std::string err = check_options(opt); !err.empty()) return err;
  raise_file_limit();
  auto edge = EdgePolicy::make(opt.trusted_proxies, opt.public_urls);
  if (!edge) return edge.error();
  std::error_code fs_ec;
  if (const fs::path dir = fs::path(opt.db).parent_path(); !dir.empty() && !storage::is_postgres_url(opt.db))
    fs::create_directories(dir, fs_ec);
  auto store = storage::GameStore::open(opt.db);
  if (!store) return store.error();
  // The game base and explorer share the game store's connections (and schema).
  storage::KnowledgeStore knowledge_store((*store)->db());

  // Before the io_context: WebSockets a service still holds give their places back last.
  ConnectionLimits limits(static_cast<std::size_t>(opt.max_connections_per_address));
  net::io_context ioc(opt.io_threads);
  tcp::acceptor acceptor(ioc);
  if (std::string err = listen(acceptor, opt); !err.empty()) return err;
  const int port = acceptor.local_endpoint().port();
  edge->listening_on(opt.host, port);

  // The lessons are read and checked by the rules once, before the first request needs them.
  if (!lessons::shipped_lessons_error().empty()) return "lessons: " + lessons::shipped_lessons_error();
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int workers = opt.workers > 0 ? opt.workers : std::max(2, cores);
  net::thread_pool pool(static_cast<std::size_t>(workers));
  std::unique_ptr<Clock> clock;
  ManualClock* manual = nullptr;
  if (opt.clock == "manual") clock = std::unique_ptr<Clock>(manual = new ManualClock());
  else clock = std::make_unique<SteadyClock>();
  RatingService ratings((*store)->db());
  // Blocks, mutes and playbans; told of the accounts and the lobby once they are made.
  FairPlayService fair_play((*store)->db(), *clock);
  GameService games(**store, pool, game_options(opt, workers, ratings, fair_play, *clock));
  // Told of every game that ends before any can (a timer may end one once they are resumed).
  TournamentService tournaments((*store)->db(), games, *clock, opt.db);
  // People's rated games go into the game base as they end (server/knowledge/players_games.h).
  PlayersGames players_games(**store, knowledge_store, games);
  games.on_game_ended([&tournaments, &players_games](const std::string& id) {
    tournaments.game_ended(id);
    players_games.game_ended(id);
  });
  games.resume_timed_games();
  AnalysisService analysis({.threads = opt.analysis_threads > 0 ? opt.analysis_threads : std::max(1, cores / 2),
                            .hash_mb = opt.hash_mb});
  analysis.set_gate([&games](const json& req, const GameState& st) { return games.analysis_refusal(req, st); });
  Api api(games, analysis, opt.web_root);
  ReviewService review(**store, games, *clock, {.workers = opt.analysis_workers, .hash_mb = opt.hash_mb});
  games.on_other_signal([&review](const std::string& words) { review.heard(words); });
  api.set_review(&review);
  KnowledgeService knowledge(knowledge_store, games, opt.hash_mb);
  api.set_knowledge(&knowledge);
  api.set_manual_clock(manual);
  // Real time, even with --clock manual: the limits are about what a client sends per second.
  SteadyClock limits_clock;
  ClientLimits client_limits{.games_per_minute = opt.max_games_per_minute};
  api.set_limits(limits_clock, client_limits);
  api.set_browser_computer_games(opt.browser_computer_games);
  storage::SeekStore seek_store((*store)->db());
  LobbyService lobby(seek_store, games, *clock, opt.db);
  api.set_lobby(&lobby);
  AccountService accounts((*store)->db(), *clock);
  api.set_accounts(&accounts);
  lobby.set_accounts(&accounts.store());
  api.set_ratings(&ratings);
  GameUploads uploads((*store)->db());
  api.set_uploads(&uploads);
  fair_play.set_accounts(&accounts);
  fair_play.on_lobby_changed([&lobby] { lobby.rows_withdrawn(); });
  api.set_fair_play(&fair_play);
  lobby.set_fair_play(&fair_play);

  auto seal = ResultSeal::load((*store)->db());
  if (!seal) return seal.error();
  api.set_result_seal(&*seal);
  LearnProgressService learning((*store)->db());
  learning.set_seal(&*seal);
  api.set_learn_progress(&learning);
  api.set_tournaments(&tournaments);
  tournaments.start();
  // Game sockets' messages run here: a move waits for its commit, and many waiting at once are
  // what lets the store commit them together (storage/group_commit.h).
  net::thread_pool blocking(kBlockingThreads);
  Services services{games, analysis, api, lobby, &tournaments, opt.metrics_token, &blocking};
  Readiness readiness((*store)->db(), static_cast<int>(storage::schema_migrations().size()));
  api.set_readiness(&readiness);
  api.set_slow_request_ms(opt.slow_request_ms);
  RetentionScheduler retention((*store)->db(), *clock, {opt.retention_days, opt.retention_every_s * 1000});
  retention.start();

  Drain drain;
  services.drain = &drain;
  auto listener = std::make_shared<Listener>(ioc, std::move(acceptor), services, *edge, limits);
  listener->accept();

  const auto count = (*store)->count();
  log << "oyin serve: listening on http://" << opt.host << ":" << port << " (database " << storage::without_password(opt.db) << ", "
      << (count ? *count : 0) << " games, web UI from " << opt.web_root << ")" << std::endl;
  log_start(opt, port, count ? static_cast<std::int64_t>(*count) : 0, workers);
  run_until_drained(ioc, opt.io_threads, [&] { listener->stop(); }, drain);
  blocking.join();
  retention.stop();
  tournaments.stop();
  fair_play.on_lobby_changed({});  // the lobby goes before the games' loader threads do
  review.stop();
  games.on_other_signal({});
  games.stop_all();
  analysis.stop_all();
  accounts.stop();
  knowledge.stop();
  pool.join();
  log << "oyin serve: stopped" << std::endl;
  event_log::info("stop", {{"port", port}, {"store", store_kind(opt)}, {"version", opt.version}});
  return {};
}

}  // namespace oyin::server
