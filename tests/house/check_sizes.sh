#!/usr/bin/env bash
# The house rules the code keeps (issue 37): no source file over 600 lines and no C++ function over
# 120, unless a comment in the file's first 10 lines says why ("size: ..."). Functions are found
# as this code base writes them (raw strings passed over): a definition starts at column 0 with a "(" and ends at the first line
# that is "}" at column 0. Usage: tests/house/check_sizes.sh [REPO_ROOT]
set -u
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd) || exit 2
cd "$root" || exit 2
status=0
while IFS= read -r f; do
  head -n 10 "$f" | grep -q 'size:' && continue
  n=$(wc -l < "$f")
  if [ "$n" -gt 600 ]; then
    echo "$f: $n lines (at most 600)"
    status=1
  fi
  case $f in *.cpp|*.h) ;; *) continue ;; esac
  awk -v file="$f" '
    raw { if (/^\)[A-Za-z_]*"/) raw = 0; next }
    /R"[A-Za-z_]*\($/ { raw = 1 }
    start == 0 && /^[A-Za-z_].*\(/ && !/^(namespace|using|typedef|extern|static_assert|#)/ && !/;$/ { start = NR; next }
    start > 0 && /^}/ {
      if (NR - start + 1 > 120) { printf "%s:%d: a function of %d lines (at most 120)\n", file, start, NR - start + 1; bad = 1 }
      start = 0
    }
    END { exit bad }' "$f" || status=1
done < <(find src web/src tests -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.ts' -o -name '*.tsx' \) | sort)
exit $status
