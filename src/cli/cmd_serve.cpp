// oyin serve: the web application (HTTP + WebSocket API and the browser UI).
#include <cstdlib>
#include <iostream>
#include <map>

#include "cli/common.h"
#include "cli/serve_config.h"
#include "search/tt.h"
#include "server/http/http_server.h"

namespace oyin::cli {

void add_serve_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<server::ServerOptions>();
  auto* cmd = app.add_subcommand("serve", "Serve the web application (play, review, analyse in a browser)");
  cmd->add_option("--port", o->port, "TCP port (0 = any free port)")->capture_default_str()->check(whole_number(0, 65535));
  cmd->add_option("--host", o->host, "Address to listen on")->capture_default_str();
  cmd->add_option("--db", o->db, "SQLite database file (created on first start), or a PostgreSQL URL postgresql://USER[:PASSWORD]@HOST:PORT/DB for several instances on one database")->capture_default_str();
  cmd->add_option("--web", o->web_root, "Directory of the built UI")->capture_default_str();
  cmd->add_option("--io-threads", o->io_threads, "Threads for network I/O")->capture_default_str()->check(whole_number(1, 64));
  cmd->add_option("--workers", o->workers, "Threads for the computer players (0 = one per core)")->capture_default_str()->check(whole_number(0, 256));
  cmd->add_option("--analysis-threads", o->analysis_threads, "Threads for analysis, at a lower priority (0 = half the cores)")
      ->capture_default_str()->check(whole_number(0, 256));
  cmd->add_option("--workers-analysis", o->analysis_workers,
                  "Workers of the finished games' analysis queue inside this server (0 = leave it to oyin worker)")
      ->capture_default_str()->check(whole_number(0, 64));
  cmd->add_option("--hash", o->hash_mb, "Hash table of each engine in MB (allocated on its first search)")
      ->capture_default_str()->check(whole_number(1, static_cast<std::int64_t>(search::kMaxHashMb)));
  cmd->add_option("--clock", o->clock, "Time of the game clocks: steady, or manual (tests: POST /api/test/clock advances it)")
      ->capture_default_str()->check(CLI::IsMember({"steady", "manual"}));
  cmd->add_option("--max-games-per-minute", o->max_games_per_minute,
                  "New games one client (an account, else an address) may create a minute, in a burst or spread (0 = no limit)")
      ->capture_default_str()->check(whole_number(0, 100000));
  cmd->add_option("--browser-computer-games", o->browser_computer_games,
                  "Whether the web page plays unrated untimed games against the computer with the browser's engine "
                  "(true) or on this server (false)")
      ->capture_default_str();
  cmd->add_option("--drop-unstarted-after", o->drop_unstarted_after_s,
                  "Seconds after which a game nobody ever moved in is deleted (0 = never)")
      ->capture_default_str()->check(whole_number(0, 10LL * 365 * 24 * 3600));
  cmd->add_option("--trusted-proxy", o->trusted_proxies,
                  "Reverse proxies (CIDRs, comma-separated, e.g. 127.0.0.1/32,::1/128) whose X-Forwarded-For and "
                  "X-Forwarded-Proto are believed");
  cmd->add_option("--public-url", o->public_urls,
                  "The URL users open (e.g. https://oyin.example; a comma list for several): the origins allowed to "
                  "change state, the base of links; https adds Secure cookies and HSTS");
  cmd->add_option("--max-connections-per-address", o->max_connections_per_address,
                  "Open connections (HTTP and WebSocket) one client address may hold; more are closed at once")
      ->capture_default_str()->check(whole_number(1, 1'000'000));
  cmd->add_option("--log-level", o->log_level,
                  "Events written to stderr as JSON lines from this level up: debug (every request too), info, warn, error")
      ->capture_default_str()->check(CLI::IsMember({"debug", "info", "warn", "error"}));
  cmd->add_option("--slow-request-ms", o->slow_request_ms,
                  "A request answered after more than this many ms is logged as slow_request (0 = never)")
      ->capture_default_str()->check(whole_number(0, 3'600'000));
  cmd->add_option("--retention-days", o->retention_days,
                  "Days (a fraction too, e.g. 0.5) an ended seek, quick pairing or challenge is kept before a sweep "
                  "deletes it, with expired sessions (0 = no sweeps)")
      ->capture_default_str()->check(CLI::Range(0.0, 36500.0));
  cmd->add_option("--retention-every", o->retention_every_s, "Seconds between retention sweeps (one at start)")
      ->capture_default_str()->check(whole_number(1, 30LL * 24 * 3600));
  cmd->add_option("--metrics-token", o->metrics_token,
                  "GET /metrics answers loopback clients; others must send Authorization: Bearer <this token>");
  auto config = std::make_shared<std::string>();
  auto check = std::make_shared<bool>(false);
  cmd->add_option("--config", *config,
                  "A file of options, one 'key = value' a line (key: the option's name, e.g. port = 8081); the "
                  "command line comes first, then the OYIN_* variables (OYIN_PORT for --port), then this file");
  cmd->add_flag("--check-config", *check,
                "Check the configuration (database reachable, port free, files there), print it (secrets "
                "masked) and exit: 0 when all is well, else 1 with a one-line error");
  cmd->footer("Every option may also come from an environment variable, OYIN_ and its name in capitals with '-' as "
              "'_' (OYIN_MAX_GAMES_PER_MINUTE), or from --config FILE (or OYIN_CONFIG).");
  o->version = OYIN_VERSION;
  cmd->callback([o, cmd, config, check, &exit_code] {
    if (config->empty())
      if (const char* v = std::getenv("OYIN_CONFIG")) *config = v;
    const auto entries = config->empty() ? std::map<std::string, std::string>{} : read_config_file(*config);
    const auto sources = fill_from_env_and_file(*cmd, entries, *config, {"config", "check-config"});
    if (*check) {
      const std::string err = check_serve_config(*cmd, *o, sources, std::cout);
      if (!err.empty()) std::cerr << "oyin: " << err << "\n";
      else std::cout << "configuration ok\n";
      exit_code = err.empty() ? 0 : 1;
      return;
    }
    const std::string err = server::run_server(*o, std::cout);
    if (!err.empty()) throw UsageError(err);
    exit_code = 0;
  });
}

}  // namespace oyin::cli
