#pragma once
// A real PostgreSQL server of the test's own: a cluster in a temporary folder (copied from one
// initdb'd template, made once per machine and PostgreSQL version, since initdb takes seconds),
// `postgres` listening on a Unix socket in that folder only, as an unprivileged user (initdb and
// postgres refuse root, so under root they run as the `postgres` user, or `nobody`), fsync off,
// trust authentication, torn down when the test process ends (and killed by the kernel if the
// test process dies first).
//
// No TCP port: a port picked free (bind, close, hand it to postgres) can be taken by another
// process in between, and tests run in parallel. The socket's folder is this process's own, so
// its name cannot clash; connections name the folder as their host.
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "storage/db.h"
#include "support/wait_until.h"

namespace oyin::testing {

class PostgresServer {
 public:
  // The server of this test process, started on first use.
  static PostgresServer& shared() {
    static PostgresServer s;
    return s;
  }
  ~PostgresServer() { stop(); }

  // Empty when the server runs; otherwise why it does not.
  const std::string& error() const { return error_; }
  // The socket's folder as the host, percent-encoded (libpq reads a host that starts with '/'
  // as a socket folder); not as "?host=", whose '?' a shell would take for a pattern.
  std::string url(const std::string& database) const {
    std::string host;
    for (unsigned char c : dir_) {
      if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
        host += static_cast<char>(c);
      } else {
        char hex[4];
        std::snprintf(hex, sizeof hex, "%%%02X", c);
        host += hex;
      }
    }
    return "postgresql://oyin@" + host + "/" + database;
  }

  // A new empty database named after `hint`; its URL ("" and error() set on failure).
  std::string fresh_database(const std::string& hint) {
    std::lock_guard lock(m_);
    if (!error_.empty()) return "";
    std::string name = "t_";
    for (char c : hint) name += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
    name = name.substr(0, 40) + "_" + std::to_string(++databases_);
    auto admin = storage::Db::open(url("postgres"));
    if (!admin) {
      error_ = admin.error();
      return "";
    }
    for (const std::string& sql : {"DROP DATABASE IF EXISTS " + name, "CREATE DATABASE " + name})
      if (auto s = (*admin)->writer()->script(sql); !s) {
        error_ = s.error();
        return "";
      }
    return url(name);
  }

  // Stops the server at once (an immediate shutdown, as a crash of the machine would).
  void kill9() {
    if (pid_ > 0) ::kill(pid_, SIGKILL);
  }

