#!/bin/sh
# t_referee_stdin.sh - seeds read from standard input (--seed -, --match -)
# leave no file of the referee's that holds them (docs/referee.md, Seeds
# on standard input). The arena gives a referee its input in a memory
# file, which, unlike a pipe, reads again from the start through
# /proc/PID/fd/0; here a regular file stands for it. While a slow bot
# answers its handshake, the referee's fd 0 is /dev/null, in a single
# game and in a match; a @human seat, which plays on standard input,
# keeps it. Before, fd 0 was the seed's file for the game's life.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
chmod 755 "$tmp"
mkdir -m 755 "$tmp/slow"
cat >"$tmp/slow/run" <<'X'
#!/bin/sh
# a bot that takes 1 s to answer its handshake, then plays the first move
while read -r line; do
	case $line in
	"legal ready"*) sleep 1; echo "ready slow" ;;
	legal\ *) m=${line#legal }; echo "${m%%,*}" ;;
	esac
done
X
chmod 755 "$tmp/slow/run"
cd "$tmp" || exit 1

# fd0 NAME: what the running referee's fd 0 is, looked at 0.5 s in
fd0() {
	sleep 0.5
	readlink "/proc/$1/fd/0" || echo "(gone)"
}

echo 77 >seed
"$ref" --variant hammerwalt --option max_hands=1 --seed - "$tmp/slow" @random @random @random \
	<seed >out1 2>err1 &
pid=$!
got=$(fd0 $pid)
wait $pid || fail "--seed -: exit $?: $(cat err1)"
expect_eq "--seed -: the referee's fd 0 in play" "$got" /dev/null
grep -q '"seed":77,' out1 || fail "--seed -: not seed 77: $(cat out1)"

printf '{"seed":5}\n{"seed":6}\n' >list
"$ref" --variant hammerwalt --option max_hands=1 --match - "$tmp/slow" @random @random @random \
	<list >out2 2>err2 &
pid=$!
got=$(fd0 $pid)
wait $pid || fail "--match -: exit $?: $(cat err2)"
expect_eq "--match -: the referee's fd 0 in play" "$got" /dev/null
expect_eq "--match -: games" "$(wc -l <out2 | tr -d ' ')" 2

# a @human seat plays on standard input: kept (it reads its moves there)
"$ref" --variant hammerwalt --option max_hands=1 "$tmp/slow" @random @human @random \
	<seed >out3 2>err3 &
pid=$!
got=$(fd0 $pid)
wait $pid
expect_eq "@human: the referee's fd 0" "$got" "$tmp/seed"
finish "ok: seeds read from standard input leave it spent"
