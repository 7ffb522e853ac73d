// libFuzzer harness: a GTP session driven in process, one input line at a time (the random
// mover answers genmove, so every command is quick). Every line gets exactly one well-formed
// response, and a board the engine prints always reads back into the same capture Go position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "games/capgo/notation.h"
#include "protocol/gtp.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto engine = oyin::protocol::GtpEngine::create({"size=5,target=1", 1, "0.1.0", -1, 0, 1});
  FUZZ_CHECK(engine.ok(), "the default rules are refused");
  std::string_view s(reinterpret_cast<const char*>(data), size);
  int lines = 0;
  while (!s.empty() && lines++ < 64 && !engine->quit_requested()) {
    const auto nl = s.find('\n');
    const std::string line(s.substr(0, nl));
    s = nl == std::string_view::npos ? std::string_view() : s.substr(nl + 1);
    const std::string response = engine->handle_line(line);
    if (response.empty()) continue;
    FUZZ_CHECK(response[0] == '=' || response[0] == '?', "a response starts with '=' or '?': " + response);
    FUZZ_CHECK(response.size() >= 2 && response.substr(response.size() - 2) == "\n\n",
               "a response ends with an empty line: " + response);
    FUZZ_CHECK(response.find("\n\n") == response.size() - 2, "a response holds no empty line inside: " + response);
  }
  const auto& pos = engine->position();
  const std::string text = oyin::capgo::to_text(pos);
  oyin::capgo::Rules rules;
  rules.size = pos.size;
  rules.target = {pos.target[0], pos.target[1]};
  rules.pass_allowed = pos.pass_allowed;
  if (pos.resigned < 0) {
    auto again = oyin::capgo::parse_position(text, rules);
    FUZZ_CHECK(again.ok(), "the engine's position does not read back: '" + text + "': " + again.error());
    FUZZ_CHECK(oyin::capgo::to_text(*again) == text, "position text not stable: " + text);
  }
  return 0;
}
