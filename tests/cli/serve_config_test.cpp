// `oyin serve`'s options from OYIN_* variables and a --config file, their order (command line >
// variable > file > default), and --check-config (issue 42). The real binary, checked with
// --check-config so that no server starts.
#include <gtest/gtest.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_command.h"

namespace oyin::testing {
namespace {

namespace fs = std::filesystem;

class ServeConfig : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("serve_config_" + std::to_string(getpid()) + "_" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "web");
    for (const char* v : {"OYIN_PORT", "OYIN_LOG_LEVEL", "OYIN_CONFIG", "OYIN_METRICS_TOKEN", "OYIN_DB", "OYIN_WORKERS"})
      unsetenv(v);
  }
  void TearDown() override {
    for (const char* v : {"OYIN_PORT", "OYIN_LOG_LEVEL", "OYIN_CONFIG", "OYIN_METRICS_TOKEN", "OYIN_DB", "OYIN_WORKERS"})
      unsetenv(v);
    fs::remove_all(dir_);
  }
  std::string file(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }
  // --check-config on a database and web folder of the test's own, port 0 (always free).
  // `db`, `web`: others than the test's own.
  CommandResult check(const std::string& more, const std::string& db = "", const std::string& web = "") {
    return run_oyin("serve --check-config --db " + (db.empty() ? (dir_ / "oyin.sqlite").string() : db) + " --web " +
                    (web.empty() ? (dir_ / "web").string() : web) + " " +
                    (more.find("--port") == std::string::npos ? "--port 0 " : "") + more);
  }
  static std::string line_of(const std::string& out, const std::string& key) {
    const auto at = out.find("\n" + key + " = ");
    if (at == std::string::npos) return "";
    return out.substr(at + 1, out.find('\n', at + 1) - at - 1);
  }
  fs::path dir_;
};

TEST_F(ServeConfig, TheEnvironmentGivesAnOptionItsValue) {
  setenv("OYIN_LOG_LEVEL", "warn", 1);
  setenv("OYIN_WORKERS", "3", 1);
  const CommandResult r = check("");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(line_of(r.out, "log-level"), "log-level = warn  # OYIN_LOG_LEVEL");
  EXPECT_EQ(line_of(r.out, "workers"), "workers = 3  # OYIN_WORKERS");
  EXPECT_EQ(line_of(r.out, "slow-request-ms"), "slow-request-ms = 500  # default");
  EXPECT_NE(r.out.find("configuration ok"), std::string::npos);
}

TEST_F(ServeConfig, AConfigFileGivesValuesAndTheCommandLineAndEnvironmentComeFirst) {
  const std::string conf = file("oyin.conf",
                                "# oyin\n"
                                "log-level = error\n"
                                "workers = 5   # comment\n"
                                "slow-request-ms = \"250\"\n"
                                "retention-days = 2\n");
  setenv("OYIN_WORKERS", "4", 1);
  const CommandResult r = check("--config " + conf + " --retention-days 3");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(line_of(r.out, "log-level"), "log-level = error  # " + conf);
  EXPECT_EQ(line_of(r.out, "slow-request-ms"), "slow-request-ms = 250  # " + conf);
  EXPECT_EQ(line_of(r.out, "workers"), "workers = 4  # OYIN_WORKERS");           // variable > file
  EXPECT_EQ(line_of(r.out, "retention-days"), "retention-days = 3  # command line");  // command line > file
  // OYIN_CONFIG names the file too.
  unsetenv("OYIN_WORKERS");
  setenv("OYIN_CONFIG", conf.c_str(), 1);
  const CommandResult e = check("");
  EXPECT_EQ(e.exit_code, 0) << e.out << e.err;
  EXPECT_EQ(line_of(e.out, "workers"), "workers = 5  # " + conf);
}

TEST_F(ServeConfig, SecretsAreMasked) {
  setenv("OYIN_METRICS_TOKEN", "s3cret-token", 1);
  const CommandResult r = check("");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(line_of(r.out, "metrics-token"), "metrics-token = ***  # OYIN_METRICS_TOKEN");
  EXPECT_EQ(r.out.find("s3cret"), std::string::npos) << r.out;
  // A PostgreSQL URL's password (the database is not there: the check fails, but shows no password).
  const CommandResult pg =
      run_oyin("serve --check-config --port 0 --web " + (dir_ / "web").string() +
               " --db postgresql://oyin:hunter2@127.0.0.1:1/none");
  EXPECT_EQ(pg.exit_code, 1) << pg.out << pg.err;
  EXPECT_EQ(pg.out.find("hunter2"), std::string::npos) << pg.out;
  EXPECT_EQ(pg.err.find("hunter2"), std::string::npos) << pg.err;
  EXPECT_NE(pg.out.find("db = postgresql://oyin:***@127.0.0.1:1/none"), std::string::npos) << pg.out;
}

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

TEST_F(ServeConfig, BadValuesAreOneLineErrorsThatSayWhereTheyCameFrom) {
  setenv("OYIN_PORT", "70000", 1);
  CommandResult r = run_oyin("serve --check-config");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("OYIN_PORT: --port: must be a whole number from 0 to 65535, not '70000'"), std::string::npos) << r.err;
  unsetenv("OYIN_PORT");
  const std::string conf = file("bad.conf", "log-level = loud\n");
  r = check("--config " + conf);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find(conf + ": log-level: --log-level"), std::string::npos) << r.err;
  r = check("--config " + file("unknown.conf", "colour = blue\n"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'colour' is not an option of oyin serve"), std::string::npos) << r.err;
  r = check("--config " + file("junk.conf", "port 8080\n"));
  EXPECT_NE(r.err.find("junk.conf:1: not a 'key = value' line"), std::string::npos) << r.err;
  r = check("--config " + (dir_ / "missing.conf").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
}

TEST_F(ServeConfig, CheckConfigFailsWithOneLineWhenAStartWould) {
  // The port is taken.
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa), 0);
  ASSERT_EQ(listen(fd, 1), 0);
  socklen_t len = sizeof sa;
  getsockname(fd, reinterpret_cast<sockaddr*>(&sa), &len);
  const std::string port = std::to_string(ntohs(sa.sin_port));
  CommandResult r = check("--port " + port);
  close(fd);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("cannot listen on 127.0.0.1:" + port), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("configuration ok"), std::string::npos);
  // The web folder is missing.
  r = check("", "", (dir_ / "nowhere").string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("is not a directory"), std::string::npos) << r.err;
  // The database is not a database.
  r = check("", file("not.sqlite", std::string(4096, 'x')));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("cannot open database"), std::string::npos) << r.err;
  // A database that cannot be created.
  r = check("", file("plain", "x") + "/data/oyin.sqlite");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("cannot create database"), std::string::npos) << r.err;
  // And a setup that is fine: the database file is not made by the check.
  r = check("");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "oyin.sqlite"));
}

}  // namespace
}  // namespace oyin::testing
