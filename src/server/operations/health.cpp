#include "server/operations/health.h"

#include "core/event_log.h"

namespace oyin::server {

Reply Readiness::check() {
  json checks = json::object();
  json failed = json::array();
  const auto fail = [&](const char* name, const std::string& detail) {
    checks[name]["ok"] = false;
    failed.push_back(name);
    event_log::warn("not_ready", {{"check", name}, {"detail", detail}});
  };
  {
    auto lease = db_.reader();
    auto rows = lease->query("SELECT id FROM games LIMIT 1");
    if (rows) checks["store"]["ok"] = true;
    else fail("store", rows.error());
    if (rows) {
      auto version = lease->query(db_.backend() == storage::Backend::sqlite ? "PRAGMA user_version"
                                                                           : "SELECT version FROM oyin_schema");
      const std::int64_t have = version && !version->empty() ? version->front().integer(0) : -1;
      checks["schema"] = {{"version", have}, {"expected", expected_schema_}};
      if (!version) fail("schema", version.error());
      else if (have != expected_schema_)
        fail("schema", "the schema is at version " + std::to_string(have) + ", this build's is " +
                           std::to_string(expected_schema_));
      else checks["schema"]["ok"] = true;
    } else {
      checks["schema"] = {{"ok", false}, {"expected", expected_schema_}};
      failed.push_back("schema");  // unknown while the store cannot be read
    }
  }
  if (const auto listening = db_.listening()) {
    if (*listening) checks["listen"]["ok"] = true;
    else fail("listen", "the LISTEN connection is being made again");
  }
  if (failed.empty()) return {200, {{"status", "ready"}, {"checks", std::move(checks)}}};
  return {503, {{"status", "not_ready"}, {"failed", std::move(failed)}, {"checks", std::move(checks)}}};
}

}  // namespace oyin::server
