#include "protocol/gtp.h"

#include <cctype>
#include <istream>
#include <ostream>

#include "core/text.h"
#include "protocol/gtp_analyze.h"
#include "search/capgo/mcts_engine.h"

namespace oyin::protocol {

namespace {

using namespace oyin::capgo;

// The GTP spec's preprocessing: control characters dropped, tabs to spaces, comments cut.
std::string preprocess(std::string_view line) {
  std::string out;
  for (char ch : line) {
    if (ch == '#') break;
    if (ch == '\t') out += ' ';
    else if (static_cast<unsigned char>(ch) >= 32 && ch != 127) out += ch;
  }
  return std::string(trim(out));
}

}  // namespace

GtpEngine::GtpEngine(const GtpOptions& options, Rules rules)
    : options_(options), rules_(std::move(rules)), rng_(options.seed) {
  clear_board();
}

Result<GtpEngine> GtpEngine::create(const GtpOptions& options) {
  auto rules = CaptureGo::parse_rules(options.rules);
  if (!rules) return make_error(rules.error());
  return GtpEngine(options, *rules);
}

Status GtpEngine::set_rules(const Rules& rules) {
  auto start = make_start(rules);
  if (!start) return make_error(start.error());
  rules_ = rules;
  clear_board();
  return Ok{};
}

void GtpEngine::clear_board() {
  start_ = CaptureGo::start_position(rules_);
  pos_ = start_;
  moves_.clear();
  undos_.clear();
  move_texts_.clear();
}

void GtpEngine::play_move(Move m) {
  move_texts_.push_back(move_to_text(pos_, m));
  moves_.push_back(m);
  undos_.emplace_back();
  capgo::play(pos_, m, undos_.back());
}

std::string GtpEngine::board_rows() const {
  std::string out;
  for (int y = pos_.size - 1; y >= 0; --y) {
    for (int x = 0; x < pos_.size; ++x) {
      const int c = pos_.color[pos_.index(x, y)];
      out += c == kBlack ? 'X' : c == kWhite ? 'O' : '.';
    }
    if (y) out += '\n';
  }
  return out;
}

std::string GtpEngine::sgf_text() const {
  GameRecord meta;
  meta.moves = move_texts_;
  meta.tags = {{"Event", "oyin gtp"}};
  std::string s = write_sgf(meta, rules_, start_);
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

std::string GtpEngine::handle_line(std::string_view raw) {
  const std::string line = preprocess(raw);
  if (line.empty()) return "";
  std::vector<std::string> words;
  for (auto w : split_ws(line)) words.emplace_back(w);
  std::string id;
  if (std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    const auto n = parse_int(words[0]);
    if (!n || *n < 0) return "? invalid command id '" + words[0] + "'\n\n";
    id = words[0];
    words.erase(words.begin());
    if (words.empty()) return "?" + id + " no command after the id\n\n";
  }
  const std::string cmd = words[0];
  words.erase(words.begin());
  std::string out;
  const bool ok = dispatch(cmd, words, out);
  return (ok ? "=" : "?") + id + " " + out + "\n\n";
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    // lz-analyze streams until the next line arrives, which is then handled as usual.
    while (options_.level >= 0 && run_lz_analyze(pos_, options_.threads, line, in, out)) {}
    const std::string response = handle_line(line);
    if (response.empty()) continue;
    out << response << std::flush;
  }
}

}  // namespace oyin::protocol
