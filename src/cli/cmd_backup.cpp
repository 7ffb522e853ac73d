// oyin backup and oyin restore: a copy of a site's store while its servers run, and that copy
// put back (storage/backup.h; docs/operations.md#backups).
#include <iostream>

#include "cli/common.h"
#include "storage/backup.h"
#include "storage/db.h"

namespace oyin::cli {

void add_backup_commands(CLI::App& app, int& exit_code) {
  struct Options {
    std::string db = "data/oyin.sqlite";
    std::string file;
    bool force = false;
  };
  auto o = std::make_shared<Options>();
  auto* backup = app.add_subcommand(
      "backup", "Copy a store while its servers run: SQLite by its online backup, PostgreSQL by pg_dump");
  backup->add_option("--db", o->db, "The SQLite file, or postgresql://USER[:PASSWORD]@HOST:PORT/DB")->capture_default_str();
  backup->add_option("--out", o->file, "The backup file to write (a SQLite file, or pg_dump's custom format)")->required();
  backup->callback([o, &exit_code] {
    if (auto s = storage::backup_store(o->db, o->file); !s) {
      std::cerr << "oyin backup: " << s.error() << "\n";
      exit_code = 1;
      return;
    }
    std::cout << "oyin backup: " << storage::without_password(o->db) << " copied to " << o->file << "\n";
    exit_code = 0;
  });
  auto* restore = app.add_subcommand(
      "restore", "Put a backup into a store (refuses one that is not empty unless --force; stop its servers first)");
  restore->add_option("--db", o->db, "The SQLite file, or postgresql://USER[:PASSWORD]@HOST:PORT/DB, to restore into")
      ->capture_default_str();
  restore->add_option("--in", o->file, "The backup file (from oyin backup)")->required();
  restore->add_flag("--force", o->force, "Replace what the target holds");
  restore->callback([o, &exit_code] {
    if (auto s = storage::restore_store(o->db, o->file, o->force); !s) {
      std::cerr << "oyin restore: " << s.error() << "\n";
      exit_code = 1;
      return;
    }
    std::cout << "oyin restore: " << o->file << " restored into " << storage::without_password(o->db)
              << " (its schema is brought up to date by the first oyin serve on it)\n";
    exit_code = 0;
  });
}

}  // namespace oyin::cli
