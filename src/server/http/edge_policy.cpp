#include "server/http/edge_policy.h"

#include "server/accounts/session_cookie.h"

namespace oyin::server {

Result<EdgePolicy> EdgePolicy::make(std::string_view trusted, std::string_view public_urls) {
  EdgePolicy p;
  if (!trusted.empty()) {
    auto ranges = parse_cidrs(trusted);
    if (!ranges) return make_error("--trusted-proxy: " + ranges.error());
    p.trusted_proxies = std::move(*ranges);
  }
  while (!public_urls.empty()) {
    const auto comma = public_urls.find(',');
    auto origin = origin_of_url(public_urls.substr(0, comma));
    if (!origin) return make_error("--public-url: " + origin.error());
    p.origins.public_origins.push_back(std::move(*origin));
    if (comma == std::string_view::npos) break;
    public_urls.remove_prefix(comma + 1);
  }
  p.https = !p.origins.public_origins.empty() && p.origins.public_origins.front().starts_with("https:");
  return p;
}

void EdgePolicy::listening_on(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  listen_base = "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::string EdgePolicy::link_base(std::string_view host, bool secure) const {
  if (!origins.public_origins.empty()) return origins.public_origins.front();
  // The Host header is the client's to choose: a hostile one must not make a link elsewhere.
  if (!safe_host(host)) return listen_base;
  return std::string(secure ? "https://" : "http://") + std::string(host);
}

void EdgePolicy::finish(HttpResponse& r, std::string_view host, bool secure) const {
  // The UI's own scripts, styles and sockets only; no framing (clickjacking). WebSocket origins
  // are named because 'self' covers ws: only in newer browsers. 'wasm-unsafe-eval' lets the
  // engine workers compile the UI's own WebAssembly (docs/wasm.md), and no JavaScript eval.
  // The service worker and the app manifest are the site's own (named: default-src covers them,
  // but an operator's proxy that rewrites the policy should see them).
  std::string sockets;
  if (!origins.public_origins.empty()) {
    for (const auto& o : origins.public_origins) sockets += " ws" + o.substr(4);  // http -> ws, https -> wss
  } else if (safe_host(host)) {
    sockets = std::string(secure ? " wss://" : " ws://") + std::string(host);
  }
  r.headers.emplace_back("Content-Security-Policy",
                         "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'" +
                             sockets + "; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
  r.headers.emplace_back("X-Frame-Options", "DENY");
  r.headers.emplace_back("Referrer-Policy", "same-origin");
  if (https) r.headers.emplace_back("Strict-Transport-Security", "max-age=31536000");
  if (https || secure)
    for (auto& [name, value] : r.headers)
      if (name == "Set-Cookie" && value.starts_with(std::string(accounts::kCookieName) + "=")) value += "; Secure";
}

}  // namespace oyin::server
