#!/usr/bin/env bash
# Every relative link in README.md and docs/ points at a file of the repository that exists, and
# every #anchor at a heading of that file (GitHub's rule for ASCII headings: lower case,
# punctuation dropped, spaces to hyphens, -1, -2... for repeats). Links in code blocks are not
# links; http(s) and mailto links are not checked. Usage: tests/docs/check_links.sh [REPO_ROOT]
set -u
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd) || exit 2
cd "$root" || exit 2

# The anchors of a markdown file's headings, one a line.
slugs() {
  awk '/^[ \t]*```/ { fence = !fence; next }
       fence || !/^#+ / { next }
       { s = $0; sub(/^#+ +/, "", s); s = tolower(s)
         gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s)
         n = seen[s]++; print (n ? s "-" n : s) }' "$1"
}

check_file() {
  local file=$1 dir target path anchor dest
  dir=$(dirname "$file")
  awk '/^[ \t]*```/ { fence = !fence; next } !fence' "$file" |
    grep -o '](\([^) ]*\))' | sed 's/^](//; s/)$//' |
    while IFS= read -r target; do
      case $target in http://*|https://*|mailto:*) continue ;; esac
      path=${target%%#*}
      anchor=
      [[ $target == *'#'* ]] && anchor=${target#*#}
      if [ -z "$path" ]; then dest=$file; else dest=$dir/$path; fi
      if [ ! -e "$dest" ]; then
        echo "$file: '$target': $dest does not exist"
        continue
      fi
      case $(cd "$(dirname "$dest")" && pwd)/ in
        "$root"/*) ;;
        *) echo "$file: '$target' points outside the repository"; continue ;;
      esac
      if [ -n "$anchor" ] && [ -f "$dest" ] && ! slugs "$dest" | grep -qxF -- "$anchor"; then
        echo "$file: '$target': no heading #$anchor in $dest"
      fi
    done
}

errors=$( { echo README.md; find docs -name '*.md' | sort; } | while IFS= read -r f; do check_file "$f"; done )
links=$( { echo README.md; find docs -name '*.md'; } | xargs cat | grep -o '](\([^) ]*\))' | wc -l )
if [ -n "$errors" ]; then
  echo "$errors"
  echo "broken links: $(echo "$errors" | wc -l)"
  exit 1
fi
echo "all $links links of README.md and docs/ resolve"
