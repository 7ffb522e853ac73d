#include "server/http/origin_check.h"

#include <algorithm>
#include <cctype>

namespace oyin::server {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool iequals(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

}  // namespace

bool safe_host(std::string_view host) {
  return !host.empty() && std::all_of(host.begin(), host.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == ':' || c == '-' || c == '[' || c == ']';
  });
}

Result<std::string> origin_of_url(std::string_view url) {
  const auto bad = [&] {
    std::string why(url);  // appended rather than "'" + ...: GCC 12 warns falsely (-Wrestrict) on that
    return make_error(why.insert(0, 1, '\'').append("' is not an http:// or https:// URL"));
  };
  const auto sep = url.find("://");
  if (sep == std::string_view::npos) return bad();
  const std::string scheme = lower(url.substr(0, sep));
  if (scheme != "http" && scheme != "https") return bad();
  std::string_view rest = url.substr(sep + 3);
  std::string host = lower(rest.substr(0, rest.find_first_of("/?#")));
  if (!safe_host(host) || host.find('@') != std::string::npos) return bad();
  const std::string default_port = scheme == "https" ? ":443" : ":80";
  if (host.size() > default_port.size() && host.ends_with(default_port))
    host.resize(host.size() - default_port.size());
  if (host.empty() || host.front() == ':') return bad();
  return scheme + "://" + host;
}

bool OriginPolicy::allowed(std::string_view origin, std::string_view fetch_site, std::string_view host, bool secure) const {
  bool listed = false;
  if (!origin.empty()) {
    const auto o = origin_of_url(origin);  // "null" and the like are no origin of ours
    if (!o) return false;
    if (public_origins.empty()) {
      const auto own = origin_of_url(std::string(secure ? "https://" : "http://") + std::string(host));
      if (!own || *o != *own) return false;
    } else {
      listed = std::find(public_origins.begin(), public_origins.end(), *o) != public_origins.end();
      if (!listed) return false;
    }
  }
  // "none" is the user's own navigation; a sibling host (same-site) is only welcome when it is
  // one of the public URLs itself.
  if (iequals(fetch_site, "cross-site")) return false;
  if (iequals(fetch_site, "same-site")) return listed && public_origins.size() > 1;
  return true;
}

}  // namespace oyin::server
