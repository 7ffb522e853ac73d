# The browser's engine modules (included by CMakeLists.txt when OYIN_WASM is on, after the
# registry layer): src/wasm/engine_api.cpp over the registry, each an ES module factory
# (out/oyin_engine_<game>.mjs) and its .wasm, one per game so that a player downloads only the
# engine of the game played (docs/wasm.md has the sizes of each choice). One thread (no
# SharedArrayBuffer needed); the memory grows as the table and the Monte-Carlo tree need it.
set(OYIN_WASM_EXPORTS _oyin_error _oyin_games _oyin_new_game _oyin_free_game _oyin_state _oyin_play
    _oyin_engine_new_game _oyin_best_move _oyin_perft)
list(JOIN OYIN_WASM_EXPORTS "," OYIN_WASM_EXPORT_LIST)
set(OYIN_WASM_GAMES togyz tojmot capgo)

add_custom_target(oyin_engines)
# `game`: the module's one game (its declare_<game>()); "all" would make one module of every
# built-in game (engine_api.cpp without OYIN_WASM_GAME), measured in docs/wasm.md and not built.
# `name`: the module's file name; further arguments: objects linked before the libraries.
function(oyin_engine_module game name)
  add_executable(${name} ${PROJECT_SOURCE_DIR}/src/wasm/engine_api.cpp ${ARGN})
  target_link_libraries(${name} PRIVATE oyin_registry)
  if(NOT game STREQUAL "all")
    target_compile_definitions(${name} PRIVATE OYIN_WASM_GAME=declare_${game})
  endif()
  set_target_properties(${name} PROPERTIES SUFFIX ".mjs" RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/out)
  target_link_options(${name} PRIVATE
    -O3
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createOyinEngine
    -sENVIRONMENT=web,worker
    -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
    -sFILESYSTEM=0
    -sEXPORTED_FUNCTIONS=[${OYIN_WASM_EXPORT_LIST}]
    -sEXPORTED_RUNTIME_METHODS=[ccall,cwrap,UTF8ToString]
    --no-entry)
  add_dependencies(oyin_engines ${name})
endfunction()

foreach(g ${OYIN_WASM_GAMES})
  oyin_engine_module(${g} oyin_engine_${g})
endforeach()

# Togyz's learned evaluation with its SSSE3 path (games/togyz/nnue.cpp), which emscripten maps
# onto wasm SIMD: about twice the plain module's search speed (docs/wasm.md "Speed"). Its objects
# are linked before the libraries, so oyin_togyz's plain nnue.cpp is not pulled in. Browsers
# without wasm SIMD (Safari before 16.4) load the plain module (web/src/engine/wasm_module.ts).
add_library(oyin_togyz_nnue_simd OBJECT ${PROJECT_SOURCE_DIR}/src/games/togyz/nnue.cpp)
target_link_libraries(oyin_togyz_nnue_simd PRIVATE oyin_togyz)
target_compile_options(oyin_togyz_nnue_simd PRIVATE -msimd128 -mssse3)
oyin_engine_module(togyz oyin_engine_togyz_simd $<TARGET_OBJECTS:oyin_togyz_nnue_simd>)
