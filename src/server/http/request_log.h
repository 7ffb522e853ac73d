#pragma once
// Server errors (5xx) are for the operator, not the client: each is logged as one line on stderr
// (time, method, path without its query, status, detail) and a 500's text, which may be a
// database's own message (table names, SQL), is replaced by "internal error" before it leaves.
// The query is left out of the log because it may carry a seat's token.
#include <string>

#include "server/http/api.h"

namespace oyin::server {

void log_and_hide_server_error(const std::string& method, const std::string& target, HttpResponse& r);

}  // namespace oyin::server
