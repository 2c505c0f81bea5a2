#!/bin/sh
# t_library_python.sh - the euchre Python package: its unittest suite
# (python/tests: the hand-worked game, views fed the referee's lines,
# sampling, and the environment checks of every variant) against the build
# tree's copy ($O/python), then `pip install --no-index
# --no-build-isolation ./python` into a fresh venv, offline, and the same
# suite against the installed copy, run from a directory outside the tree.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1
O=${O:-build/rel}
[ -f "$O/python/euchre/__init__.py" ] || { fail "no $O/python/euchre: make python"; finish; }

PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$O/python python3 -m unittest discover -s python/tests >"$tmp/unit" 2>&1 ||
	{ cat "$tmp/unit"; fail "the unittest suite (build tree)"; }
tail -n 3 "$tmp/unit"

python3 -m venv "$tmp/venv" || { fail "python3 -m venv"; finish; }
# python/ as it is before pip (a file being edited is not pip's)
git status --porcelain --ignored python >"$tmp/before"
"$tmp/venv/bin/pip" install --no-index --no-build-isolation ./python >"$tmp/pip" 2>&1 ||
	{ tail -n 30 "$tmp/pip"; fail "pip install --no-index --no-build-isolation ./python"; }
# the installed copy, not the tree's: from elsewhere, with no PYTHONPATH
mkdir "$tmp/elsewhere" && cp python/tests/test_euchre.py "$tmp/elsewhere/"
where=$(cd "$tmp/elsewhere" && env -u PYTHONPATH "$tmp/venv/bin/python" -c 'import euchre; print(euchre.__file__)')
case "$where" in
"$tmp/venv/"*) ;;
*) fail "the venv imports euchre from '$where'" ;;
esac
(cd "$tmp/elsewhere" && env -u PYTHONPATH "$tmp/venv/bin/python" -m unittest test_euchre >"$tmp/unit2" 2>&1) ||
	{ cat "$tmp/unit2"; fail "the unittest suite (installed copy)"; }
# pip built nothing into the tree: python/ is as it was before
git status --porcelain --ignored python >"$tmp/after"
left=$(diff "$tmp/before" "$tmp/after" | sed -n 's/^> //p')
[ -z "$left" ] || fail "pip left files in python/: $left"

finish "the euchre package passes its tests, from the build tree and installed with pip"
