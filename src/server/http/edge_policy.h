#pragma once
// What the HTTP edge of `oyin serve` believes and adds, from its options: which peers are
// trusted proxies, which origins may change state, the base of links, the security headers of
// every response.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "server/http/api.h"
#include "server/http/client_address.h"
#include "server/http/origin_check.h"

namespace oyin::server {

struct EdgePolicy {
  std::vector<Cidr> trusted_proxies;
  OriginPolicy origins;
  std::string listen_base;  // "http://HOST:PORT" it listens on: links when the Host header is unfit
  bool https = false;       // the (first) public URL is https: Secure cookies and HSTS everywhere

  // `trusted`: --trusted-proxy's CIDR list; `public_urls`: --public-url's comma list (the first
  // is the links' base). An error is one line naming the option.
  static Result<EdgePolicy> make(std::string_view trusted, std::string_view public_urls);
  void listening_on(const std::string& host, int port);

  // "scheme://host[:port]" that links to this server start with.
  std::string link_base(std::string_view host, bool secure) const;
  // The security headers, and Secure on the session cookie when the client uses https.
  void finish(HttpResponse& r, std::string_view host, bool secure) const;
};

}  // namespace oyin::server
