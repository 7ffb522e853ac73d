#pragma once
// The API's routes as data: method, path pattern ("/api/games/{id}/moves"), the thread its work
// runs on, and the handler. A path that matches a route's pattern under another method answers
// 405 (derived from the table, not kept by hand); one that matches none answers 404. The table
// is also what docs/api.md is checked against (tests/server/route_table_test.cpp).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace oyin::server {

// The segments of a path whose pattern has `{name}` parts: parts()[i] is segment i.
template <class Call>
struct Route {
  std::string method;   // GET, POST or DELETE
  std::string pattern;  // "/api/games/{id}/moves"
  // Where the work runs: "io" (the connection's thread: quick, no slow store work), "loader"
  // (GameService's loader threads: a game read and replayed, a slow read), "hashing" (the
  // accounts' Argon2id threads), "analysis" (the analysis threads), "knowledge" (the game base's).
  std::string thread;
  std::function<void(Call&)> handler;
  std::vector<std::string> segments;  // the pattern split at '/'
  int literals = 0;                   // how many segments are not {parameters}
};

template <class Call>
class RouteTable {
 public:
  void add(std::string method, std::string pattern, std::string thread, std::function<void(Call&)> handler) {
    Route<Call> r{std::move(method), std::move(pattern), std::move(thread), std::move(handler), {}, 0};
    std::size_t i = 0;
    while (i < r.pattern.size()) {
      const auto j = r.pattern.find('/', i + 1);
      std::string seg = r.pattern.substr(i + 1, j == std::string::npos ? std::string::npos : j - i - 1);
      r.literals += is_parameter(seg) ? 0 : 1;
      r.segments.push_back(std::move(seg));
      if (j == std::string::npos) break;
      i = j;
    }
    routes_.push_back(std::move(r));
  }

  struct Found {
    const Route<Call>* route = nullptr;
    bool other_method = false;  // the path is a route's under another method (405)
  };
  // The route for `method` on the path's segments; among patterns that fit, the one with the most
  // literal segments ("/api/puzzles/next" before "/api/puzzles/{id}").
  Found find(std::string_view method, const std::vector<std::string>& parts) const {
    Found f;
    for (const auto& r : routes_) {
      if (!fits(r, parts)) continue;
      if (r.method != method) {
        f.other_method = true;
        continue;
      }
      if (!f.route || r.literals > f.route->literals) f.route = &r;
    }
    return f;
  }
  const std::vector<Route<Call>>& routes() const { return routes_; }

  static bool is_parameter(std::string_view seg) { return seg.size() > 2 && seg.front() == '{' && seg.back() == '}'; }

 private:
  static bool fits(const Route<Call>& r, const std::vector<std::string>& parts) {
    if (r.segments.size() != parts.size()) return false;
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (!is_parameter(r.segments[i]) && r.segments[i] != parts[i]) return false;
    return true;
  }
  std::vector<Route<Call>> routes_;
};

}  // namespace oyin::server
