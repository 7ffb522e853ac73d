#include "server/http/client_address.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace oyin::server {

namespace ip = boost::asio::ip;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A v4 peer seen through a dual-stack socket is ::ffff:a.b.c.d; ranges are written as v4.
ip::address plain(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

std::optional<ip::address> address_of(std::string_view s) {
  s = trim(s);
  if (s.size() > 2 && s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  boost::system::error_code ec;
  const auto a = ip::make_address(std::string(s), ec);
  if (ec) return std::nullopt;
  return plain(a);
}

template <class Bytes>
bool prefix_matches(const Bytes& a, const Bytes& net, int prefix) {
  for (std::size_t i = 0; i < a.size() && prefix > 0; ++i, prefix -= 8) {
    const int bits = std::min(prefix, 8);
    const auto mask = static_cast<unsigned char>(0xff << (8 - bits));
    if ((a[i] & mask) != (net[i] & mask)) return false;
  }
  return true;
}

}  // namespace

Result<std::vector<Cidr>> parse_cidrs(std::string_view list) {
  std::vector<Cidr> out;
  while (true) {
    const auto comma = list.find(',');
    const std::string_view part = trim(list.substr(0, comma));
    const auto slash = part.find('/');
    const auto a = address_of(part.substr(0, slash));
    const auto bad = [&] {
      std::string why(part);  // appended rather than "'" + ...: GCC 12 warns falsely (-Wrestrict) on that
      return make_error(why.insert(0, 1, '\'').append("' is not an IPv4 or IPv6 CIDR (such as 10.0.0.0/8 or fd00::/8)"));
    };
    if (!a) return bad();
    const int max = a->is_v4() ? 32 : 128;
    int prefix = max;
    if (slash != std::string_view::npos) {
      const std::string_view bits = part.substr(slash + 1);
      const auto [p, ec] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
      if (bits.empty() || ec != std::errc() || p != bits.data() + bits.size() || prefix < 0 || prefix > max) return bad();
    }
    out.push_back({*a, prefix});
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

bool in_ranges(const ip::address& address, const std::vector<Cidr>& ranges) {
  const ip::address a = plain(address);
  for (const auto& r : ranges) {
    if (a.is_v4() && r.network.is_v4() && prefix_matches(a.to_v4().to_bytes(), r.network.to_v4().to_bytes(), r.prefix))
      return true;
    if (a.is_v6() && r.network.is_v6() && prefix_matches(a.to_v6().to_bytes(), r.network.to_v6().to_bytes(), r.prefix))
      return true;
  }
  return false;
}

ClientView client_of(const ip::address& peer, std::string_view forwarded_for, std::string_view forwarded_proto,
                     const std::vector<Cidr>& trusted) {
  ClientView v{plain(peer).to_string(), false};
  if (!in_ranges(peer, trusted)) return v;
  // The first value is the scheme the client used with the first proxy.
  std::string_view proto = trim(forwarded_proto.substr(0, forwarded_proto.find(',')));
  v.secure = proto.size() == 5 && std::equal(proto.begin(), proto.end(), "https",
                                             [](char a, char b) { return (a | 0x20) == b; });
  std::vector<ip::address> hops;
  while (!trim(forwarded_for).empty()) {
    const auto comma = forwarded_for.find(',');
    const auto a = address_of(forwarded_for.substr(0, comma));
    if (!a) return v;
    hops.push_back(*a);
    if (comma == std::string_view::npos) break;
    forwarded_for.remove_prefix(comma + 1);
  }
  // Every hop to the right of the client is a proxy of ours; one that is not may have been told
  // anything by the client, so it is where the trust ends.
  for (auto it = hops.rbegin(); it != hops.rend(); ++it)
    if (!in_ranges(*it, trusted) || std::next(it) == hops.rend()) return {it->to_string(), v.secure};
  return v;
}

}  // namespace oyin::server
