#pragma once
// What the declarations of the games played by the generic alpha-beta engine over UCI share:
// the engine, its levels, and puzzle candidates from its self-play.
#include <memory>
#include <string>

#include "registry/puzzle_support.h"
#include "registry/registry.h"
#include "search/alphabeta_engine.h"
#include "search/levels.h"

namespace oyin {

template <class G>
void declare_alphabeta_uci(GameDeclaration& d, std::unique_ptr<GameAdapter> rules, std::string uci_variant,
                           const search::LevelTable& levels = search::kLevels) {
  d.rules = std::move(rules);
  d.protocol = Protocol::Uci;
  d.uci_variant = std::move(uci_variant);
  d.engine_kind = EngineKind::AlphaBeta;
  d.engine_name = search::AlphaBetaEngine<G>::engine_name();
  d.make_engine = [levels] { return std::make_unique<search::AlphaBetaEngine<G>>(levels); };
  d.levels = search::alphabeta_levels(levels);
}

// Candidates from games the engine plays against itself (`source`), on a fresh adapter.
template <class G>
void alphabeta_selfplay_candidates(PuzzleSupport& s, std::unique_ptr<GameAdapter> (*make_adapter)(), SelfplaySource source,
                                   const search::LevelTable& levels = search::kLevels) {
  s.candidates = [make_adapter, source, levels](std::uint64_t seed, const std::function<bool(const PuzzleCandidate&)>& take,
                                                const std::function<void(const std::string&)>& progress) {
    auto adapter = make_adapter();
    search::AlphaBetaEngine<G> engine(levels);
    selfplay_candidates(*adapter, engine, source, seed, take, progress);
  };
}

}  // namespace oyin
