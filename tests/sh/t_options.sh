#!/bin/sh
# t_options.sh - each program's --help and the docs' option lists come
# from its option table (common/options.h). For the referee and each
# command of the arena that has options: every entry of the table (as
# --help-markdown prints it) is in --help's option list with its help
# text, and --help lists no option the table lacks; each table has its
# list in the docs, and that list is up to date (docs/options.sh
# --check). Both checks are shown to fail on a list that misses an option.
# Text that --help and the like cannot write (a full disk) is an error.
set -u
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1

# compare HELP MARKDOWN: the option list of HELP against the table in
# MARKDOWN; prints each difference and fails on any
cat >"$tmp/compare.py" <<'PY'
import re, sys

def norm(s):
    return " ".join(s.split())

table = {}
for line in open(sys.argv[2]).read().splitlines():
    if not line.startswith("| `"):
        continue
    names, text = line[2:].split(" | ", 1)
    table[names.replace("`", "")] = norm(text[:-2].replace("\\|", "|"))

listed, cur = {}, None
for line in open(sys.argv[1]).read().splitlines():
    m = re.match(r"^  (-\S*(?: \S+)*)(?: {2,}(.*))?$", line)
    if m:
        cur = m.group(1)
        listed[cur] = [m.group(2) or ""]
    elif cur and re.match(r"^   +\S", line):
        listed[cur].append(line)
    else:
        cur = None
listed = {k: norm(" ".join(v)) for k, v in listed.items()}

bad = 0
if len(table) < 3:
    print("the table has %d entries" % len(table)); bad = 1
for k in table:
    if k not in listed:
        print("in the table, not in --help: %s" % k); bad = 1
    elif listed[k] != table[k]:
        print("%s: --help says\n  %s\nthe table\n  %s" % (k, listed[k], table[k])); bad = 1
for k in listed:
    if k not in table:
        print("in --help, not in the table: %s" % k); bad = 1
sys.exit(bad)
PY

for cmd in "referee" "arena" "arena report" "arena compare" "arena slurm"; do
	name=$(echo "$cmd" | tr ' ' '-')
	# shellcheck disable=SC2086 # the command's words
	$BINDIR/$cmd --help >"$tmp/$name.help" || fail "$cmd --help: exit $?"
	# shellcheck disable=SC2086
	$BINDIR/$cmd --help-markdown >"$tmp/$name.md" || fail "$cmd --help-markdown: exit $?"
	python3 "$tmp/compare.py" "$tmp/$name.help" "$tmp/$name.md" >"$tmp/$name.diff" ||
		fail "$cmd: --help and its table differ: $(cat "$tmp/$name.diff")"
	grep -qx "<!-- options: $cmd -->" README.md docs/*.md ||
		fail "$cmd: no option list in the docs (<!-- options: $cmd --> in README.md or docs/)"
done
# the check fails on a --help that lacks an option of the table ...
grep -v '^  --fresh ' "$tmp/arena-compare.help" >"$tmp/short.help"
python3 "$tmp/compare.py" "$tmp/short.help" "$tmp/arena-compare.md" >"$tmp/short.diff"
expect_eq "a --help without --fresh: exit" $? 1
expect_eq "a --help without --fresh: says" "$(cat "$tmp/short.diff")" \
	"in the table, not in --help: --fresh"
# ... and on an option --help lists that the table lacks
printf '  --frobnicate     not in any table\n' >>"$tmp/short.help"
grep -v '^| `--fresh`' "$tmp/arena-compare.md" >"$tmp/short.md"
python3 "$tmp/compare.py" "$tmp/short.help" "$tmp/short.md" >"$tmp/short.diff"
expect_eq "a --help with --frobnicate: exit" $? 1
expect_eq "a --help with --frobnicate: says" "$(cat "$tmp/short.diff")" \
	"in --help, not in the table: --frobnicate"

# the docs' lists are the tables'
BINDIR=$BINDIR sh docs/options.sh --check 2>"$tmp/docs.err" ||
	fail "the docs' option lists are out of date: $(cat "$tmp/docs.err")"
# a list that lacks an option of its table is found
grep -v '^| `--fresh` |' docs/compare.md >"$tmp/compare.md"
DOCS=$tmp/compare.md BINDIR=$BINDIR sh docs/options.sh --check 2>"$tmp/docs.err"
expect_eq "docs without --fresh: exit" $? 1
grep -q "^$tmp/compare.md: an option list differs from its program's table" "$tmp/docs.err" ||
	fail "docs without --fresh: $(cat "$tmp/docs.err")"
grep -q '^    > | `--fresh` | move the earlier results aside first |$' "$tmp/docs.err" ||
	fail "docs without --fresh: the row is not shown: $(cat "$tmp/docs.err")"
cmp -s docs/compare.md "$tmp/compare.md" && fail "the test's copy is the doc itself"

# what --help, --help-markdown and --version print is checked: into a
# full disk (/dev/full) each exits 1 with the program's message
[ -w /dev/full ] || fail "no /dev/full to write to"
for cmd in "referee --help" "referee --help-markdown" "referee --version" \
	"referee --list-variants" "arena --help" "arena --version" "arena report --help" \
	"arena compare --help" "arena slurm --help" "arena slurm --help-markdown" \
	"arena key --help"; do
	prog=${cmd%% *}
	# shellcheck disable=SC2086 # the command's words
	$BINDIR/$cmd >/dev/full 2>"$tmp/full.err"
	expect_eq "$cmd >/dev/full: exit" $? 1
	expect_eq "$cmd >/dev/full: says" "$(cat "$tmp/full.err")" \
		"$prog: cannot write standard output: No space left on device"
done

finish "option tables, --help and docs agree"
