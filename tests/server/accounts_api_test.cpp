// Accounts over real HTTP against `oyin serve --clock manual`: sign up, in and out with the
// session cookie, every account error, the limit on failed sign-ins (the test moves the server's
// clock past the window instead of waiting), and that a password is kept nowhere in clear.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include "server/account_client.h"
#include "storage/db.h"

namespace oyin::testing {
namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

class AccountsApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string dir = ::testing::TempDir() + "oyin_accounts_api_" + std::to_string(getpid());
    std::filesystem::create_directories(dir);
    db_ = dir + "/" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite";
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db_ + ext);
    server_ = std::make_unique<ServerProcess>(db_, "/nonexistent", std::vector<std::string>{"--clock", "manual"});
    ASSERT_TRUE(server_->start()) << "the server did not start";
    port_ = server_->port();
  }
  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->terminate(), 0);
    }
  }
  void advance(std::int64_t ms) {
    auto r = http_post(port_, "/api/test/clock", {{"advance_ms", ms}});
    ASSERT_EQ(r.status, 200) << r.text;
  }
  static void expect_error(const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.text;
    EXPECT_EQ(r.body["code"], code) << r.text;
    EXPECT_TRUE(r.body["error"].is_string()) << r.text;
  }
  std::string db_;
  std::unique_ptr<ServerProcess> server_;
  int port_ = 0;
};

