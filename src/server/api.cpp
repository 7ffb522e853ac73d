#include "server/api.h"

#include <charconv>

namespace oyin::server {

namespace {

std::string percent_decode(std::string_view s, bool plus_is_space) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      int v = 0;
      auto [p, ec] = std::from_chars(s.data() + i + 1, s.data() + i + 3, v, 16);
      if (ec == std::errc() && p == s.data() + i + 3) {
        out += static_cast<char>(v);
        i += 2;
        continue;
      }
    }
    out += plus_is_space && s[i] == '+' ? ' ' : s[i];
  }
  return out;
}

std::size_t to_size(const std::string& s, std::size_t fallback) {
  std::size_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() && !s.empty() ? v : fallback;
}

}  // namespace

Target parse_target(const std::string& target) {
  Target t;
  const auto q = target.find('?');
  t.path = percent_decode(std::string_view(target).substr(0, q), false);
  if (q == std::string::npos) return t;
  std::string_view rest = std::string_view(target).substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view kv = rest.substr(0, amp);
    const auto eq = kv.find('=');
    t.query.emplace_back(percent_decode(kv.substr(0, eq), true),
                         eq == std::string_view::npos ? "" : percent_decode(kv.substr(eq + 1), true));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return t;
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i < path.size()) {
    while (i < path.size() && path[i] == '/') ++i;
    const auto j = path.find('/', i);
    if (i < path.size()) parts.push_back(path.substr(i, j - i));
    if (j == std::string::npos) break;
    i = j;
  }
  return parts;
}

HttpResponse json_response(int status, const json& body) {
  return {status, body.dump(), "application/json", {{"Cache-Control", "no-store"}}};
}

void Api::handle(const HttpRequest& req, Respond respond) {
  // A field of the wrong JSON type makes nlohmann-json throw; that is the client's error.
  try {
    route(req, respond);
  } catch (const json::exception& e) {
    respond(json_response(400, json{{"error", std::string("bad request: ") + e.what()}}));
  }
}

void Api::route(const HttpRequest& req, const Respond& respond) {
  const Target t = parse_target(req.target);
  const auto parts = split_path(t.path);
  const auto reply = [&](const Reply& r) { respond(json_response(r.status, r.body)); };
  const bool is_api = !parts.empty() && parts[0] == "api";
  if (!is_api) {
    if (req.method != "GET" && req.method != "HEAD") return reply(Reply::error(405, "method not allowed"));
    return respond(serve_static(t.path));
  }
  json body;
  if (req.method == "POST") {
    body = req.body.empty() ? json::object() : json::parse(req.body, nullptr, false);
    if (body.is_discarded()) return reply(Reply::error(400, "the request body is not valid JSON"));
  }
  const std::string& m = req.method;
  const std::size_t n = parts.size();
  if (n == 2 && parts[1] == "meta" && m == "GET") return reply({200, games_.meta()});
  if (n == 2 && parts[1] == "games") {
    if (m == "GET") return reply(games_.list(to_size(t.param("offset"), 0), to_size(t.param("limit"), 20)));
    if (m == "POST") return reply(games_.create(body, "http://" + (req.host.empty() ? "127.0.0.1" : req.host)));
  }
  if (n == 3 && parts[1] == "games" && m == "GET") return reply(games_.get(parts[2], t.param("token")));
  if (n == 4 && parts[1] == "games" && parts[3] == "boards" && m == "GET")
    return reply(games_.boards(parts[2], to_size(t.param("from"), 0), to_size(t.param("to"), static_cast<std::size_t>(-1))));
  if (n == 4 && parts[1] == "games" && parts[3] == "record" && m == "GET") {
    const Reply r = games_.record(parts[2]);
    if (r.status != 200) return reply(r);
    const std::string filename = r.body["filename"];
    return respond({200, r.body["text"].get<std::string>(), "text/plain; charset=utf-8",
                    {{"Content-Disposition", "attachment; filename=\"" + filename + "\""}}});
  }
  if (n == 4 && parts[1] == "games" && m == "POST") {
    const std::string token = body.is_object() && body.contains("token") && body["token"].is_string()
                                  ? body["token"].get<std::string>()
                                  : t.param("token");
    const std::string& action = parts[3];
    if (action == "moves") {
      if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
        return reply(Reply::error(400, "the request needs {\"move\": \"...\", \"token\": \"...\"}"));
      return reply(games_.move(parts[2], body["move"].get<std::string>(), token));
    }
    if (action == "resign") return reply(games_.resign(parts[2], token));
    if (action == "undo") return reply(games_.undo(parts[2], token));
    if (action == "draw") return reply(games_.draw(parts[2], token));
  }
  if (n == 2 && parts[1] == "import" && m == "POST") return reply(games_.import(body));
  if (n == 2 && parts[1] == "analysis" && m == "POST") {
    // The reply is the final line of the analysis; progress lines are dropped here (use the
    // WebSocket channel to stream them).
    auto stop = std::make_shared<std::atomic<bool>>(false);
    const Reply r = analysis_.start(body, [respond](const json& line) {
      if (line.value("done", false)) respond(json_response(200, line));
    }, stop);
    if (r.status >= 400) return reply(r);
    return;
  }
  const bool known = (n == 2 && (parts[1] == "games" || parts[1] == "meta" || parts[1] == "import" ||
                                 parts[1] == "analysis")) ||
                     (n >= 3 && n <= 4 && parts[1] == "games");
  if (known) return reply(Reply::error(405, "method " + m + " is not allowed on " + t.path));
  return reply(Reply::error(404, "no API endpoint " + t.path));
}

}  // namespace oyin::server
