#pragma once
// `oyin serve`'s options from three places besides the command line (issue 42): an environment
// variable per option (OYIN_ and the option's name in capitals, '-' as '_': --max-games-per-minute
// is OYIN_MAX_GAMES_PER_MINUTE) and a config file (--config FILE, or OYIN_CONFIG) of `key = value`
// lines, the key being the option's name without its dashes (`port = 8081`, `log-level = warn`;
// '#' starts a comment; a value may be in double quotes). An option takes its value from the
// command line, else its variable, else the file, else its default; every value passes the
// option's own checks, and an error names where the value came from.
#include <CLI/CLI.hpp>
#include <map>
#include <ostream>
#include <string>

#include "server/http/http_server.h"

namespace oyin::cli {

// "OYIN_" + the name in capitals with '-' as '_' ("max-games-per-minute" -> OYIN_MAX_GAMES_PER_MINUTE).
std::string env_name(const std::string& option);

// The `key = value` lines of a config file; a one-line error (with the file and line) otherwise.
std::map<std::string, std::string> read_config_file(const std::string& path);

// Gives every option of `cmd` not on the command line its value from the environment or the
// file's `entries` (options in `skip` excepted); where each value came from, by option name:
// "command line", "OYIN_X", "file" or "default". Throws UsageError for an unknown key or a value
// an option refuses.
std::map<std::string, std::string> fill_from_env_and_file(CLI::App& cmd, const std::map<std::string, std::string>& entries,
                                                          const std::string& file, const std::vector<std::string>& skip);

// `oyin serve --check-config`: checks what a start needs (the database answers, the port is free
// to listen on, the web UI's directory exists) and prints the effective configuration (in the
// config file's format, secrets masked) to `out`; "" when all is well, else a one-line error.
std::string check_serve_config(CLI::App& cmd, const server::ServerOptions& o,
                               const std::map<std::string, std::string>& sources, std::ostream& out);

}  // namespace oyin::cli
