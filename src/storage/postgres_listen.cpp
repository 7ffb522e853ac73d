// LISTEN on PostgreSQL: a connection of its own, on a thread of its own, that hands every
// notification on a channel to a callback and comes back after the connection was lost.
#include <libpq-fe.h>
#include <poll.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>

#include "core/event_log.h"
#include "storage/db.h"

namespace oyin::storage {

std::jthread listen_postgres(const std::string& url, const std::string& channel,
                             std::function<void(const std::string&)> on, std::shared_ptr<std::atomic<bool>> up) {
  // The caller waits (a while) for the first LISTEN: a server that answered requests before it
  // listened would miss another instance's first moves, and nobody would tell it so.
  auto listening = std::make_shared<std::promise<void>>();
  auto ready = listening->get_future();
  // 0 while the caller waits; 1 when the first LISTEN came in time, 2 when the caller gave up.
  auto outcome = std::make_shared<std::atomic<int>>(0);
  if (!up) up = std::make_shared<std::atomic<bool>>(false);
  std::jthread t([url, channel, on = std::move(on), listening, outcome, up](std::stop_token stop) {
    PGconn* c = nullptr;
    bool first = true;
    int failures = 0;  // attempts to listen again since the connection was lost
    std::mutex m;
    std::condition_variable_any cv;
    while (!stop.stop_requested()) {
      if (!c || PQstatus(c) != CONNECTION_OK) {
        if (c && up->exchange(false))
          event_log::warn("listen_lost", {{"channel", channel}, {"detail", PQerrorMessage(c)}});
        if (c) PQfinish(c);
        c = PQconnectdb(url.c_str());
        PQsetNoticeProcessor(c, log_notice, nullptr);
        bool ok = PQstatus(c) == CONNECTION_OK;
        if (ok) {
          char* quoted = PQescapeIdentifier(c, channel.c_str(), channel.size());
          PGresult* r = PQexec(c, ("LISTEN " + std::string(quoted ? quoted : "oyin")).c_str());
          ok = PQresultStatus(r) == PGRES_COMMAND_OK;
          PQclear(r);
          PQfreemem(quoted);
        }
        if (!ok) {  // the server is away: try again shortly
          if (failures++ % 50 == 0)  // every 10 s while it stays away
            event_log::warn("listen_retry", {{"channel", channel}, {"attempts", failures}, {"detail", PQerrorMessage(c)}});
          std::unique_lock lock(m);
          cv.wait_for(lock, stop, std::chrono::milliseconds(200), [] { return false; });
          continue;
        }
        *up = true;
        if (!first) event_log::info("listen_restored", {{"channel", channel}, {"attempts", failures}});
        failures = 0;
        int waiting = 0;
        const bool in_time = first && outcome->compare_exchange_strong(waiting, 1);
        if (first) listening->set_value();
        if (!in_time) on("");  // notifications may have been missed meanwhile
        first = false;
      }
      pollfd p{PQsocket(c), POLLIN, 0};
      if (poll(&p, 1, 200) < 0) continue;
      if (!PQconsumeInput(c)) continue;  // the connection is gone: PQstatus says so above
      while (PGnotify* n = PQnotifies(c)) {
        on(n->extra ? n->extra : "");
        PQfreemem(n);
      }
    }
    if (c) PQfinish(c);
  });
  ready.wait_for(std::chrono::seconds(10));
  int waiting = 0;
  outcome->compare_exchange_strong(waiting, 2);
  return t;
}

}  // namespace oyin::storage
