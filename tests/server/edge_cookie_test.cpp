// Cookie tossing: a sibling host of the same site may set an empty oyin_session cookie that the
// browser sends ahead of the real one; the session must still be found.
#include "server/account_client.h"
#include "server/accounts/session_cookie.h"
#include "server/edge_http.h"

namespace oyin::testing {
namespace {

using EdgeCookie = EdgeTest;

TEST_F(EdgeCookie, AnEmptySessionCookieAheadDoesNotHideTheRealOne) {
  start();
  CookieClient c(port_);
  ASSERT_EQ(c.sign_up("Tossed", "kumalak-board-7").status, 201);
  const std::string token = c.cookie().substr(c.cookie().find('=') + 1);
  ASSERT_FALSE(token.empty());
  for (const std::string& header : {"oyin_session=; oyin_session=" + token, "oyin_session=;oyin_session=" + token,
                                   "a=1; oyin_session= ; oyin_session=" + token + "; b=2",
                                   // a tossed value that is no session, ahead of the real one
                                   "oyin_session=tossed-by-a-sibling-site; oyin_session=" + token}) {
    const auto r = http_call(port_, http::verb::get, "/api/account", "", header);
    EXPECT_EQ(r.status, 200) << header << ": " << r.text;
    EXPECT_EQ(r.body["username"], "Tossed") << header;
  }
  EXPECT_EQ(http_call(port_, http::verb::get, "/api/account", "", "oyin_session=").status, 401);
}

TEST(EdgeCookieHeader, EverySessionValueIsACandidateAndEmptyOnesAreNone) {
  using server::accounts::session_from_cookie_header;
  using server::accounts::sessions_from_cookie_header;
  EXPECT_EQ(sessions_from_cookie_header("oyin_session=; a=1; oyin_session=tossed;oyin_session=real ; b=2"),
            (std::vector<std::string>{"tossed", "real"}));
  EXPECT_EQ(session_from_cookie_header("oyin_session=; oyin_session=real"), "real");
  EXPECT_TRUE(sessions_from_cookie_header("oyin_session=; oyin_session= ; xoyin_session=x").empty());
  EXPECT_EQ(session_from_cookie_header(""), "");
}

}  // namespace
}  // namespace oyin::testing
