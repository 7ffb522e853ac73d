#pragma once
// What every service of the server answers a request with, whatever its transport (HTTP, a
// WebSocket message, an in-process call): a status and a JSON body.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace oyin::server {

using nlohmann::json;

// What a handler answers: an HTTP status and a JSON body (errors are {"error": "..."}).
struct Reply {
  int status = 200;
  json body;
  // {"error": English text, "code": one of kErrorCodes (server/common/error_codes.h), "params": {...}}
  static Reply error(int status, std::string_view code, std::string message, json params = json::object()) {
    json body{{"error", std::move(message)}, {"code", code}};
    if (!params.empty()) body["params"] = std::move(params);
    return {status, std::move(body)};
  }
  // The error's code; "" for a success (whose body may be anything, or nothing).
  std::string code() const { return body.is_object() ? body.value("code", "") : ""; }
};

}  // namespace oyin::server
