#!/usr/bin/env bash
# The command line goes through the registry: no file of src/cli names a game by its registry name
# (issue 37), comments included, since that is how a special case creeps back in. (`oyin gtp`'s
# help may say "capture Go": GTP is Go's protocol.)
# Usage: tests/house/check_cli_names_no_game.sh [REPO_ROOT]
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd) || exit 2
if grep -rniE 'togyz|tojmot|capgo' "$root/src/cli"; then
  echo "src/cli names a game (above): go through the registry (src/registry) instead"
  exit 1
fi
exit 0
