// libFuzzer harness: the server's JSON requests, through the same Api::handle the HTTP and
// WebSocket front ends call, in process, on a real SQLite store. The first byte picks the
// endpoint, the rest is the body (or the query). Whatever comes in, the answer must be JSON, and
// an error must carry one of the declared codes (server/common/error_codes.h) — never a crash or a hang.
// Analysis is left out: a valid request would think for up to ten seconds.
// The server behind it (store, services, three games) is built anew every kInputsPerWorld inputs:
// what one input leaves (games, seats, moves) can matter to the next few only, so a finding
// replays from a short run of inputs, and the store stays small (a store that grew with every
// input made GET /api/games, which counts its rows, slower and slower). Its file lives in
// /dev/shm when there is one, so commits cost no disk writes.
// Leaks: libFuzzer's own check (-detect_leaks=1) suspects every input that allocates more than it
// frees, runs it again and then scans the whole heap, and here most inputs do (a new game stays
// in the world): that was two thirds of the time (721 inputs a second against 2,326 without it,
// 100 s each from the same corpus). So this harness turns it off (LLVMFuzzerInitialize) and
// instead asks LeakSanitizer after every tenth world, when that world is gone: anything the
// inputs leaked is unreachable then, and is reported with the stack that allocated it.
#include <sanitizer/lsan_interface.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "registry/registry.h"
#include "server/http/api.h"
#include "server/common/error_codes.h"

namespace {

using namespace oyin;
using namespace oyin::server;

constexpr int kInputsPerWorld = 1000;
// A leak check scans the whole heap (about half a gigabyte in a long run): a quarter of the time
// when it came after every world.
constexpr int kWorldsPerLeakCheck = 10;

std::string store_path() {
  const std::string dir = std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
  return dir + "/oyin-fuzz-server-" + std::to_string(::getpid()) + ".sqlite";
}

void remove_store(const std::string& path) {
  std::error_code ec;
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext, ec);
}

struct World {
  const std::string path = store_path();
  std::unique_ptr<storage::GameStore> store;
  boost::asio::thread_pool pool{1};
  std::unique_ptr<GameService> games;
  std::unique_ptr<AnalysisService> analysis;
  std::unique_ptr<Api> api;
  std::string ids[3], tokens[3];
  int calls = 0;

  World() {
    register_builtin_games();
    remove_store(path);
    auto s = storage::GameStore::open(path);
    if (!s) std::abort();
    store = std::move(*s);
    // The computer players' tables at their smallest: clearing 16 MB for each engine is not
    // what is fuzzed here.
    GameServiceOptions opt;
    opt.hash_mb = 1;
    games = std::make_unique<GameService>(*store, pool, opt);
    AnalysisLimits limits;
    limits.hash_mb = 1;
    analysis = std::make_unique<AnalysisService>(limits);
    api = std::make_unique<Api>(*games, *analysis, "/nonexistent");
    fresh_games();
  }
  // The pool's work refers to the services: it ends first, then they go, then the store.
  ~World() {
    pool.join();
    api.reset();
    analysis.reset();
    games.reset();
    store.reset();
    remove_store(path);
  }
  HttpResponse call(std::string method, std::string target, std::string body) {
    auto done = std::make_shared<std::promise<HttpResponse>>();
    HttpRequest req;
    req.method = std::move(method);
    req.target = std::move(target);
    req.body = std::move(body);
    req.host = "127.0.0.1";
    req.client = "127.0.0.1:1";
    api->handle(req, [done](HttpResponse r) { done->set_value(std::move(r)); });
    return done->get_future().get();
  }
  // A game of each kind to send moves and actions to.
  void fresh_games() {
    const char* names[3] = {"togyz", "tojmot", "capgo"};
    for (int i = 0; i < 3; ++i) {
      const HttpResponse r = call("POST", "/api/games", std::string(R"({"mode":"hotseat","game":")") + names[i] + "\"}");
      const json j = json::parse(r.body);
      ids[i] = j["id"];
      tokens[i] = j["seat"]["token"];
    }
  }
};

World& world() {
  // The registry first: statics go in the reverse order of their making, so the last World
  // (whose pool may still run a computer move) goes before the games it refers to.
  register_builtin_games();
  static std::unique_ptr<World> w;
  if (!w || w->calls >= kInputsPerWorld) {
    static int worlds = 0;
    w.reset();
    if (worlds > 0 && worlds % kWorldsPerLeakCheck == 0)
      FUZZ_CHECK(__lsan_do_recoverable_leak_check() == 0,
                 "memory leaked by the last " + std::to_string(kInputsPerWorld * kWorldsPerLeakCheck) +
                     " inputs (LeakSanitizer's report above)");
    ++worlds;
    w = std::make_unique<World>();
  }
  return *w;
}

bool declared(const std::string& code) {
  return std::find(kErrorCodes.begin(), kErrorCodes.end(), code) != kErrorCodes.end();
}

}  // namespace

// -detect_leaks=0 unless the command line says otherwise (see the top of the file).
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  static std::vector<char*> args;
  for (int i = 0; i < *argc; ++i) {
    if (std::string_view((*argv)[i]).starts_with("-detect_leaks=")) return 0;
    args.push_back((*argv)[i]);
  }
  static char no_leak_check[] = "-detect_leaks=0";
  args.push_back(no_leak_check);
  args.push_back(nullptr);
  *argc = static_cast<int>(args.size()) - 1;
  *argv = args.data();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  World& w = world();
  ++w.calls;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const int g = data[0] % 3;
  const std::string game = "/api/games/" + w.ids[g];
  HttpResponse r;
  switch ((data[0] / 3) % 10) {
    case 0: r = w.call("POST", "/api/games", rest); break;
    case 1: r = w.call("POST", "/api/import", rest); break;
    case 2: r = w.call("POST", game + "/moves", rest); break;
    case 3:
      r = w.call("POST", game + "/moves",
                 json{{"move", rest}, {"token", w.tokens[g]}}.dump(-1, ' ', false, json::error_handler_t::replace));
      break;
    case 4: r = w.call("POST", game + "/" + (rest.size() % 3 == 0 ? "resign" : rest.size() % 3 == 1 ? "undo" : "draw"),
                       json{{"token", w.tokens[g]}}.dump());
            break;
    case 5: r = w.call("GET", "/api/games?" + rest, ""); break;
    case 6: r = w.call("GET", game + "/boards?" + rest, ""); break;
    case 7: r = w.call("GET", game + "/positions?" + rest, ""); break;
    case 8: r = w.call("GET", "/api/games/" + rest, ""); break;
    default: r = w.call("POST", "/api/" + rest.substr(0, rest.find('\n')), rest); break;
  }
  if (r.content_type != "application/json") return 0;  // a record file (text/plain)
  const json j = json::parse(r.body, nullptr, false);
  FUZZ_CHECK(!j.is_discarded(), "the answer is not JSON: " + r.body.substr(0, 200));
  if (r.status >= 400) {
    FUZZ_CHECK(j.contains("code") && j["code"].is_string() && declared(j["code"]),
               "an error without a declared code: " + r.body.substr(0, 300));
  }
  return 0;
}
