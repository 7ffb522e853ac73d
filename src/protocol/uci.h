#pragma once
// UCI for Togyz Kumalak and Tojmot, with the variant convention of multi-variant engines:
// option UCI_Variant (togyzkumalak | tojmot). Debug commands: d, go perft N, bench.
#include <iosfwd>
#include <memory>
#include <string>

namespace oyin::protocol {

// Reads commands from `in` until "quit" or the end of input (which waits for a running search
// to finish), writing replies to `out`. Returns the process exit code. Input is read on its own
// thread, so "stop" and "quit" end a running search or perft at once, even while an earlier
// command (position, setoption, go) waits for that search.
int run_uci(std::istream& in, std::ostream& out);

struct UciOptions {
  // For in-process drivers (tests, fuzzing): every command finishes quickly and on the calling
  // thread. Searches are capped at 64 nodes ("go infinite" too), perft at depth 2 and Threads
  // at 1, the hash table is minimal (Hash is refused), and so is "bench".
  bool bounded = false;
};

class UciSession;  // protocol/uci.cpp

// One UCI session driven line by line in process.
class UciDriver {
 public:
  explicit UciDriver(std::ostream& out, UciOptions options = {});
  ~UciDriver();
  bool handle(const std::string& line);  // false after "quit"
  void finish();                         // the end of input: stops an infinite search, waits
 private:
  std::unique_ptr<UciSession> session_;
};

}  // namespace oyin::protocol
