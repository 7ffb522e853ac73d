#pragma once
// GameState / GameAdapter implemented once for any game traits G. Besides the GameTraits
// concept a game provides here:
//   G::record_move_text(pos, move)          move in record notation (before it is played)
//   G::render(pos, const Move* last, color) terminal drawing
//   G::read_records(text)                   Result<std::vector<GameRecord>>
//   G::write_record(record, rules, start)   the file text for one game
//   G::title, G::side_names[2], G::record_format
// and a view V (the game as data for front ends, see GenericView below for its members).
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/perft.h"
#include "games/game_adapter.h"

namespace oyin {

// What a game shows front ends when it has no view of its own: its texts.
template <GameTraits G>
struct GenericView {
  static nlohmann::json board(const typename G::Position& p, const typename G::Move*, const typename G::Undo*) {
    return {{"text", G::position_to_text(p)}};
  }
  static nlohmann::json move(const typename G::Position& p, typename G::Move m) { return {{"move", G::move_to_text(p, m)}}; }
  static nlohmann::json rules(const typename G::Rules& r) { return {{"text", G::rules_to_text(r)}}; }
  static nlohmann::json rule_options() { return nlohmann::json::array(); }
  static nlohmann::json board_description() { return nlohmann::json::object(); }
  static std::vector<std::string> end_codes() { return {}; }
};

// A game state whose typed position an engine of game G can read, whatever its view.
template <GameTraits G>
class TypedState : public GameState {
 public:
  virtual const typename G::Position& position() const = 0;
  // Hashes of the positions before the current one, oldest first (repetition draws in search).
  virtual std::vector<std::uint64_t> history_hashes() const = 0;
};

template <GameTraits G, class V = GenericView<G>>
class StateImpl final : public TypedState<G> {
 public:
  StateImpl(typename G::Rules rules, typename G::Position start)
      : rules_(std::move(rules)), start_(start), pos_(start) {}

  std::string game() const override { return std::string(G::name); }
  std::string rules_text() const override { return G::rules_to_text(rules_); }
  std::string position_text() const override { return G::position_to_text(pos_); }
  std::string start_position_text() const override { return G::position_to_text(start_); }
  Side side_to_move() const override { return G::side_to_move(pos_); }
  std::uint64_t hash() const override { return G::hash(pos_); }
  // A game that says nothing of counters or symmetry: its position text.
  std::string identity() const override {
    if constexpr (requires(const typename G::Position& p) { G::identity_text(p); }) return G::identity_text(pos_);
    else return G::position_to_text(pos_);
  }
  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    if (G::status(pos_).over()) return out;
    typename G::MoveList list;
    G::generate_moves(pos_, list);
    for (const auto& m : list) out.push_back(G::move_to_text(pos_, m));
    return out;
  }
  nlohmann::json legal_move_data() const override {
    nlohmann::json out = nlohmann::json::array();
    if (G::status(pos_).over()) return out;
    typename G::MoveList list;
    G::generate_moves(pos_, list);
    for (const auto& m : list) out.push_back(V::move(pos_, m));
    return out;
  }
  nlohmann::json board() const override {
    return hist_.empty() ? V::board(pos_, nullptr, nullptr) : V::board(pos_, &hist_.back().move, &hist_.back().undo);
  }
  std::vector<nlohmann::json> boards(std::size_t from, std::size_t to) const override {
    std::vector<nlohmann::json> out;
    to = std::min(to, hist_.size());
    if (from > to) return out;
    typename G::Position p = start_;
    typename G::Undo u{};
    if (from == 0) out.push_back(V::board(p, nullptr, nullptr));
    for (std::size_t i = 0; i < to; ++i) {
      G::play(p, hist_[i].move, u);
      if (i + 1 >= from) out.push_back(V::board(p, &hist_[i].move, &u));
    }
    return out;
  }
  nlohmann::json rules_values() const override { return V::rules(rules_); }
  Result<std::string> play(std::string_view text) override {
    if (G::status(pos_).over()) return make_error("the game is over");
    auto m = G::parse_move(pos_, text);
    if (!m) return make_error(m.error());
    std::string rec = G::record_move_text(pos_, *m);
    Entry e{*m, {}, std::move(rec)};
    G::play(pos_, e.move, e.undo);
    hist_.push_back(std::move(e));
    return hist_.back().text;
  }
  bool undo() override {
    if (hist_.empty()) return false;
    G::undo(pos_, hist_.back().move, hist_.back().undo);
    hist_.pop_back();
    return true;
  }
  std::size_t ply() const override { return hist_.size(); }
  std::vector<std::string> history() const override {
    std::vector<std::string> out;
    for (const auto& e : hist_) out.push_back(e.text);
    return out;
  }
  GameStatus status() const override { return G::status(pos_); }
  std::string render(bool color) const override {
    return G::render(pos_, hist_.empty() ? nullptr : &hist_.back().move, color);
  }
  std::string write_record(const GameRecord& meta) const override {
    GameRecord r = meta;
    r.moves = history();
    r.result = result_text(status());
    if (r.result == "*" && !meta.result.empty()) r.result = meta.result;  // resignation, agreement
    return G::write_record(r, rules_, start_);
  }
  std::unique_ptr<GameState> clone() const override { return std::make_unique<StateImpl>(*this); }
  std::string check_recorded_result(const GameRecord& r) const override {
    if constexpr (requires { G::check_recorded_result(pos_, r); }) return G::check_recorded_result(pos_, r);
    else return {};
  }

