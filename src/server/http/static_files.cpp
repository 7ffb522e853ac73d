// The built UI (web/dist) served read-only: no path may leave the root, files are capped in size.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/http/api.h"

namespace oyin::server {

namespace {

constexpr std::uintmax_t kMaxFileBytes = 16u << 20;

std::string content_type(const std::filesystem::path& p) {
  const std::string e = p.extension().string();
  if (e == ".html") return "text/html; charset=utf-8";
  if (e == ".js" || e == ".mjs") return "text/javascript; charset=utf-8";
  if (e == ".css") return "text/css; charset=utf-8";
  if (e == ".svg") return "image/svg+xml";
  if (e == ".png") return "image/png";
  if (e == ".ico") return "image/x-icon";
  if (e == ".json") return "application/json";
  if (e == ".webmanifest") return "application/manifest+json";
  if (e == ".woff2") return "font/woff2";
  if (e == ".wasm") return "application/wasm";  // the browser compiles it while it downloads
  if (e == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

HttpResponse not_found(const std::string& path) {
  return json_response(404, json{{"error", "no file " + path}, {"code", "not_found"}});
}

}  // namespace

HttpResponse Api::serve_static(const std::string& path) const {
  namespace fs = std::filesystem;
  // Reject before touching the file system: "..", backslashes, NUL and hidden files.
  for (const auto& part : split_path(path))
    if (part == ".." || part == "." || part.front() == '.' || part.find('\\') != std::string::npos ||
        part.find('\0') != std::string::npos)
      return json_response(400, json{{"error", "bad path"}, {"code", "not_found"}});
  std::string rel = path;
  while (!rel.empty() && rel.front() == '/') rel.erase(0, 1);
  if (rel.empty()) rel = "index.html";
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(web_root_, ec);
  if (ec || !fs::is_directory(root))
    return json_response(503, json{{"error", "the web UI is not built (no directory " + web_root_ + "); run make"}, {"code", "server_error"}});
  fs::path file = fs::weakly_canonical(root / rel, ec);
  if (ec) return not_found(path);
  const auto [r_end, f_it] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (r_end != root.end()) return json_response(400, json{{"error", "bad path"}, {"code", "not_found"}});
  if (fs::is_directory(file, ec)) file /= "index.html";
  if (!fs::is_regular_file(file, ec)) return not_found(path);
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxFileBytes) return json_response(413, json{{"error", "file too large"}, {"code", "too_large"}});
  std::ifstream in(file, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  HttpResponse res{200, ss.str(), content_type(file), {}};
  // Vite puts a content hash in asset names, so those may be cached for good.
  const bool hashed = rel.rfind("assets/", 0) == 0;
  res.headers.emplace_back("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
  return res;
}

}  // namespace oyin::server
