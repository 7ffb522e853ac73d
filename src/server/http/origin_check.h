#pragma once
// Which web pages may change state here (CSRF): a POST, PUT, PATCH or DELETE under /api and every
// WebSocket upgrade must come from one of the server's own origins. SameSite=Lax cookies stop only
// cross-site requests; a page on a sibling host of the same site (same-site) would otherwise act
// with the user's session. Requests without Origin and Sec-Fetch-Site (curl, scripts) are let
// through: a browser always sends one of them on such requests.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace oyin::server {

// "https://Oyin.KZ:443/x" -> "https://oyin.kz": scheme and host lower case, the default port
// dropped; an error for anything but an http(s) URL with a host.
Result<std::string> origin_of_url(std::string_view url);

// A Host header that may go into a link or an origin as it is: [A-Za-z0-9.:-[]] only, not empty.
bool safe_host(std::string_view host);

struct OriginPolicy {
  // The origins of --public-url (each may call the others); empty: the request's own origin,
  // http(s):// + its Host header, is the only one allowed.
  std::vector<std::string> public_origins;

  bool allowed(std::string_view origin, std::string_view fetch_site, std::string_view host, bool secure) const;
};

}  // namespace oyin::server
