#include "server/knowledge_service.h"

#include <boost/asio/post.hpp>

#include "knowledge/explorer.h"
#include "server/request_json.h"

namespace oyin::server {

namespace {

std::string param(const QueryParams& q, const std::string& key) {
  for (const auto& [k, v] : q)
    if (k == key) return v;
  return {};
}

}  // namespace

KnowledgeService::KnowledgeService(storage::KnowledgeStore& store, int hash_mb, int threads)
    : store_(store), engines_(hash_mb), pool_(static_cast<std::size_t>(std::max(1, threads))) {}

KnowledgeService::~KnowledgeService() { stop(); }

void KnowledgeService::stop() { pool_.join(); }

void KnowledgeService::explorer(QueryParams query, std::function<void(Reply)> done) {
  boost::asio::post(pool_, [this, query = std::move(query), done = std::move(done)] { done(explorer_now(query)); });
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
  return {200, knowledge::explorer_json(*a)};
}

}  // namespace oyin::server
