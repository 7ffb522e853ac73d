#include "server/knowledge/knowledge_service.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <limits>

#include "core/text.h"
#include "knowledge/explorer.h"
#include "server/common/request_json.h"

namespace oyin::server {

namespace {

std::string param(const QueryParams& q, const std::string& key) {
  for (const auto& [k, v] : q)
    if (k == key) return v;
  return {};
}

}  // namespace

KnowledgeService::KnowledgeService(storage::KnowledgeStore& store, GameService& games, int hash_mb, int threads)
    : store_(store), games_(games), engines_(hash_mb), pool_(static_cast<std::size_t>(std::max(1, threads))) {}

KnowledgeService::~KnowledgeService() { stop(); }

void KnowledgeService::stop() { pool_.join(); }

void KnowledgeService::explorer(QueryParams query, std::function<void(Reply)> done) {
  boost::asio::post(pool_, [this, query = std::move(query), done = std::move(done)] { done(explorer_now(query)); });
}

void KnowledgeService::run(std::function<Reply()> work, std::function<void(Reply)> done) {
  boost::asio::post(pool_, [work = std::move(work), done = std::move(done)] { done(work()); });
}

Reply KnowledgeService::explorer_now(const QueryParams& query) {
  const std::string name = param(query, "game");
  const GameEntry* game = find_game(name);
  if (!game) return Reply::error(400, "unknown_game", "unknown game '" + name + "'", {{"game", name}});
  const auto depth = int_param("eval_depth", param(query, "eval_depth"), 0, kMaxApiEvalDepth, 0);
  if (!depth) return Reply::error(400, "bad_number", depth.error());
  knowledge::ExplorerQuery q{param(query, "rules"), param(query, "position"), param(query, "moves"),
                             param(query, "source"), static_cast<int>(*depth)};
  // Which part is wrong decides the code: the rules, the position, or a move.
  if (auto st = game->new_game(q.rules, ""); !st) return Reply::error(400, "bad_rules", st.error());
  if (auto st = game->new_game(q.rules, q.position); !st) return Reply::error(400, "bad_position", st.error());
  if (auto st = knowledge::query_position(*game, q); !st) return Reply::error(400, "illegal_move", st.error());
  Result<knowledge::ExplorerAnswer> a = make_error("");
  if (q.eval_depth > 0) {
    auto engine = engines_.acquire(*game);
    a = knowledge::explore(store_, *game, q, &*engine);
  } else {
    a = knowledge::explore(store_, *game, q, nullptr);
  }
  if (!a) return Reply::error(500, "server_error", a.error());
  json out = knowledge::explorer_json(*a);
  // What a board needs to show the position and offer its moves (the base page walks the tree).
  auto st = knowledge::query_position(*game, q);
  out["board"] = (*st)->board();
  out["legal"] = (*st)->legal_move_data();
  out["history"] = (*st)->history();  // the moves asked for, in record notation
  return {200, std::move(out)};
}

Reply KnowledgeService::base(const QueryParams& query) {
  const std::string name = param(query, "game");
  const GameEntry* game = find_game(name);
  if (!game) return Reply::error(400, "unknown_game", "unknown game '" + name + "'", {{"game", name}});
  storage::BaseQuery q;
  q.game = game->name();
  q.player = param(query, "player");
  q.event = param(query, "event");
  q.source = param(query, "source");
  q.result = param(query, "result");
  if (!q.result.empty() && q.result != "1-0" && q.result != "0-1" && q.result != "1/2-1/2" && q.result != "*")
    return Reply::error(400, "bad_result", "result must be 1-0, 0-1, 1/2-1/2 or *", {{"result", q.result}});
  const auto year = int_param("year", param(query, "year"), 0, 9999, 0);
  if (!year) return Reply::error(400, "bad_number", year.error());
  q.year = static_cast<int>(*year);
  const auto offset = int_param("offset", param(query, "offset"), 0, std::numeric_limits<std::int32_t>::max(), 0);
  if (!offset) return Reply::error(400, "bad_number", offset.error());
  const auto limit = int_param("limit", param(query, "limit"), 1, 200, 50);
  if (!limit) return Reply::error(400, "bad_number", limit.error());
  q.offset = static_cast<std::size_t>(*offset);
  q.limit = static_cast<std::size_t>(*limit);
  const std::string position = param(query, "position"), moves = param(query, "moves");
  const std::string rules = param(query, "rules");
  if (auto st = game->new_game(rules, ""); !st) return Reply::error(400, "bad_rules", st.error());
  if (!position.empty() || !moves.empty()) {
    if (auto st = game->new_game(rules, position); !st) return Reply::error(400, "bad_position", st.error());
    auto st = knowledge::query_position(*game, {rules, position, moves, "", 0});
    if (!st) return Reply::error(400, "illegal_move", st.error());
    q.rules = (*st)->rules_text();
    q.position = (*st)->hash();
  }
  auto total = store_.search_count(q);
  if (!total) return Reply::error(500, "server_error", total.error());
  auto rows = store_.search(q);
  if (!rows) return Reply::error(500, "server_error", rows.error());
  json games = json::array();
  for (const auto& g : *rows) {
    auto elo = [](int e) { return e > 0 ? json(e) : json(nullptr); };
    games.push_back({{"id", std::to_string(g.id)}, {"game", g.game}, {"source", g.source}, {"event", g.event},
                     {"site", g.site}, {"date", g.date}, {"round", g.round}, {"white", g.white}, {"black", g.black},
                     {"white_elo", elo(g.white_elo)}, {"black_elo", elo(g.black_elo)}, {"result", g.result},
                     {"time_control", g.time_control}, {"plies", g.ply_count}});
  }
  auto sources = store_.sources(q.game);
  if (!sources) return Reply::error(500, "server_error", sources.error());
  return {200, {{"total", *total}, {"offset", q.offset}, {"limit", q.limit}, {"games", std::move(games)},
                {"search_plies", storage::kSearchPlies}, {"sources", *sources}}};
}

Reply KnowledgeService::review(const std::string& id) {
  std::int64_t n = 0;
  const bool numeric = !id.empty() && id.size() <= 18 && std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (numeric) n = std::stoll(id);
  auto found = numeric ? store_.load(n) : Result<std::optional<storage::BaseGame>>(std::optional<storage::BaseGame>());
  if (!found) return Reply::error(500, "server_error", found.error());
  if (!*found) return Reply::error(404, "no_such_base_game", "there is no game " + id + " in the base", {{"id", id}});
  const storage::BaseGame& g = **found;
  const GameEntry* game = find_game(g.game);
  if (!game) return Reply::error(500, "server_error", "the base holds a game of an unknown kind: " + g.game);
  // The record as the game writes it, with the tags the file had, then imported like any record.
  auto st = game->new_game(g.rules, g.start_position);
  if (!st) return Reply::error(500, "server_error", st.error());
  for (auto m : split_ws(g.moves))
    if (auto r = (*st)->play(m); !r) return Reply::error(500, "server_error", r.error());
  GameRecord meta;
  const json tags = json::parse(g.tags_json, nullptr, false);
  if (tags.is_array())
    for (const auto& t : tags)
      if (t.is_array() && t.size() == 2 && t[0].is_string() && t[1].is_string() && t[0] != "FEN" && t[0] != "SetUp")
        meta.tags.emplace_back(t[0].get<std::string>(), t[1].get<std::string>());
  meta.result = g.result;
  const Reply r = games_.import({{"game", g.game}, {"record", (*st)->write_record(meta)}});
  if (r.status != 201) return r;
  return {201, {{"id", r.body["id"]}, {"base_id", id}}};
}

}  // namespace oyin::server
