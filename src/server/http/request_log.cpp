#include "server/http/error_log.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "storage/db.h"

namespace oyin::server {

namespace {

// The log's one line per error: no line breaks or control bytes from the detail.
std::string one_line(std::string s) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return s;
}

}  // namespace

void log_and_hide_server_error(const std::string& method, const std::string& target, HttpResponse& r) {
  if (r.status < 500) return;
  std::string detail = r.body;
  json body = json::parse(r.body, nullptr, false);
  if (body.is_object() && body.contains("error") && body["error"].is_string()) detail = body["error"].get<std::string>();
  const std::string path = target.substr(0, target.find('?'));
  const std::string line = one_line(storage::utc_now() + " " + method + " " + path + " " + std::to_string(r.status) + " " + detail);
  std::fprintf(stderr, "%s\n", line.c_str());  // one write per line, whole even between threads
  if (r.status != 500) return;
  const bool coded = body.is_object() && body.contains("code") && body["code"].is_string();
  const std::string code = coded ? body["code"].get<std::string>() : "server_error";
  r.body = json{{"error", "internal error"}, {"code", code}}.dump();
  r.content_type = "application/json";
}

}  // namespace oyin::server
