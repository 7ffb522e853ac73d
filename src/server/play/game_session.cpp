#include "server/play/game_session.h"

namespace oyin::server {

Verdict verdict(const GameState& st, const storage::StoredGame& row) {
  const GameStatus s = st.status();
  if (s.over()) return {true, result_text(s), s.reason, std::string(s.code), {s.args[0], s.args[1]}};
  if (row.result == "*" && row.reason.empty()) return {};  // an aborted game ends with "*" and a reason
  Verdict v{true, row.result, row.reason, "recorded", {0, 0}};
  if (row.reason == "draw by agreement") v.code = "agreement";
  else if (row.reason.ends_with(" resigned")) v.code = "resign";
  else if (const std::string_view c = clock_end_code(row.reason); !c.empty()) v.code = c;
  return v;
}

}  // namespace oyin::server
