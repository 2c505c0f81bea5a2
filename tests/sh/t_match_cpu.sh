#!/bin/sh
# t_match_cpu.sh - the cpu_s backstop (RLIMIT_CPU) is per game in a match
# too (docs/sandbox.md, "Matches"): a bot that burns 0.6 s of CPU time in
# each game, with cpu_s=1, plays 4 games of a match without a fault, 2.4 s
# in all. A process the referee may keep up gets twice cpu_s, and is kept
# for the next game only while it has used less than cpu_s: so game 1
# and game 3 start a process, game 2 and game 4 keep it (0.6 s and some,
# then 1.2 s and more). Before, the kept process was killed by the limit
# in game 2 ("killed by signal 9 (SIGKILL: CPU time limit)"), charged a
# sandbox fault.
set -u
. "$(dirname "$0")/lib.sh"
ref=$(cd "$BINDIR" && pwd)/referee
cd "$tmp" || exit 1
mkdir b
cat >b/run <<'X'
#!/usr/bin/env python3
import sys, time
print("start", file=sys.stderr, flush=True)
for line in sys.stdin:
    line = line.rstrip("\r\n")
    if line.startswith("legal "):
        moves = line[6:].split(",")
        if moves == ["ready"]:
            # 0.6 s of CPU time a game, before its answer
            until = time.process_time() + 0.6
            while time.process_time() < until:
                pass
            print("ready2", flush=True)
        else:
            print(moves[0], flush=True)
    elif line == "quit":
        break
X
chmod 755 b b/run
for i in 1 2 3 4; do echo "{\"seed\": $i, \"bot_logs\": \"$tmp/bl/g$i\"}"; done >list
"$ref" --variant hammerwalt --option max_hands=1 --limit 0:cpu_s=1 --match list "$tmp/b" \
	@random @random @random >out 2>err || fail "the match: $(cat err)"
expect_eq "games" "$(wc -l <out)" 4
expect_eq "faults" "$(python3 -c '
import json, sys
print(" ".join(str(len(json.loads(l)["faults"])) for l in open(sys.argv[1])))' out)" "0 0 0 0"
starts=""
for i in 1 2 3 4; do
	starts="$starts $(grep -c '^start$' "bl/g$i/seat0.stderr")"
done
expect_eq "processes started, by game" "$starts" " 1 0 1 0"

# the last game of a run is no process's to keep: cpu_s stays cpu_s
mkdir c
cat >c/run <<'X'
#!/usr/bin/env python3
import sys, time
for line in sys.stdin:
    if line.startswith("legal ready"):
        until = time.process_time() + 1.5
        while time.process_time() < until:
            pass
        print("ready2", flush=True)
    elif line.startswith("legal "):
        print(line[6:].split(",")[0], flush=True)
X
chmod 755 c c/run
"$ref" --variant hammerwalt --option max_hands=1 --limit 0:cpu_s=1 --seed 1 "$tmp/c" \
	@random @random @random >out1 2>err || fail "one game: $(cat err)"
python3 - out1 <<'PY' || fail "one game: $(cat out1)"
import json, sys
f = json.loads(open(sys.argv[1]).read())["faults"]
assert [(x["seat"], x["kind"]) for x in f] == [(0, "startup")], f
assert "CPU time limit" in f[0]["detail"], f
PY
finish "ok: cpu_s counts per game in a match: a kept process is replaced once it used cpu_s"
