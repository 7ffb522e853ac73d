// LISTEN on PostgreSQL: a connection of its own, on a thread of its own, that hands every
// notification on a channel to a callback and comes back after the connection was lost.
#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <condition_variable>

#include "storage/db.h"

namespace oyin::storage {

std::jthread listen_postgres(const std::string& url, const std::string& channel,
                             std::function<void(const std::string&)> on) {
  return std::jthread([url, channel, on = std::move(on)](std::stop_token stop) {
    PGconn* c = nullptr;
    bool first = true;
    std::mutex m;
    std::condition_variable_any cv;
    while (!stop.stop_requested()) {
      if (!c || PQstatus(c) != CONNECTION_OK) {
        if (c) PQfinish(c);
        c = PQconnectdb(url.c_str());
        bool ok = PQstatus(c) == CONNECTION_OK;
        if (ok) {
          char* quoted = PQescapeIdentifier(c, channel.c_str(), channel.size());
          PGresult* r = PQexec(c, ("LISTEN " + std::string(quoted ? quoted : "oyin")).c_str());
          ok = PQresultStatus(r) == PGRES_COMMAND_OK;
          PQclear(r);
          PQfreemem(quoted);
        }
        if (!ok) {  // the server is away: try again shortly
          std::unique_lock lock(m);
          cv.wait_for(lock, stop, std::chrono::milliseconds(200), [] { return false; });
          continue;
        }
        if (!first) on("");  // notifications may have been missed meanwhile
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
}

}  // namespace oyin::storage