  bool can_still_win(Side s) const override {
    if constexpr (requires { V::can_still_win(pos_, s); }) return V::can_still_win(pos_, s);
    else return true;
  }

  std::string illegal_code(std::string_view move) const override {
    if constexpr (requires { V::illegal_code(pos_, move); }) return V::illegal_code(pos_, move);
    else return {};
  }
  nlohmann::json rules_problem() const override {
    if constexpr (requires { V::rules_problem(rules_); }) return V::rules_problem(rules_);
    else return nullptr;
  }

  const typename G::Position& position() const override { return pos_; }
  std::vector<std::uint64_t> history_hashes() const override {
    std::vector<std::uint64_t> out;
    typename G::Position p = start_;
    typename G::Undo u;
    for (const auto& e : hist_) {
      out.push_back(G::hash(p));
      G::play(p, e.move, u);
    }
    return out;
  }

 private:
  struct Entry {
    typename G::Move move;
    typename G::Undo undo;
    std::string text;
  };
  typename G::Rules rules_;
  typename G::Position start_;
  typename G::Position pos_;
  std::vector<Entry> hist_;
};

template <GameTraits G, class V = GenericView<G>>
class AdapterImpl final : public GameAdapter {
 public:
  std::string name() const override { return std::string(G::name); }
  std::string title() const override { return std::string(G::title); }
  std::string side_name(Side s) const override { return std::string(G::side_names[index(s)]); }
  std::string record_format() const override { return std::string(G::record_format); }
  nlohmann::json rule_options() const override { return V::rule_options(); }
  nlohmann::json board_description() const override { return V::board_description(); }
  std::vector<std::string> end_codes() const override { return V::end_codes(); }

  Result<std::unique_ptr<GameState>> new_game(std::string_view rules_text,
                                              std::string_view position) const override {
    auto rules = G::parse_rules(rules_text);
    if (!rules) return make_error(rules.error());
    typename G::Position start = G::start_position(*rules);
    if (!position.empty() && position != "startpos") {
      auto p = G::parse_position(position, *rules);
      if (!p) return make_error(p.error());
      start = *p;
    }
    return std::unique_ptr<GameState>(std::make_unique<StateImpl<G, V>>(*rules, start));
  }

  Result<std::vector<GameRecord>> read_records(std::string_view text) const override {
    return G::read_records(text);
  }

  Result<std::uint64_t> perft(std::string_view rules_text, std::string_view position,
                              const PerftOptions& opt,
                              const std::function<void(const std::string&, std::uint64_t)>& divide) const override {
    auto rules = G::parse_rules(rules_text);
    if (!rules) return make_error(rules.error());
    typename G::Position pos = G::start_position(*rules);
    if (!position.empty()) {
      auto p = G::parse_position(position, *rules);
      if (!p) return make_error(p.error());
      pos = *p;
    }
    if (opt.depth < 0) return make_error("depth must be at least 0");
    if (opt.depth == 0) return std::uint64_t{1};
    auto stopped = [&] { return opt.stop && opt.stop->load(); };
    if (!opt.divide && opt.threads <= 1) {
      const std::uint64_t n = oyin::perft<G>(pos, opt.depth, opt.stop);
      if (stopped()) return make_error("perft stopped");
      return n;
    }
    const auto lines = perft_divide<G>(pos, opt.depth, opt.threads, opt.stop);
    if (stopped()) return make_error("perft stopped");
    std::uint64_t total = 0;
    for (const auto& line : lines) {
      if (opt.divide && divide) divide(line.move, line.nodes);
      total += line.nodes;
    }
    return total;
  }
};

}  // namespace oyin
