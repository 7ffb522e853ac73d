// oyin import FILE... [--db PATH] [--source NAME]: record files into the game base and the
// opening explorer's index (src/knowledge/importer.h).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "cli/common.h"
#include "knowledge/importer.h"

namespace oyin::cli {

void add_import_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::vector<std::string> files;
    std::string db = "data/oyin.sqlite", source, game;
    bool quiet = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("import", "Import PGN/SGF record files into the game base and the opening explorer");
  cmd->add_option("files", o->files, "Record files (" + games_by_record_format() + ")")->required();
  cmd->add_option("--db", o->db, "Database: a SQLite file (created if needed) or a postgresql:// URL, the one `oyin serve` uses")->capture_default_str();
  cmd->add_option("--source", o->source, "Name of the collection the games belong to (default: each file's name)");
  cmd->add_option("--game", o->game, "Read every record as this game (default: from the file and its records)");
  cmd->add_flag("-q,--quiet", o->quiet, "No progress lines on stderr");
  cmd->callback([o, &exit_code] {
    if (!o->game.empty()) game_or_fail(o->game);
    for (const auto& f : o->files)
      if (!std::filesystem::is_regular_file(f)) throw UsageError("cannot read '" + f + "'");
    std::error_code ec;
    if (const auto dir = std::filesystem::path(o->db).parent_path(); !dir.empty() && !storage::is_postgres_url(o->db))
      std::filesystem::create_directories(dir, ec);
    auto store = storage::KnowledgeStore::open(o->db);
    if (!store) throw UsageError(store.error());
    knowledge::ImportOptions opt;
    opt.source = o->source;
    opt.game = o->game;
    // Progress overwrites one line of a terminal; into a file or pipe it is one line per batch.
    const bool tty = isatty(STDERR_FILENO);
    bool progress_shown = false;
    if (!o->quiet)
      opt.progress = [&](const std::string& file, std::size_t read, std::size_t added) {
        std::cerr << (tty ? "\r" : "") << "import: " << std::filesystem::path(file).filename().string() << ": "
                  << read << " games read, " << added << " added" << (tty ? "\x1b[K" : "\n") << std::flush;
        progress_shown = tty;
      };
    opt.problem = [&](const std::string& line) {
      if (progress_shown) std::cerr << "\r\x1b[K";
      progress_shown = false;
      std::cerr << "import: skipped " << line << "\n";
    };
    auto sum = knowledge::import_files(**store, o->files, opt);
    if (progress_shown) std::cerr << "\n";
    if (!sum) throw UsageError(sum.error());
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.2f", sum->seconds);
    std::cout << "imported " << sum->added << " games from " << sum->files << " file" << (sum->files == 1 ? "" : "s")
              << " in " << secs << " s (" << sum->read << " read, " << sum->duplicates << " duplicates skipped, "
              << sum->bad << " bad games skipped) into " << storage::without_password(o->db) << std::endl;
    exit_code = sum->bad ? 1 : 0;
  });
}

}  // namespace oyin::cli