  // Stops the server (a fast shutdown: every connection is cut) and keeps its data, for a test of
  // what a database that goes away does; resume() starts it again on the same data and socket.
  void pause() {
    std::lock_guard lock(m_);
    if (pid_ <= 0) return;
    ::kill(pid_, SIGINT);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  // Empty when the server runs again; otherwise why not.
  std::string resume() {
    std::lock_guard lock(m_);
    if (pid_ > 0 || dir_.empty()) return "";
    return run_postgres();
  }

 private:
  PostgresServer() {
    error_ = start();
    if (!error_.empty()) stop();
  }

  static std::string bin(const char* tool) {
    const char* dir = std::getenv("OYIN_POSTGRES_BIN");
    return std::string(dir && *dir ? dir : "/usr/lib/postgresql/15/bin") + "/" + tool;
  }

  // The unprivileged user to run as when we are root (uid, gid); {-1, -1} when we are not root.
  static std::pair<uid_t, gid_t> run_as() {
    if (geteuid() != 0) return {static_cast<uid_t>(-1), static_cast<gid_t>(-1)};
    for (const char* name : {"postgres", "nobody"})
      if (const passwd* pw = getpwnam(name)) return {pw->pw_uid, pw->pw_gid};
    return {65534, 65534};
  }

  // fork + (setuid) + exec; with `die_with_us` the child is killed when this process dies.
  static pid_t spawn(const std::vector<std::string>& argv, const std::string& log, bool die_with_us) {
    const auto [uid, gid] = run_as();
    const pid_t pid = fork();
    if (pid != 0) return pid;
    if (gid != static_cast<gid_t>(-1) && (setgid(gid) != 0 || setuid(uid) != 0)) _exit(126);
    if (die_with_us) prctl(PR_SET_PDEATHSIG, SIGKILL);  // after setuid, which clears it
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  static int run(const std::vector<std::string>& argv, const std::string& log) {
    const pid_t pid = spawn(argv, log, true);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  static void give_to_runner(const std::string& path) {
    const auto [uid, gid] = run_as();
    if (uid != static_cast<uid_t>(-1) && chown(path.c_str(), uid, gid) != 0) {
    }
  }
  static std::string tail(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string s = ss.str();
    return s.size() > 600 ? s.substr(s.size() - 600) : s;
  }

  // The initdb'd template, made once (under a lock: test processes start in parallel).
  std::string template_cluster(const std::string& root) {
    namespace fs = std::filesystem;
    const std::string tpl = root + "template";
    if (fs::exists(tpl + "/data/PG_VERSION")) return "";
    const int lock = open((root + "template.lock").c_str(), O_RDWR | O_CREAT, 0644);
    flock(lock, LOCK_EX);
    std::string err;
    if (!fs::exists(tpl + "/data/PG_VERSION")) {
      const std::string tmp = tpl + ".tmp" + std::to_string(getpid());
      fs::remove_all(tmp);
      fs::create_directories(tmp);
      give_to_runner(tmp);
      const std::string log = root + "initdb.log";
      if (run({bin("initdb"), "-D", tmp + "/data", "-U", "oyin", "-A", "trust", "-E", "UTF8", "--no-sync",
               "--no-instructions"},
              log) != 0)
        err = "initdb failed: " + tail(log);
      else {
        std::error_code ec;
        fs::remove_all(tpl, ec);  // a template left half made
        fs::rename(tmp, tpl, ec);
        if (ec) err = "cannot make the template cluster " + tpl + ": " + ec.message();
      }
    }
    flock(lock, LOCK_UN);
    close(lock);
    return err;
  }

  std::string start() {
    namespace fs = std::filesystem;
    if (!fs::exists(bin("postgres"))) return "no PostgreSQL server at " + bin("postgres") + " (install postgresql-15)";
    const std::string root = ::testing::TempDir() + "oyin_pg_" + std::to_string(getuid()) + "/";
    fs::create_directories(root);
    chmod(root.c_str(), 0755);
    give_to_runner(root);
    if (auto e = template_cluster(root); !e.empty()) return e;
    dir_ = root + "run" + std::to_string(getpid());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    give_to_runner(dir_);
    const std::string log = dir_ + "/log";
    if (run({"/bin/cp", "-a", root + "template/data", dir_ + "/data"}, log) != 0) return "copying the cluster failed";
    // The socket is <dir>/.s.PGSQL.<port>: the port only names the file, in a folder no one else
    // uses. A socket's path has room for 107 bytes.
    if (dir_.size() + sizeof "/.s.PGSQL.5432" > 108) return "the socket folder's path is too long: " + dir_;
    return run_postgres();
  }

  // Starts postgres on the cluster in dir_ and waits until it is ready.
  std::string run_postgres() {
    const std::string log = dir_ + "/log";
    pid_ = spawn({bin("postgres"), "-D", dir_ + "/data", "-k", dir_, "-c", "listen_addresses=", "-p", "5432", "-F",
                  "-c", "max_connections=200", "-c", "log_min_messages=warning"},
                 log, true);
    // Ready when postmaster.pid's eighth line says so; gone when it exits (a bad cluster).
    bool exited = false;
    const bool ready = wait_until(
        [&] {
          int status = 0;
          if (waitpid(pid_, &status, WNOHANG) == pid_) return exited = true;
          std::ifstream pidfile(dir_ + "/data/postmaster.pid");
          std::string line;
          for (int l = 0; l < 8 && std::getline(pidfile, line); ++l) {
          }
          return line.rfind("ready", 0) == 0;
        },
        std::chrono::seconds(30));
    if (exited) {
      pid_ = -1;
      return "postgres did not start: " + tail(log);
    }
    return ready ? "" : "postgres did not get ready: " + tail(log);
  }

  void stop() {
    if (pid_ > 0) {
      ::kill(pid_, SIGINT);  // fast shutdown: no checkpoint to wait for in a folder that goes
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    if (!dir_.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(dir_, ec);
      dir_.clear();
    }
  }

  std::mutex m_;
  std::string error_, dir_;
  pid_t pid_ = -1;
  int databases_ = 0;
};

}  // namespace oyin::testing
