#!/bin/sh
# docs/options.sh - the docs' option lists, made from the programs' option
# tables (common/options.h), so that a list cannot drift from --help.
#
#   sh docs/options.sh           rewrite every marked block (make docs-options)
#   sh docs/options.sh --check   change nothing; name each block that is out
#                                of date and exit 1 (tests/sh/t_options.sh)
#
# A block is the lines between
#
#   <!-- options: PROGRAM [SUBCOMMAND] -->
#   <!-- end options -->
#
# in README.md or docs/*.md; it is replaced by what
# "BINDIR/PROGRAM [SUBCOMMAND] --help-markdown" prints (BINDIR: bin). Run
# from the repository root, after make. DOCS=FILES checks or rewrites
# those files instead.
BINDIR=${BINDIR:-bin}
check=0
[ "${1:-}" = --check ] && check=1
status=0
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT INT TERM

for f in ${DOCS:-README.md docs/*.md}; do
	grep -q '^<!-- options: ' "$f" || continue
	if ! awk -v bindir="$BINDIR" '
		/^<!-- options: .* -->$/ {
			print
			cmd = $0
			sub(/^<!-- options: /, "", cmd)
			sub(/ -->$/, "", cmd)
			run = bindir "/" cmd " --help-markdown"
			n = 0
			while ((run | getline line) > 0) {
				print line
				n++
			}
			if (close(run) != 0 || n == 0) {
				printf "%s: %s --help-markdown failed\n", FILENAME, cmd > "/dev/stderr"
				bad = 1
			}
			skip = 1
			next
		}
		/^<!-- end options -->$/ { skip = 0 }
		!skip { print }
		END { exit bad }
	' "$f" >"$tmp"; then
		status=1
		continue
	fi
	if cmp -s "$f" "$tmp"; then
		continue
	elif [ "$check" = 1 ]; then
		echo "$f: an option list differs from its program's table (run: make docs-options)" >&2
		diff "$f" "$tmp" | sed 's/^/    /' >&2
		status=1
	else
		cat "$tmp" >"$f" && echo "rewrote the option lists of $f"
	fi
done
exit $status