TEST_F(AccountsApiTest, SignUpSetsTheSessionCookie) {
  CookieClient alice(port_);
  const auto r = alice.sign_up("Alice_1", "correct horse battery");
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["username"], "Alice_1");
  EXPECT_TRUE(r.body["id"].is_number_integer());
  // 256 bits in base64url without padding: 43 characters.
  const std::string set = r.header("Set-Cookie");
  EXPECT_TRUE(std::regex_match(set, std::regex("oyin_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=/"))) << set;
  const auto me = alice.get("/api/account");
  ASSERT_EQ(me.status, 200) << me.text;
  EXPECT_EQ(me.body["id"], r.body["id"]);
  EXPECT_EQ(me.body["username"], "Alice_1");
  EXPECT_EQ(me.body["chat"], true);
  EXPECT_TRUE(std::regex_match(me.body["created_at"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  EXPECT_EQ(me.header("Cache-Control"), "no-store");
  // A guest, and a made-up token, are nobody.
  expect_error(http_get(port_, "/api/account"), 401, "not_signed_in");
  CookieClient forger(port_);
  forger.set_cookie("oyin_session=" + std::string(43, 'A'));
  expect_error(forger.get("/api/account"), 401, "not_signed_in");
  // Two sign-ups get two different sessions.
  CookieClient bob(port_);
  ASSERT_EQ(bob.sign_up("bob", "another long secret").status, 201);
  EXPECT_NE(bob.cookie(), alice.cookie());
  EXPECT_EQ(bob.get("/api/account").body["username"], "bob");
}

TEST_F(AccountsApiTest, SignInSignOutAndSettings) {
  CookieClient first(port_);
  ASSERT_EQ(first.sign_up("Dana", "tulip-meadow-42").status, 201);
  CookieClient second(port_);
  const auto in = second.sign_in("dANA", "tulip-meadow-42");  // names compare without regard to case
  ASSERT_EQ(in.status, 200) << in.text;
  EXPECT_EQ(in.body["username"], "Dana");
  EXPECT_TRUE(std::regex_match(in.header("Set-Cookie"),
                               std::regex("oyin_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=/")));
  EXPECT_NE(second.cookie(), first.cookie());

  const auto chat_off = second.post("/api/account/settings", {{"chat", false}});
  ASSERT_EQ(chat_off.status, 200) << chat_off.text;
  EXPECT_EQ(chat_off.body["chat"], false);
  EXPECT_EQ(first.get("/api/account").body["chat"], false);  // a setting of the account, not of the session
  expect_error(second.post("/api/account/settings", {{"chat", "no"}}), 400, "field_type");
  expect_error(http_post(port_, "/api/account/settings", {{"chat", true}}), 401, "not_signed_in");

  const std::string old = second.cookie();
  const auto out = second.post("/api/account/logout");
  ASSERT_EQ(out.status, 200) << out.text;
  EXPECT_EQ(out.body, json::object());
  EXPECT_EQ(out.header("Set-Cookie"), "oyin_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0");
  EXPECT_TRUE(second.cookie().empty());
  CookieClient replay(port_);
  replay.set_cookie(old);  // the session is gone on the server, not only in the browser
  expect_error(replay.get("/api/account"), 401, "not_signed_in");
  EXPECT_EQ(first.get("/api/account").status, 200);  // the other session lives on
  EXPECT_EQ(http_post(port_, "/api/account/logout", json::object()).status, 200);  // a guest's sign-out is harmless

  expect_error(second.sign_in("Dana", "tulip-meadow-43"), 401, "bad_credentials");
  expect_error(second.sign_in("nobody_here", "tulip-meadow-42"), 401, "bad_credentials");
  EXPECT_TRUE(second.cookie().empty());
}

TEST_F(AccountsApiTest, BadUserNames) {
  CookieClient c(port_);
  for (const char* name : {"", "ab", "abcdefghijklmnopqrstu", "a b", "anna.k", "ädam", "x\"y", "tab\tname", "semi;colon"}) {
    const auto r = c.sign_up(name, "a fine long password");
    expect_error(r, 400, "bad_username");
    EXPECT_EQ(r.body["params"], (json{{"min", 3}, {"max", 20}})) << name;
  }
  EXPECT_EQ(c.sign_up("abc", "a fine long password").status, 201);                    // 3 characters
  EXPECT_EQ(c.sign_up("abcdefghij_-KLMNOP09", "a fine long password").status, 201);   // 20 characters
  expect_error(c.post("/api/account/register", {{"username", 5}, {"password", "a fine long password"}}), 400, "field_type");
  expect_error(c.post("/api/account/register", json::array()), 400, "not_an_object");
}

TEST_F(AccountsApiTest, TakenNamesWithoutRegardToCase) {
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Erlan", "steppe wind 1987").status, 201);
  for (const char* name : {"Erlan", "erlan", "ERLAN", "eRlAn"}) {
    const auto r = c.sign_up(name, "another password 2");
    expect_error(r, 409, "username_taken");
    EXPECT_EQ(r.body["params"]["username"], name);
  }
  EXPECT_EQ(c.sign_in("erlan", "steppe wind 1987").body["username"], "Erlan");
}

TEST_F(AccountsApiTest, WeakPasswords) {
  CookieClient c(port_);
  for (const auto& [name, password] : std::vector<std::pair<std::string, std::string>>{
           {"gulnar", ""}, {"gulnar", "short12"}, {"gulnar_1987", "gulnar_1987"}, {"gulnar_1987", "GULNAR_1987"},
           {"gulnar", "password123"}, {"gulnar", "QwertyUIOP"}, {"gulnar", "12345678"}, {"gulnar", "iloveyou"}}) {
    const auto r = c.sign_up(name, password);
    expect_error(r, 400, "weak_password");
    EXPECT_EQ(r.body["params"]["min"], 8) << password;
  }
  EXPECT_EQ(c.sign_up("gulnar", "gulnar12").status, 201);  // 8 characters, not the name itself
  EXPECT_TRUE(c.cookie().starts_with("oyin_session="));
}

// "At least 8 characters" counts what a person sees: code points, not the bytes of UTF-8.
TEST_F(AccountsApiTest, PasswordLengthCountsCharactersNotBytes) {
  CookieClient c(port_);
  for (const char* password : {"\xF0\x9F\x98\x80\xF0\x9F\x98\x80",  // two emoji: 8 bytes, 2 characters
                               "\xD0\xBF\xD0\xB0\xD1\x80\xD0\xBE\xD0\xBB\xD1\x8C" "1"}) {  // "пароль1": 13 bytes, 7 characters
    const auto r = c.sign_up("emoji_fan", password);
    expect_error(r, 400, "weak_password");
    EXPECT_EQ(r.body["params"]["min"], 8);
  }
  // Text that is not UTF-8 never becomes a password or a name.
  for (const std::string& body : {std::string("{\"username\":\"emoji_fan\",\"password\":\"abc\xFF\xFE" "xyzgh\"}"),
                                 std::string("{\"username\":\"emoji_fan\",\"password\":\"abcdefgh\\ud83d\"}"),
                                 std::string("{\"username\":\"emoji\xC0\xAF\",\"password\":\"a fine long password\"}")}) {
    const auto r = c.call(http::verb::post, "/api/account/register", body);
    EXPECT_EQ(r.status, 400) << body << " " << r.text;
  }
  // "пароль12": 8 characters (16 bytes).
  const std::string cyrillic = "\xD0\xBF\xD0\xB0\xD1\x80\xD0\xBE\xD0\xBB\xD1\x8C" "12";
  ASSERT_EQ(c.sign_up("emoji_fan", cyrillic).status, 201);
  ASSERT_EQ(c.post("/api/account/logout").status, 200);
  EXPECT_EQ(c.sign_in("Emoji_Fan", cyrillic).status, 200);
}

TEST_F(AccountsApiTest, FailedSignInsAreLimitedPerNameAndRecover) {
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Marat", "kumalak-board-9").status, 201);
  for (int i = 0; i < 5; ++i) expect_error(c.sign_in("Marat", "wrong guess " + std::to_string(i)), 401, "bad_credentials");
  // Now even the right password waits: the name is locked for the window (15 min from the first).
  const auto locked = c.sign_in("marat", "kumalak-board-9");
  expect_error(locked, 429, "too_many_attempts");
  EXPECT_EQ(locked.header("Retry-After"), "900");
  EXPECT_EQ(locked.body["params"]["wait_s"], 900);
  advance(10 * 60 * 1000);
  const auto later = c.sign_in("Marat", "kumalak-board-9");
  expect_error(later, 429, "too_many_attempts");
  EXPECT_EQ(later.header("Retry-After"), "300");
  // Another name from the same address is not locked by Marat's failures.
  ASSERT_EQ(c.sign_up("Saule", "kumalak-board-8").status, 201);
  EXPECT_EQ(c.sign_in("Saule", "kumalak-board-8").status, 200);
  advance(5 * 60 * 1000);  // the window has passed
  const auto again = c.sign_in("Marat", "kumalak-board-9");
  ASSERT_EQ(again.status, 200) << again.text;
  EXPECT_EQ(c.get("/api/account").body["username"], "Marat");
  // A success forgets the name's failures: five more tries are allowed.
  for (int i = 0; i < 4; ++i) expect_error(c.sign_in("Marat", "wrong again " + std::to_string(i)), 401, "bad_credentials");
  EXPECT_EQ(c.sign_in("Marat", "kumalak-board-9").status, 200);
}

TEST_F(AccountsApiTest, FailedSignInsAreLimitedPerClientAddress) {
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Target", "kumalak-board-7").status, 201);
  // 20 failures spread over names (4 each, under the per-name limit), all from 127.0.0.1.
  for (int i = 0; i < 20; ++i)
    expect_error(c.sign_in("guess" + std::to_string(i / 4), "nope nope " + std::to_string(i)), 401, "bad_credentials");
  const auto r = c.sign_in("Target", "kumalak-board-7");
  expect_error(r, 429, "too_many_attempts");
  EXPECT_EQ(r.header("Retry-After"), "900");
  advance(15 * 60 * 1000);
  EXPECT_EQ(c.sign_in("Target", "kumalak-board-7").status, 200);
}

TEST_F(AccountsApiTest, PasswordsAndTokensAreNeverKeptInClear) {
  const std::string password = "Unmistakable-Secret-7731";
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Nurlan", password).status, 201);
  ASSERT_EQ(c.post("/api/account/logout").status, 200);
  ASSERT_EQ(c.sign_in("Nurlan", password).status, 200);
  expect_error(c.sign_in("Nurlan", password + "x"), 401, "bad_credentials");
  const std::string token = c.cookie().substr(c.cookie().find('=') + 1);
  ASSERT_EQ(token.size(), 43u);
  ASSERT_EQ(server_->terminate(), 0);
  const std::string log = server_->log_path();
  server_.reset();
  for (const std::string& f : {log, log + ".err"}) {
    const std::string text = file_bytes(f);
    EXPECT_EQ(text.find(password), std::string::npos) << f;
    EXPECT_EQ(text.find(token), std::string::npos) << f;
  }
  if (!testing_postgres())
    for (const char* ext : {"", "-wal", "-shm"}) {
      const std::string bytes = file_bytes(db_ + ext);
      EXPECT_EQ(bytes.find(password), std::string::npos) << ext;
      EXPECT_EQ(bytes.find(token), std::string::npos) << ext;
    }
  // What the tables hold (either backend): an Argon2id hash and the tokens' hashes.
  auto db = storage::Db::open(store_for(db_));
  ASSERT_TRUE(db) << db.error();
  auto users = (*db)->reader()->query("SELECT username, password_hash FROM users");
  ASSERT_TRUE(users) << users.error();
  ASSERT_EQ(users->size(), 1u);
  EXPECT_TRUE((*users)[0].text(1).starts_with("$argon2id$")) << (*users)[0].text(1);
  EXPECT_EQ((*users)[0].text(1).find(password), std::string::npos);
  auto sessions = (*db)->reader()->query("SELECT token_hash FROM sessions");
  ASSERT_TRUE(sessions) << sessions.error();
  ASSERT_EQ(sessions->size(), 1u);  // the first was ended by the sign-out
  EXPECT_EQ((*sessions)[0].text(0).size(), 64u);
  EXPECT_NE((*sessions)[0].text(0), token);
}

}  // namespace
}  // namespace oyin::testing
