#include "server/review/review_service.h"

#include <sstream>

#include "registry/registry.h"
#include "review/analysis_worker.h"
#include "review/move_review.h"
#include "server/common/request_json.h"
#include "server/review/review_view.h"

namespace oyin::server {

using nlohmann::json;

namespace {

// The budget of an analysis when the request names none: about a fifth of a second a position for
// the alpha-beta engines, a few thousand playouts for the Monte-Carlo search.
constexpr std::int64_t kDefaultNodes = 200'000, kDefaultPlayouts = 5'000;
constexpr int kMaxDepth = 30;
constexpr std::int64_t kMaxNodes = 50'000'000;

}  // namespace

ReviewService::ReviewService(storage::GameStore& store, GameService& games, Clock& clock, ReviewOptions options)
    : store_(store), jobs_(store.db()), base_(store.db()), games_(games), options_(options), requests_(clock, options.per_hour, 3'600'000 / std::max(1, options.per_hour)) {
  for (int i = 0; i < options_.workers; ++i)
    workers_.emplace_back([this, i] {
      review::WorkerOptions w;
      w.threads = options_.worker_threads;
      w.hash_mb = options_.hash_mb;
      w.lease_ms = options_.lease_ms;
      w.name = "serve-" + std::to_string(i);
      review::AnalysisWorker worker(store_, jobs_, w);
      worker.on_progress = [this](const storage::AnalysisJob& job, int done, int total) { progress(job, done, total); };
      worker.run(stop_);
    });
}

ReviewService::~ReviewService() { stop(); }

void ReviewService::stop() {
  stop_ = true;
  workers_.clear();  // joins
}

void ReviewService::progress(const storage::AnalysisJob& job, int done, int total) {
  // The worker's signal on a shared store reaches the other instances (a store does not hear its own).
  tell(job.game_id, done, total);
}

void ReviewService::heard(const std::string& words) {
  std::istringstream in(words);
  std::string what, game_id;
  int done = 0, total = 0;
  if (in >> what >> game_id >> done >> total && what == "analysis") tell(game_id, done, total);
}

void ReviewService::tell(const std::string& game_id, int done, int total) {
  games_.push(game_id, json{{"type", "analysis"},
                            {"status", done >= total ? "done" : "running"},
                            {"progress", {{"done", done}, {"total", total}}}}
                           .dump());
}

Reply ReviewService::request(const std::string& game_id, const json& body, const std::string& token, std::int64_t user,
                             const std::string& client) {
  if (!body.is_null() && !body.is_object()) return Reply::error(400, "not_an_object", "the request body must be a JSON object");
  json req = body.is_null() ? json::object() : body;
  req.erase("token");  // the seat's, read by the route
  const Reply game = games_.get(game_id, token, user);
  if (game.status != 200) return game;
  if (user == 0 && !game.body.contains("you"))
    return Reply::error(401, "not_signed_in", "sign in (or hold a seat of the game) to ask for its analysis");
  if (game.body.value("status", "") != "finished")
    return Reply::error(409, "game_in_play", "a game is analysed once it is over");
  const auto depth = int_field(req, "depth", 1, kMaxDepth, 0);
  if (!depth) return Reply::error(400, "bad_depth", depth.error());
  const auto nodes = int_field(req, "nodes", 1, kMaxNodes, 0);
  if (!nodes) return Reply::error(400, "bad_nodes", nodes.error());
  if (*depth && *nodes) return Reply::error(400, "depth_or_nodes", "ask for a depth or a number of nodes, not both");
  const GameEntry* entry = find_game(game.body.value("game", ""));
  const bool mcts = entry && entry->engine_kind() == EngineKind::Mcts;
  if (*depth && mcts) return Reply::error(400, "bad_depth", "the Monte-Carlo search of this game is limited by nodes (playouts)");
  std::int64_t budget = *nodes;
  if (!*depth && !budget) budget = mcts ? kDefaultPlayouts : kDefaultNodes;
  if (const std::int64_t wait = requests_.take(client); wait > 0)
    return Reply::error(429, "too_many_analyses", "too many analyses asked for; try again later",
                        {{"wait_s", (wait + 999) / 1000}});
  auto queued = jobs_.enqueue(game_id, static_cast<int>(*depth), budget, user, review::wall_ms());
  if (!queued) return Reply::error(500, "server_error", queued.error());
  return {202,
          {{"job_id", queued->job.id}, {"position_in_queue", queued->position_in_queue}, {"status", queued->job.status}}};
}

Reply ReviewService::status(const std::string& game_id) {
  auto job = jobs_.latest_for_game(game_id);
  if (!job) return Reply::error(500, "server_error", job.error());
  if (!*job) return Reply::error(404, "no_analysis", "nobody has asked for an analysis of game " + game_id, {{"id", game_id}});
  auto row = store_.load(game_id);
  if (!row) return Reply::error(500, "server_error", row.error());
  if (!*row) return Reply::error(404, "no_such_game", "no game with id '" + game_id + "'", {{"id", game_id}});
  auto positions = jobs_.positions((*job)->id);
  if (!positions) return Reply::error(500, "server_error", positions.error());
  auto reviewed = ReviewedGame::make(**row, std::move(*positions), &base_);
  if (!reviewed) return Reply::error(500, "server_error", reviewed.error());
  json out = reviewed->to_json();
  const storage::AnalysisJob& j = **job;
  out["job_id"] = j.id;
  out["status"] = j.status;
  out["attempts"] = j.attempts;
  out["depth"] = j.depth ? json(j.depth) : json(nullptr);
  out["nodes"] = j.nodes ? json(j.nodes) : json(nullptr);
  out["progress"] = {{"done", j.done}, {"total", j.total}};
  out["error"] = j.error.empty() ? json(nullptr) : json(j.error);
  auto place = jobs_.queue_position(j);
  out["position_in_queue"] = place ? *place : 0;
  return {200, std::move(out)};
}

}  // namespace oyin::server
