#pragma once
// Each built-in game's declaration (src/registry/<game>/declaration.cpp). register_builtin_games()
// registers them all; a program that plays one game only registers its own (the browser's
// one-game engine modules, src/wasm/), so that the others are not linked in.
#include "registry/registry.h"

namespace oyin {

GameDeclaration declare_togyz();
GameDeclaration declare_tojmot();
GameDeclaration declare_capgo();

}  // namespace oyin
