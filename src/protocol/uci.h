#pragma once
// UCI for Togyz Kumalak and Tojmot, with the variant convention of multi-variant engines:
// option UCI_Variant (togyzkumalak | tojmot). Debug commands: d, go perft N, bench.
#include <iosfwd>

namespace oyin::protocol {

// Reads commands from `in` until "quit" or the end of input (which waits for a running search
// to finish), writing replies to `out`. Returns the process exit code.
int run_uci(std::istream& in, std::ostream& out);

}  // namespace oyin::protocol
