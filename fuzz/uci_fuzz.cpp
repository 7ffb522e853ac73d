// libFuzzer harness: a UCI session driven in process, one input line at a time, in the bounded
// mode (searches of 64 nodes, perft depth 2, no bench): every line gets handled without a
// crash, hang or leak, whatever it says.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "protocol/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::ostringstream out;
  oyin::protocol::UciDriver uci(out, oyin::protocol::UciOptions{.bounded = true});
  std::string_view s(reinterpret_cast<const char*>(data), size);
  int lines = 0;
  while (!s.empty() && lines++ < 64) {
    const auto nl = s.find('\n');
    std::string line(s.substr(0, nl));
    s = nl == std::string_view::npos ? std::string_view() : s.substr(nl + 1);
    if (!uci.handle(line)) return 0;
  }
  uci.finish();
  return 0;
}
