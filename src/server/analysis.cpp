#include "server/analysis.h"

#include <boost/asio/post.hpp>

#include "games/registry/registry.h"

namespace oyin::server {

namespace {
constexpr int kMaxMovetimeMs = 10000;

json info_json(const json& id, const SearchInfo& i, Side to_move) {
  const int sign = to_move == Side::First ? 1 : -1;
  json j{{"id", id},         {"depth", i.depth}, {"seldepth", i.seldepth}, {"multipv", i.multipv},
         {"score", i.score_cp}, {"score_first", sign * i.score_cp}, {"nodes", i.nodes}, {"time_ms", i.time_ms},
         {"pv", i.pv}};
  if (i.is_mate) j["mate"] = i.mate_in;
  return j;
}
}  // namespace

Reply AnalysisService::start(const json& req, std::function<void(const json&)> emit,
                             std::shared_ptr<std::atomic<bool>> stop) {
  if (!req.is_object()) return Reply::error(400, "an analysis request must be a JSON object");
  const json id = req.contains("id") ? req["id"] : json(nullptr);
  const std::string name = req.value("game", "");
  const GameEntry* adapter = find_game(name);
  if (!adapter) return Reply::error(400, "unknown game '" + name + "'");
  const std::string rules = req.contains("rules") && req["rules"].is_string() ? req["rules"].get<std::string>() : "";
  const std::string position = req.contains("position") && req["position"].is_string() ? req["position"].get<std::string>() : "";
  auto st = adapter->new_game(rules, position);
  if (!st) return Reply::error(422, st.error());
  if (req.contains("moves")) {
    if (!req["moves"].is_array()) return Reply::error(400, "moves must be an array of strings");
    for (const auto& m : req["moves"]) {
      if (!m.is_string()) return Reply::error(400, "moves must be an array of strings");
      if (auto r = (*st)->play(m.get<std::string>()); !r) return Reply::error(422, r.error());
    }
  }
  int movetime = 1000;
  if (req.contains("movetime")) {
    if (!req["movetime"].is_number_integer()) return Reply::error(400, "movetime must be an integer (ms)");
    movetime = req["movetime"].get<int>();
    if (movetime < 1 || movetime > kMaxMovetimeMs)
      return Reply::error(400, "movetime must be 1.." + std::to_string(kMaxMovetimeMs) + " ms");
  }
  std::shared_ptr<GameState> state = std::move(*st);
  boost::asio::post(workers_, [state, id, movetime, emit = std::move(emit), stop, adapter] {
    auto engine = adapter->make_engine();
    SearchLimits limits;
    limits.movetime_ms = movetime;
    const Side to_move = state->side_to_move();
    const SearchResult r = engine->search(*state, limits, [&](const SearchInfo& i) { emit(info_json(id, i, to_move)); },
                                          stop.get());
    json done = info_json(id, r.info, to_move);
    done["done"] = true;
    done["bestmove"] = r.best_move;
    done["engine"] = engine->name();
    done["to_move"] = state->status().over() ? json(nullptr) : json(adapter->side_name(to_move));
    done["status"] = state->status().over() ? "finished" : "ongoing";
    emit(done);
  });
  return {202, json{{"id", id}}};
}

}  // namespace oyin::server
