// libFuzzer harness: a UCI session driven in process, one input line at a time, in the bounded
// mode (searches of 64 nodes, perft depth 2, no bench): every line gets handled without a
// crash, hang or leak, whatever it says.
// A session is at most 64 lines, and ends after its second "go": what is fuzzed here is the
// reading of the lines, and each search costs as much as a few hundred other lines (the first
// iteration with its quiescence search always completes). Without the cap the fuzzer's inputs
// grew into sessions of many searches, and after half an hour the search was 85 % of the time at
// 190 inputs a second.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "core/text.h"
#include "protocol/uci.h"

namespace {
constexpr int kMaxLines = 64;
constexpr int kMaxSearches = 2;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::ostringstream out;
  oyin::protocol::UciDriver uci(out, oyin::protocol::UciOptions{.bounded = true});
  std::string_view s(reinterpret_cast<const char*>(data), size);
  int lines = 0, searches = 0;
  while (!s.empty() && lines++ < kMaxLines) {
    const auto nl = s.find('\n');
    std::string line(s.substr(0, nl));
    s = nl == std::string_view::npos ? std::string_view() : s.substr(nl + 1);
    const auto words = oyin::split_ws(line);
    if (!words.empty() && words[0] == "go" && ++searches > kMaxSearches) break;
    if (!uci.handle(line)) return 0;
  }
  uci.finish();
  return 0;
}
