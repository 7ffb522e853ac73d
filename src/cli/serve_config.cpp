// `oyin serve`'s options from the environment and a config file, and --check-config.
#include "cli/serve_config.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "cli/common.h"
#include "storage/db.h"

namespace oyin::cli {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string long_name(const CLI::Option& opt) {
  const auto& names = opt.get_lnames();
  return names.empty() ? "" : names.front();
}

bool secret(const std::string& name) { return name.find("token") != std::string::npos; }

// The value as the effective configuration shows it: a token as ***, a URL's password as ***.
std::string shown(const std::string& name, const std::string& value) {
  if (secret(name) && !value.empty()) return "***";
  return storage::without_password(value);
}

std::string quoted(const std::string& v) {
  const bool plain = !v.empty() && std::all_of(v.begin(), v.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("-_.:/*@,").find(static_cast<char>(c)) != std::string_view::npos;
  });
  return plain ? v : "\"" + v + "\"";
}

// Gives `opt` the value `text`, checked as on the command line; the error names `source`.
void give(CLI::Option& opt, const std::string& text, const std::string& source) {
  try {
    opt.add_result(text);
    opt.run_callback();
  } catch (const CLI::Error& e) {
    throw UsageError(source + ": " + e.what());
  }
}

std::string check_sqlite(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    const fs::path dir = fs::absolute(path, ec).parent_path();
    fs::path existing = dir;
    while (!existing.empty() && !fs::exists(existing, ec)) existing = existing.parent_path();
    if (existing.empty() || !fs::is_directory(existing, ec) || access(existing.c_str(), W_OK) != 0)
      return "cannot create database '" + path + "': '" + existing.string() + "' is not a writable folder";
    return "";
  }
  sqlite3* db = nullptr;
  std::string err;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK ||
      sqlite3_exec(db, "SELECT COUNT(*) FROM sqlite_master", nullptr, nullptr, nullptr) != SQLITE_OK)
    err = "cannot open database '" + path + "': " + (db ? sqlite3_errmsg(db) : "out of memory");
  sqlite3_close(db);
  if (err.empty() && access(path.c_str(), W_OK) != 0) err = "database '" + path + "' is not writable";
  return err;
}

std::string check_database(const std::string& where) {
  if (!storage::is_postgres_url(where)) return check_sqlite(where);
  auto c = storage::connect_postgres(where);
  if (!c) return c.error();
  if (auto r = (*c)->query("SELECT 1"); !r) return r.error();
  return "";
}

// Whether a listening socket could be opened on host:port now (port 0: any port).
std::string check_listen(const std::string& host, int port) {
  sockaddr_storage sa{};
  socklen_t len = 0;
  int family = AF_INET;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&sa);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&sa);
  if (inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(static_cast<std::uint16_t>(port));
    len = sizeof(sockaddr_in);
  } else if (inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
    family = AF_INET6;
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(static_cast<std::uint16_t>(port));
    len = sizeof(sockaddr_in6);
  } else {
    return "--host '" + host + "' is not an IP address";
  }
  const int fd = socket(family, SOCK_STREAM, 0);
  if (fd < 0) return "cannot open a socket";
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  std::string err;
  if (bind(fd, reinterpret_cast<sockaddr*>(&sa), len) != 0 || listen(fd, 1) != 0)
    err = "cannot listen on " + host + ":" + std::to_string(port) + ": " + std::strerror(errno);
  close(fd);
  return err;
}

}  // namespace

std::string env_name(const std::string& option) {
  std::string name = "OYIN_";
  for (char c : option) name += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::map<std::string, std::string> read_config_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("--config: cannot read '" + path + "'");
  std::map<std::string, std::string> entries;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string where = path + ":" + std::to_string(n);
    std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    const auto eq = text.find('=');
    if (eq == std::string::npos) throw UsageError(where + ": not a 'key = value' line");
    std::string key = trim(text.substr(0, eq)), value = trim(text.substr(eq + 1));
    if (key.starts_with("--")) key.erase(0, 2);
    if (!value.empty() && value[0] == '"') {
      const auto close = value.find('"', 1);
      if (close == std::string::npos) throw UsageError(where + ": a quote is not closed");
      if (const std::string rest = trim(value.substr(close + 1)); !rest.empty() && rest[0] != '#')
        throw UsageError(where + ": text after the quoted value");
      value = value.substr(1, close - 1);
    } else if (const auto hash = value.find(" #"); hash != std::string::npos) {
      value = trim(value.substr(0, hash));
    }
    if (key.empty()) throw UsageError(where + ": no key before '='");
    if (entries.count(key)) throw UsageError(where + ": '" + key + "' is given twice");
    entries[key] = value;
  }
  return entries;
}

std::map<std::string, std::string> fill_from_env_and_file(CLI::App& cmd, const std::map<std::string, std::string>& entries,
                                                          const std::string& file, const std::vector<std::string>& skip) {
  std::map<std::string, std::string> sources;
  std::set<std::string> known;
  for (CLI::Option* opt : cmd.get_options()) {
    const std::string name = long_name(*opt);
    if (name.empty() || name == "help" || std::find(skip.begin(), skip.end(), name) != skip.end()) continue;
    known.insert(name);
    if (opt->count() > 0) {
      sources[name] = "command line";
      continue;
    }
    const std::string env = env_name(name);
    if (const char* v = std::getenv(env.c_str()); v && *v) {
      give(*opt, v, env);
      sources[name] = env;
    } else if (auto it = entries.find(name); it != entries.end()) {
      give(*opt, it->second, file + ": " + name);
      sources[name] = file;
    } else {
      sources[name] = "default";
    }
  }
  for (const auto& [key, value] : entries)
    if (!known.count(key)) throw UsageError(file + ": '" + key + "' is not an option of oyin serve");
  return sources;
}

std::string check_serve_config(CLI::App& cmd, const server::ServerOptions& o,
                               const std::map<std::string, std::string>& sources, std::ostream& out) {
  out << "# oyin serve: the effective configuration (command line > OYIN_* variables > file > default)\n";
  for (CLI::Option* opt : cmd.get_options()) {
    const std::string name = long_name(*opt);
    const auto src = sources.find(name);
    if (src == sources.end()) continue;
    const std::string value = opt->count() > 0 ? CLI::detail::join(opt->results(), ",") : opt->get_default_str();
    out << name << " = " << quoted(shown(name, value)) << "  # " << src->second << "\n";
  }
  if (std::string err = check_database(o.db); !err.empty()) return err;
  if (std::string err = check_listen(o.host, o.port); !err.empty()) return err;
  if (std::error_code ec; !std::filesystem::is_directory(o.web_root, ec))
    return "--web: '" + o.web_root + "' is not a directory (build the UI with make web)";
  return "";
}

}  // namespace oyin::cli
