// oyin admin: the operator's hand on a site's store, while it runs or not: make an account a
// moderator (or no longer), and read the audit log. Every change is written to the audit log as
// the operator's ("operator"), beside the moderators' own actions.
#include <iostream>

#include "cli/common.h"
#include "server/accounts/credentials.h"
#include "storage/account_store.h"
#include "storage/fair_play_store.h"
#include "storage/game_store.h"

namespace oyin::cli {

namespace {

struct AdminOptions {
  std::string db = "data/oyin.sqlite";
  std::string name;
  int limit = 20;
};

// Opens the store (migrating it as the server would) and runs `work` on it; the exit code.
int with_store(const AdminOptions& o, const std::function<int(storage::Db&)>& work) {
  auto store = storage::GameStore::open(o.db);
  if (!store) {
    std::cerr << "oyin admin: " << store.error() << "\n";
    return 1;
  }
  return work((*store)->db());
}

int set_moderator(const AdminOptions& o, bool grant) {
  return with_store(o, [&](storage::Db& db) {
    storage::AccountStore accounts(db);
    auto u = accounts.find_by_name(server::accounts::name_key(o.name));
    if (!u) {
      std::cerr << "oyin admin: " << u.error() << "\n";
      return 1;
    }
    if (!*u) {
      std::cerr << "oyin admin: no account named '" << o.name << "'\n";
      return 1;
    }
    storage::FairPlayStore fair(db);
    const std::string action = grant ? "grant_moderator" : "revoke_moderator";
    if (auto s = fair.set_role((*u)->id, grant ? "moderator" : "", {0, "", "operator", action, (*u)->username, ""}); !s) {
      std::cerr << "oyin admin: " << s.error() << "\n";
      return 1;
    }
    std::cout << (*u)->username << (grant ? " is now a moderator" : " is no longer a moderator") << "\n";
    return 0;
  });
}

int show_audit(const AdminOptions& o) {
  return with_store(o, [&](storage::Db& db) {
    auto log = storage::FairPlayStore(db).audit_log(o.limit);
    if (!log) {
      std::cerr << "oyin admin: " << log.error() << "\n";
      return 1;
    }
    if (log->empty()) std::cout << "the audit log is empty\n";
    for (const auto& e : *log)
      std::cout << e.at << "  " << e.actor << "  " << e.action << "  " << e.target << (e.detail.empty() ? "" : "  " + e.detail)
                << "\n";
    return 0;
  });
}

}  // namespace

void add_admin_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<AdminOptions>();
  auto* cmd = app.add_subcommand("admin", "The operator's actions on a site's store: moderators, the audit log");
  cmd->require_subcommand(1);
  const auto db_option = [&](CLI::App* sub) {
    sub->add_option("--db", o->db, "SQLite database file, or a PostgreSQL URL (as oyin serve's --db)")->capture_default_str();
  };
  auto* grant = cmd->add_subcommand("grant-moderator", "Make an account a moderator (the reports page, mute, close)");
  grant->add_option("name", o->name, "The account's user name")->required();
  db_option(grant);
  grant->callback([o, &exit_code] { exit_code = set_moderator(*o, true); });
  auto* revoke = cmd->add_subcommand("revoke-moderator", "Make a moderator an ordinary account again");
  revoke->add_option("name", o->name, "The account's user name")->required();
  db_option(revoke);
  revoke->callback([o, &exit_code] { exit_code = set_moderator(*o, false); });
  auto* audit = cmd->add_subcommand("audit", "Print the audit log, newest first");
  audit->add_option("--limit", o->limit, "How many entries")->capture_default_str()->check(whole_number(1, 100000));
  db_option(audit);
  audit->callback([o, &exit_code] { exit_code = show_audit(*o); });
}

}  // namespace oyin::cli
