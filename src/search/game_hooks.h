#pragma once
// What a game adds to its traits struct (beyond core/game.h's GameTraits) to be searched by the
// alpha-beta template in search/alphabeta.h. Required:
//
//   struct EvalParams { ... };                       tunable weights (may be empty)
//   static int evaluate(const Position&, const EvalParams&);
//        static score for the side to move, 100 = one unit of material (a stone, a pawn)
//   static Result<EvalParams> parse_eval_params(std::string_view "name=v,name=v");
//   G::Move trivially copyable and at most 4 bytes (stored in the transposition table)
//
// Optional (detected at compile time; absent means "not used"):
//   static int move_gain(const Position&, Move)        material won by the move (ordering, qsearch)
//   static void generate_noisy(const Position&, MoveList&)
//        moves the quiescence search looks at (Tojmot: captures, promotions, checks);
//        absent = no quiescence, the leaf is the static evaluation
//   static void generate_noisy(const Position&, MoveList&, bool checks)
//        the same with checks asked for only on the first quiescence ply (Tojmot), so check
//        sequences cannot grow the quiescence tree without bound
//   static bool in_check(const Position&)              check extension; no stand-pat in qsearch
//   static void result_bounds(const Position&, int& lo, int& hi)
//        what the final result can still be for the side to move, in -1 (loss) .. +1 (win);
//        Togyz: a kazan of 81 can no longer lose, the other side can no longer win
//   static bool exact_endgame(const Position&)         few pieces left: search full width,
//        no reductions, and extend forced moves, so small endgames are solved exactly
//   static int halfmove_clock(const Position&)         plies since the last irreversible move;
//        turns on repetition draws (a position seen before inside this clock) and the
//        100-ply draw inside the search (Tojmot)
//   static std::optional<Status> eval_option(EvalParams&, std::string_view name, std::string_view value)
//   static void carry_eval_options(const EvalParams& from, EvalParams& to)
//   static std::optional<std::string> eval_option_default(std::string_view name)
//        engine options of the evaluation beyond the EvalParams text (Togyz: EvalFile, UseNNUE,
//        a learned evaluation); nullopt = not an option of this game. carry_eval_options keeps
//        them when a new EvalParams text replaces the weights; eval_option_default gives an
//        option's default as UCI's "option" line shows it
//   static constexpr bool kNullMove = true; static void play_null(Position&, Undo&);
//        null-move pruning (never for Togyz: zugzwang and tempo decide its endgames)
//   static std::optional<M> search_margins(const EvalParams&)
//        the pruning margins and the first aspiration window in this evaluation's units (M has
//        int members delta, futility, aspiration; the game defines it, since rules code cannot
//        name the search's types); nullopt = SearchMargins' defaults. A learned evaluation has
//        its own scale (Togyz: tuned for its net, the hand-made eval keeps the defaults)
#include <concepts>
#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"

namespace oyin::search {

// Margins of the alpha-beta search, in the evaluation's units (100 = one unit of material).
struct SearchMargins {
  int delta = 150;      // quiescence: the move's gain plus this must reach alpha
  int futility = 150;   // per ply of depth left, for (reverse) futility pruning
  int aspiration = 30;  // the first half-width of the aspiration window
};

template <class G>
concept SearchableGame = GameTraits<G> && requires(const typename G::Position& p, const typename G::EvalParams& e,
                                                   std::string_view text) {
  { G::evaluate(p, e) } -> std::convertible_to<int>;
  { G::parse_eval_params(text) } -> std::same_as<Result<typename G::EvalParams>>;
};

template <class G>
concept HasMoveGain = requires(const typename G::Position& p, typename G::Move m) {
  { G::move_gain(p, m) } -> std::convertible_to<int>;
};
template <class G>
concept HasNoisy = requires(const typename G::Position& p, typename G::MoveList& l) { G::generate_noisy(p, l); };
template <class G>
concept HasNoisyChecks = requires(const typename G::Position& p, typename G::MoveList& l) {
  G::generate_noisy(p, l, true);
};
template <class G>
concept HasInCheck = requires(const typename G::Position& p) {
  { G::in_check(p) } -> std::convertible_to<bool>;
};
template <class G>
concept HasResultBounds = requires(const typename G::Position& p, int& lo, int& hi) { G::result_bounds(p, lo, hi); };
template <class G>
concept HasExactEndgame = requires(const typename G::Position& p) {
  { G::exact_endgame(p) } -> std::convertible_to<bool>;
};
template <class G>
concept HasHalfmoveClock = requires(const typename G::Position& p) {
  { G::halfmove_clock(p) } -> std::convertible_to<int>;
};
template <class G>
concept HasEvalOptions = requires(typename G::EvalParams& e, const typename G::EvalParams& c, std::string_view s) {
  { G::eval_option(e, s, s) } -> std::same_as<std::optional<Status>>;
  G::carry_eval_options(c, e);
  { G::eval_option_default(s) } -> std::same_as<std::optional<std::string>>;
};
template <class G>
concept HasSearchMargins = requires(const typename G::EvalParams& e) {
  { G::search_margins(e)->delta } -> std::convertible_to<int>;
  { G::search_margins(e)->futility } -> std::convertible_to<int>;
  { G::search_margins(e)->aspiration } -> std::convertible_to<int>;
};
template <class G>
concept HasNullMove = requires(typename G::Position& p, typename G::Undo& u) {
  requires G::kNullMove;
  G::play_null(p, u);
  G::undo_null(p, u);
};

}  // namespace oyin::search
