#!/bin/sh
# t_library_install.sh - libeuchre as a user gets it: `make install
# PREFIX=...` into a scratch prefix, then docs/library.md's C example
# (the block after "<!-- example: greedy.c -->") compiled with
# `pkg-config --cflags --libs euchre` against that copy alone, run, and
# its output compared with what the referee plays for the same seed. The
# build tree's euchre.pc is checked to work the same way.
. "$(dirname "$0")/lib.sh"
cd "$top" || exit 1
command -v pkg-config >/dev/null || { echo "skip: no pkg-config"; exit 0; }

prefix=$tmp/prefix
# the release library, also when the suite runs under the sanitizers (a
# user's program links it without them)
make --no-print-directory -s install PREFIX="$prefix" SAN= >"$tmp/make.out" 2>&1 ||
	{ cat "$tmp/make.out"; fail "make install PREFIX=$prefix"; finish; }
for f in include/euchre.h lib/libeuchre.a lib/libeuchre.so lib/libeuchre.so.1 lib/pkgconfig/euchre.pc; do
	[ -e "$prefix/$f" ] || fail "make install did not install $f"
done
expect_eq "installed pkg-config's flags" \
	"$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs euchre | sed "s/ *$//")" \
	"-I$prefix/include -L$prefix/lib -leuchre"
# the shared library exports the API and nothing of the engine behind it
others=$(nm -D --defined-only "$prefix/lib/libeuchre.so" | awk '$2 == "T" && $3 !~ /^euchre_/')
expect_eq "symbols exported besides euchre_*" "$others" ""

# the example, as the docs show it
sed -n '/<!-- example: greedy.c -->/,/^```$/p' docs/library.md | sed '1,2d;$d' >"$tmp/greedy.c"
[ -s "$tmp/greedy.c" ] || fail "no example in docs/library.md"
# compiled in a directory of its own, against the installed copy only
(cd "$tmp" && PKG_CONFIG_PATH=$prefix/lib/pkgconfig &&
	cc -std=c11 -Wall -Wextra -Werror -o greedy greedy.c \
		$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs euchre)) ||
	fail "the example does not compile against the installed copy"
LD_LIBRARY_PATH=$prefix/lib "$tmp/greedy" >"$tmp/out" 2>&1 || fail "the example failed: $(cat "$tmp/out")"
# hand-checked: seat 1 opens the auction (dealer 0, not stuck); the game's
# result is the referee's for the same seed and players (below)
expect_eq "example's first line" "$(sed -n 1p "$tmp/out")" "seat 1 to bid: pass,6,7,8,9,10,11,12,alone"
expect_eq "example's drawn deal" "$(sed -n 2p "$tmp/out")" "a drawn deal gives seat 2 the same view: yes"
case "$(sed -n 3p "$tmp/out")" in
"@search:16 would play "?*) ;;
*) fail "example's search line: $(sed -n 3p "$tmp/out")" ;;
esac
result=$("$BINDIR/referee" --variant hammerwalt --seed 5 @greedy @greedy @greedy @greedy)
want=$(echo "$result" | python3 -c 'import json,sys; r=json.load(sys.stdin); print("hands %d, scores %d %d, ranks %s" % (r["hands"], r["team_scores"][0], r["team_scores"][1], " ".join(map(str, r["ranks"]))))')
expect_eq "example's result against the referee's" "$(sed -n 4p "$tmp/out")" "$want"
expect_eq "the referee's result, as hand-checked once" "$want" "hands 10, scores 41 68, ranks 2 1 2 1"

# the same from the build tree's euchre.pc, linked statically (the
# sanitizers' archive under SAN=1, with them)
O=${O:-build/rel}
san=""
[ "$SAN" = 1 ] && san="-fsanitize=address,undefined"
cc -std=c11 $san -o "$tmp/greedy-static" "$tmp/greedy.c" \
	$(PKG_CONFIG_PATH=$O pkg-config --cflags euchre) "$O/libeuchre.a" -lm ||
	fail "the example does not link the build tree's archive"
expect_eq "static build's output" "$("$tmp/greedy-static" | tail -n 1)" "$want"

finish "libeuchre installs; the docs' example builds with pkg-config and plays the referee's game"
