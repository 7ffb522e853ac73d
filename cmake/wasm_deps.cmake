# What the WebAssembly build takes from the host: nlohmann-json's headers (header-only, from
# Debian's nlohmann-json3-dev). Only its own folder is exposed: /usr/include as a whole would put
# the host's C library in front of emscripten's.
find_path(OYIN_HOST_JSON_DIR nlohmann/json.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH REQUIRED)
set(OYIN_HOST_HEADERS ${PROJECT_BINARY_DIR}/host_headers)
file(MAKE_DIRECTORY ${OYIN_HOST_HEADERS})
if(NOT EXISTS ${OYIN_HOST_HEADERS}/nlohmann)
  file(CREATE_LINK ${OYIN_HOST_JSON_DIR}/nlohmann ${OYIN_HOST_HEADERS}/nlohmann SYMBOLIC)
endif()
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${OYIN_HOST_HEADERS})
