#!/bin/sh
# t_library_docs.sh - every Python example of docs/library.md runs as
# shown, against the build tree's package (their asserts are the values
# the text states); the C example is t_library_install.sh's.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1
O=${O:-build/rel}
[ -f "$O/python/euchre/__init__.py" ] || { fail "no $O/python/euchre: make python"; finish; }

awk -v dir="$tmp" '
	/^```python$/ { n++; file = dir "/example" n ".py"; inside = 1; next }
	/^```$/ { inside = 0; next }
	inside { print > file }
' docs/library.md
count=$(ls "$tmp"/example*.py 2>/dev/null | wc -l)
[ "$count" -ge 3 ] || fail "only $count Python examples found in docs/library.md"
for f in "$tmp"/example*.py; do
	(cd "$tmp" && PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$top/$O/python python3 "$f") >"$f.out" 2>&1 ||
		{ fail "$(basename "$f") of docs/library.md:"; sed 's/^/    /' "$f" "$f.out"; }
done
finish "the $count Python examples of docs/library.md run"
