#pragma once
// Who the client is when `oyin serve` runs behind a reverse proxy (--trusted-proxy): the TCP peer
// is then the proxy, and only a peer in a trusted range may say who it forwards for
// (X-Forwarded-For) and whether the client used https (X-Forwarded-Proto). Anyone else's headers
// are ignored, or a client could pick its own address and escape the per-address limits.
#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace oyin::server {

struct Cidr {
  boost::asio::ip::address network;
  int prefix = 0;  // bits that must match
};

// "10.0.0.0/8,fd00::/8,192.168.1.7" (a bare address is one host); an error names the bad part.
Result<std::vector<Cidr>> parse_cidrs(std::string_view list);
bool in_ranges(const boost::asio::ip::address& a, const std::vector<Cidr>& ranges);

struct ClientView {
  std::string address;  // the real client's address: the limits' key
  bool secure = false;  // https as the client sees it
};

// `forwarded_for`: the X-Forwarded-For values joined by ", "; `forwarded_proto` likewise. The
// right-most forwarded address that is not itself a trusted proxy is the client; a malformed
// list (which a proxy would not send) leaves the peer.
ClientView client_of(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                     std::string_view forwarded_proto, const std::vector<Cidr>& trusted);

}  // namespace oyin::server
