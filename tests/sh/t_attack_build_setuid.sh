#!/bin/sh
# t_attack_build_setuid.sh - a build leaves nothing behind that another
# user could run as the build's uid (docs/sandbox.md, Builds: "without
# setuid", "the copy belongs to root"). The build copies a shell, makes it
# setuid and setgid and hard-links it; the take-back skips files with more
# than one link, so the copy keeps a setuid shell of uid 61000 + slot, and
# any local user who can reach the built copy becomes that uid: the owner
# of the user namespace of every bot later run in that slot (its memory,
# its signals). The same with a scratch directory kept after a game
# (--keep-scratch). Needs root.
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
need_root
# a teacher's class directory that others may enter, as the arena's is
dir=/srv/euchre-attack-suid.$$
trap 'rm -rf "$tmp" "$dir"' EXIT
mkdir -p "$dir/src"
chmod 755 "$dir"
echo 'cp /bin/dash sh2 && chmod 6755 sh2 && ln sh2 sh2.link' >"$dir/src/build.sh"
"$R" --build "$dir/src" "$dir/dest" -- /bin/sh build.sh >"$tmp/out" 2>&1 ||
	fail "the build failed: $(cat "$tmp/out")"
[ -f "$dir/dest/sh2" ] || fail "the build made no sh2: $(cat "$tmp/out")"

odd=$(find "$dir/dest" \( -perm -4000 -o -perm -2000 -o ! -user root -o ! -group root \) \
	-printf '%M %u:%g %p\n')
[ -z "$odd" ] || fail "the copy holds files that are setuid, setgid or not root's:
$odd"
who=$(setpriv --reuid=nobody --regid=nogroup --clear-groups "$dir/dest/sh2" -p -c 'id -u; id -g' 2>&1 | tr '\n' ' ')
case $who in
"65534 65534 "*|*"Permission denied"*) ;;
*) fail "nobody ran the built copy's shell as uid/gid $who" ;;
esac
[ "$failures" = 0 ] && echo "ok: a build leaves no setuid file and nothing of its uid"

# a kept scratch directory: the bot makes the same shell in it
mkdir -p "$dir/bot" "$dir/scratch"
chmod 755 "$dir/bot" "$dir/scratch"
cat >"$dir/bot/run" <<'X'
#!/bin/sh
cp /bin/dash sh2 && chmod 6755 sh2 && chmod 755 .
while read -r line; do
	case $line in
	"legal ready") echo "ready suid" ;;
	"legal "*) m=${line#legal }; echo "${m%%,*}" ;;
	esac
done
X
chmod 755 "$dir/bot/run"
C=$top/sample-bots/c-random
"$R" --variant hammerwalt --keep-scratch --scratch-dir "$dir/scratch" "$dir/bot/run" "$C" "$C" "$C" \
	>"$tmp/game" 2>&1 || fail "the game failed: $(cat "$tmp/game")"
ls "$dir"/scratch/*/sh2 >/dev/null 2>&1 || fail "the bot made no sh2: $(cat "$tmp/game")"
odd=$(find "$dir/scratch" \( -perm -4000 -o -perm -2000 \) -printf '%M %u:%g %p\n')
[ -z "$odd" ] || fail "the kept scratch holds setuid or setgid files:
$odd"
[ "$failures" = 0 ] && echo "ok: a kept scratch directory holds no setuid file"
finish "ok: t_attack_build_setuid"
