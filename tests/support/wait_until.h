#pragma once
// Waiting in a test for something another thread or process does: poll a condition until it
// holds or a generous deadline passes. A fixed sleep instead is either too short on a loaded
// 2-core machine (a flaky failure) or far too long on an idle one (a slow suite); a poll is as
// quick as the thing waited for and fails only when it never comes.
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace oyin::testing {

// Long enough for anything a test waits for on a machine shared with a parallel build; a test
// that waits this long has failed anyway.
inline constexpr std::chrono::milliseconds kWaitDeadline{10'000};

// Calls `done()` every `step` until it returns true (true), or until `deadline` has passed
// (false, after one last call at the deadline, so a slow first call still gets its answer).
template <class Condition>
bool wait_until(Condition&& done, std::chrono::milliseconds deadline = kWaitDeadline,
                std::chrono::milliseconds step = std::chrono::milliseconds(10)) {
  const auto end = std::chrono::steady_clock::now() + deadline;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(step);
  }
  return true;
}

// The whole text of a file ("" when it cannot be read), for waiting on what a process logs.
inline std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Whether the file at `path` holds `text` within `deadline` (a child's log line, say).
inline bool wait_for_text(const std::string& path, const std::string& text,
                          std::chrono::milliseconds deadline = kWaitDeadline) {
  return wait_until([&] { return file_text(path).find(text) != std::string::npos; }, deadline);
}

}  // namespace oyin::testing
