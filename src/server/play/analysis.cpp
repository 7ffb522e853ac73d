#include "server/play/analysis.h"

#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <latch>

#include "registry/registry.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {
constexpr int kMaxMovetimeMs = 10000;
constexpr int kAnalysisNice = 10;  // the computer players' searches come first

// The line in the notation of the game's move list (its record notation), as a player reads it;
// "pv" stays in the protocol notation the engines speak.
json pv_text(const GameState& st, const std::vector<std::string>& pv) {
  json out = json::array();
  if (pv.empty()) return out;
  auto probe = st.clone();
  for (const std::string& m : pv) {
    auto r = probe->play(m);
    if (!r) break;
    out.push_back(*r);
  }
  return out;
}

json info_json(const json& id, const SearchInfo& i, const GameState& st) {
  const int sign = st.side_to_move() == Side::First ? 1 : -1;
  json j{{"id", id},         {"depth", i.depth}, {"seldepth", i.seldepth}, {"multipv", i.multipv},
         {"score", i.score_cp}, {"score_first", sign * i.score_cp}, {"nodes", i.nodes}, {"time_ms", i.time_ms},
         {"pv", i.pv}, {"pv_text", pv_text(st, i.pv)}};
  if (i.is_mate) j["mate"] = i.mate_in;
  // The first side's chance to win, from the game's curve (registry/win_chance.h): what a player
  // reads instead of the engine's units.
  if (const GameEntry* entry = find_game(st.game())) {
    const double w = entry->win_chance().of(i.score_cp, i.is_mate ? std::optional<int>(i.mate_in) : std::nullopt);
    j["win_chance_first"] = sign > 0 ? w : 1 - w;
  }
  return j;
}
}  // namespace

AnalysisService::AnalysisService(const AnalysisLimits& limits)
    : limits_(limits), engines_(limits.hash_mb), pool_(static_cast<std::size_t>(std::max(1, limits.threads))) {
  // Lower every analysis thread's priority (on Linux a nice value is per thread): each one runs
  // one of these tasks, held by the latch until all have started.
  const int n = std::max(1, limits.threads);
  auto started = std::make_shared<std::latch>(n);
  for (int i = 0; i < n; ++i)
    boost::asio::post(pool_, [started] {
      (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kAnalysisNice);
      started->arrive_and_wait();
    });
}

AnalysisService::~AnalysisService() { stop_all(); }

void AnalysisService::stop_all() {
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    for (auto& w : stops_)
      if (auto s = w.lock()) *s = true;
    stops_.clear();
  }
  pool_.join();
}

int AnalysisService::in_flight() const {
  std::lock_guard lock(mutex_);
  return in_flight_;
}

void AnalysisService::finish(const std::string& client) {
  std::lock_guard lock(mutex_);
  --in_flight_;
  if (--per_client_[client] <= 0) per_client_.erase(client);
}

Reply AnalysisService::start(const json& req, const std::string& client, std::function<void(const json&)> emit,
                             std::shared_ptr<std::atomic<bool>> stop) {
  if (!req.is_object()) return Reply::error(400, "not_an_object", "an analysis request must be a JSON object");
  const json id = req.contains("id") ? req["id"] : json(nullptr);
  if (!id.is_null() && !id.is_string() && !id.is_number())
    return Reply::error(400, "field_type", "id must be a string or a number");
  const auto name = string_field(req, "game");
  if (!name) return Reply::error(400, "field_type", name.error());
  const GameEntry* adapter = find_game(*name);
  if (!adapter) return Reply::error(400, "unknown_game", "unknown game '" + *name + "'", {{"game", *name}});
  const auto rules = string_field(req, "rules");
  if (!rules) return Reply::error(400, "field_type", rules.error());
  const auto position = string_field(req, "position");
  if (!position) return Reply::error(400, "field_type", position.error());
  const auto movetime = int_field(req, "movetime", 1, kMaxMovetimeMs, 1000);  // ms
  if (!movetime) return Reply::error(400, "bad_movetime", movetime.error());
  auto st = adapter->new_game(*rules, *position);
  if (!st) return Reply::error(422, position->empty() ? "bad_rules" : "bad_position", st.error());
  if (req.contains("moves")) {
    if (!req["moves"].is_array()) return Reply::error(400, "field_type", "moves must be an array of strings");
    for (const auto& m : req["moves"]) {
      if (!m.is_string()) return Reply::error(400, "field_type", "moves must be an array of strings");
      if (auto r = (*st)->play(m.get<std::string>()); !r) return Reply::error(422, "illegal_move", r.error(), {{"move", m.get<std::string>()}});
    }
  }
  // Online games being played are not analysed (their players would ask the engine).
  if (gate_)
    if (auto refused = gate_(req, **st)) return *refused;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return Reply::error(503, "server_error", "the server is stopping");
    if (per_client_[client] >= limits_.per_client) {
      if (per_client_[client] == 0) per_client_.erase(client);
      return Reply::error(429, "too_many_requests", "too many analyses in flight for this client (at most " +
                                   std::to_string(limits_.per_client) + "); wait for one to finish or stop one");
    }
    if (in_flight_ >= limits_.max_in_flight)
      return Reply::error(503, "analysis_busy", "the server has " + std::to_string(in_flight_) + " analyses in flight; try again later");
    ++per_client_[client];
    ++in_flight_;
    std::erase_if(stops_, [](const auto& w) { return w.expired(); });
    stops_.push_back(stop);
  }
  std::shared_ptr<GameState> state = std::move(*st);
  boost::asio::post(pool_, [this, state, id, movetime = static_cast<int>(*movetime), emit = std::move(emit), stop,
                            adapter, client] {
    const Side to_move = state->side_to_move();
    json done;
    if (*stop) {  // stopped (or its client left) while it waited: no search
      done = json{{"id", id}, {"bestmove", ""}, {"pv", json::array()}, {"stopped", true}};
    } else {
      auto engine = engines_.acquire(*adapter);
      SearchLimits limits;
      limits.movetime_ms = movetime;
      const SearchResult r = engine->search(
          *state, limits, [&](const SearchInfo& i) { emit(info_json(id, i, *state)); }, stop.get());
      done = info_json(id, r.info, *state);
      done["bestmove"] = r.best_move;
      done["engine"] = engine->name();
    }
    done["done"] = true;
    done["to_move"] = state->status().over() ? json(nullptr) : json(adapter->side_name(to_move));
    done["status"] = state->status().over() ? "finished" : "ongoing";
    finish(client);  // before the last line: a client may send its next request at once
    emit(done);
  });
  return {202, json{{"id", id}}};
}

}  // namespace oyin::server
