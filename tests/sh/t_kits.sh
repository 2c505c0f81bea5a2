#!/bin/sh
# t_kits.sh - the starter kits (kits/LANG/): each kit's unit tests pass,
# its helpers agree with the engine on every request and trick of real
# game records (its oracle test), and its example bot passes
# `referee --check`. The records come from games of every variant (and
# flip's player counts, two jokers, zilch) with sample-bots/c-random in
# most seats, so every seat's requests and legal lists are in them. A kit
# whose toolchain is missing is skipped with a line saying so. Each kit is
# built in a copy under $tmp: the source tree is left as it is. The
# examples' --check runs (a JVM's start per bot per game makes Java's the
# longest) go on in the background while the rest runs.
. "$(dirname "$0")/lib.sh"

C=$top/sample-bots/c-random
[ -x "$C" ] || { echo "FAIL: $C is not built (make all)"; exit 1; }
mkdir -p "$tmp/kits" "$tmp/logs"
cp -r "$top/kits/." "$tmp/kits/"
K=$tmp/kits
# what a build in the source tree left there (make kits) is built afresh
rm -rf "$K/c/example/bot" "$K/java/example/classes" "$K"/rust/*/target "$K"/rust/*/Cargo.lock
checks=

# kit_step LANG WHAT CMD...: runs a step of a kit's tests, shows its last line
kit_step() {
	lang=$1 what=$2
	shift 2
	out="$tmp/out.$lang.$(echo "$what" | tr ' ' _)"
	if "$@" >"$out" 2>&1; then
		echo "ok: $lang $what $(grep . "$out" | tail -n 1)"
	else
		fail "$lang $what"
		tail -n 30 "$out"
		return 1
	fi
}

# check_example LANG DIR [BUILD...]: the BUILD command (if any), then
# referee --check of an example, in the background
check_example() {
	lang=$1 dir=$2
	shift 2
	{ [ $# = 0 ] || "$@"; } && "$BINDIR/referee" --check "$dir" >"$tmp/check.$lang" 2>&1 &
	eval "check_pid_$lang=$!"
	checks="$checks $lang"
}

# have LANG CMD...: 0 if every CMD is on PATH, else a line saying what is skipped
have() {
	kit=$1
	shift
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 ||
			{ echo "skip: the $kit kit: no '$c' on PATH"; eval "skip_$kit=1"; return 1; }
	done
}

# ---- build the examples and start their checks
have java javac java && kit_step java build javac -Xlint:all -Werror -d "$K/java/example/classes" \
	"$K/java/example/Kit.java" "$K/java/example/Bot.java" && check_example java "$K/java/example"
have python python3 && check_example python "$K/python/example"
have c cc make && kit_step c build make -s -C "$K/c/example" CFLAGS="-std=c11 -O2 -Wall -Wextra -pedantic -Werror" &&
	check_example c "$K/c/example"
have js node && check_example js "$K/js/example"
have rust cargo && check_example rust "$K/rust/example" \
	cargo build --release --offline -q --manifest-path "$K/rust/example/Cargo.toml" >"$tmp/check.rust" 2>&1

# ---- the records
n=0
record() {
	n=$((n + 1))
	"$BINDIR/referee" --games 2 --seed $((n * 101)) --log "$tmp/logs/$n.log" \
		--option max_hands=10 "$@" >/dev/null 2>"$tmp/logs/$n.err" ||
		fail "referee $*: $(cat "$tmp/logs/$n.err")"
}
record --variant hammerwalt "$C" @greedy "$C" "$C"
record --variant indiana "$C" "$C" @greedy "$C"
record --variant indiana --option all_pass=redeal "$C" @random "$C" "$C"
record --variant bloomington "$C" @greedy "$C" "$C" "$C" @random
record --variant fivehand "$C" "$C" @greedy "$C" "$C"
record --variant flip "$C" "$C" @greedy
record --variant flip --option jokers=2 "$C" "$C" "$C" @random
record --variant flip --option zilch=true "$C" "$C" "$C" "$C" @greedy
record --variant flip "$C" "$C"
record --variant flip "$C" "$C" "$C" "$C" "$C" "$C" "$C" @greedy "$C" "$C"
logs=$(echo "$tmp"/logs/*.log)

# ---- unit tests and oracles
if [ -z "${skip_python:-}" ]; then
	kit_step python unit python3 "$K/python/tests/test_kit.py"
	kit_step python oracle python3 "$K/python/tests/oracle.py" $logs
fi
if [ -z "${skip_c:-}" ]; then
	for prog in test_kit oracle; do
		kit_step c "$prog build" cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror \
			-D_POSIX_C_SOURCE=200809L -I"$K/c/example" -o "$K/c/$prog" \
			"$K/c/tests/$prog.c" "$K/c/example/euchre_kit.c"
	done
	kit_step c unit "$K/c/test_kit"
	kit_step c oracle "$K/c/oracle" $logs
fi
if [ -z "${skip_js:-}" ]; then
	kit_step js unit node "$K/js/tests/test_kit.js"
	kit_step js oracle node "$K/js/tests/oracle.js" $logs
fi
if [ -z "${skip_java:-}" ] &&
	kit_step java "tests build" javac -Xlint:all -Werror -d "$K/java/tests/classes" \
		-cp "$K/java/example/classes" "$K/java/tests/TestKit.java" "$K/java/tests/Oracle.java"; then
	kit_step java unit java -cp "$K/java/tests/classes:$K/java/example/classes" TestKit
	kit_step java oracle java -cp "$K/java/tests/classes:$K/java/example/classes" Oracle $logs
fi

if [ -z "${skip_rust:-}" ]; then
	kit_step rust unit cargo test --offline -q --manifest-path "$K/rust/tests/Cargo.toml"
	kit_step rust oracle cargo run --offline -q --manifest-path "$K/rust/tests/Cargo.toml" \
		--bin oracle -- $logs
fi

# ---- the examples' checks
for lang in $checks; do
	eval "wait \$check_pid_$lang"
	if [ $? = 0 ]; then
		echo "ok: $lang example: $(tail -n 1 "$tmp/check.$lang")"
	else
		fail "$lang example: referee --check"
		cat "$tmp/check.$lang"
	fi
done
finish "ok: the kits agree with the engine"
