#pragma once
// The surface every game module offers, as a set of static functions on a traits struct
// (e.g. oyin::togyz::Togyz). Search, perft and the generic tests are templates over this concept,
// so the hot paths have no virtual calls.
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/outcome.h"
#include "core/result.h"

namespace oyin {

template <class G>
concept GameTraits = requires(typename G::Position& pos, const typename G::Position& cpos,
                              typename G::Move m, typename G::MoveList& list, typename G::Undo& u,
                              const typename G::Rules& rules, std::string_view text) {
  { G::name } -> std::convertible_to<std::string_view>;
  { G::start_position(rules) } -> std::same_as<typename G::Position>;
  { G::generate_moves(cpos, list) };
  { G::play(pos, m, u) };
  { G::undo(pos, m, u) };
  { G::status(cpos) } -> std::same_as<GameStatus>;
  { G::hash(cpos) } -> std::convertible_to<std::uint64_t>;
  { G::side_to_move(cpos) } -> std::same_as<Side>;
  { G::position_to_text(cpos) } -> std::convertible_to<std::string>;
  { G::parse_position(text, rules) } -> std::same_as<Result<typename G::Position>>;
  { G::move_to_text(cpos, m) } -> std::convertible_to<std::string>;
  { G::parse_move(cpos, text) } -> std::same_as<Result<typename G::Move>>;
  { G::parse_rules(text) } -> std::same_as<Result<typename G::Rules>>;
  { G::rules_to_text(rules) } -> std::convertible_to<std::string>;
};

}  // namespace oyin
