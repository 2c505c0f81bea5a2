#!/bin/sh
# t_attack_escape.sh - tests/attacks/escape.c, in a real game, tries every
# way out of its view: the host's root through /proc, other processes and
# namespaces, mounts, sockets, the kernel's key, BPF and io_uring calls,
# devices, the terminal, setuid, raising its priority. Each attempt must
# end as written below (an errno, or "ok" with nothing outside in it);
# what is left is the documented residue (docs/sandbox.md, Covert
# channels): the host disk's free blocks, the machine's process count and
# memory, and the bot's own mount table. Needs root (the bot then runs
# as a slot's uid, as in every tournament run by root).
set -u
. "$(dirname "$0")/lib.sh"
R=$top/$BINDIR/referee
need_root
mkdir -m 755 "$tmp/bin" "$tmp/logs"
cc -O2 -o "$tmp/bin/escape" "$top/tests/attacks/escape.c" 2>"$tmp/cc.err" ||
	{ fail "cannot build escape: $(cat "$tmp/cc.err")"; finish ""; }
"$R" --variant hammerwalt --bot-logs "$tmp/logs" "$tmp/bin/escape" @random @random @random \
	>"$tmp/result" 2>&1 || fail "the game failed: $(cat "$tmp/result")"
grep -q '"faults":\[\]' "$tmp/result" || fail "the escape bot faulted: $(cat "$tmp/result")"
grep '^escape ' "$tmp/logs/seat0.stderr" |
	grep -v '^escape \(statfs-usr\|sysinfo\|mountinfo\) ' >"$tmp/got"
cat >"$tmp/want" <<'X'
escape proc-self-root-shadow ok 0 bytes []
escape list-root-dotdot EACCES
escape list-proc-1-root ENOENT
escape proc-1-environ ENOENT
escape list-sys ENOENT
escape list-run ENOENT
escape list-dev EACCES
escape list-dev-shm ENOENT
escape pidfd_open-init EPERM
escape kill-init EPERM
escape kill-all EPERM
escape open_tree EPERM
escape fsopen EPERM
escape mount EPERM
escape umount-usr EPERM
escape chroot EPERM
escape unshare-user EPERM
escape clone-newuser EPERM
escape clone3 ENOSYS
escape socket-unix EPERM
escape socket-inet EPERM
escape socket-netlink EPERM
escape socketpair-dgram EPERM
escape ptrace-traceme EPERM
escape process_vm_readv EPERM
escape name_to_handle_at EPERM
escape keyctl EPERM
escape bpf EPERM
escape perf_event_open EPERM
escape io_uring_setup EPERM
escape userfaultfd EPERM
escape fanotify_init EPERM
escape open-urandom-write EACCES
escape ioctl-rndaddtoentcnt EPERM
escape sched-fifo EPERM
escape nice-minus-20 EACCES
escape write-ns_last_pid EACCES
escape write-sysrq ENOENT
escape mknod-null EPERM
escape link-across EXDEV
escape setuid-0 EINVAL
escape prctl-set-mm EPERM
escape tiocsti ENOTTY
escape acct EPERM
escape syslog EPERM
escape mlockall ok 
escape reopen-stdin-write EACCES
escape reopen-stdout-read EACCES
escape io_setup EPERM
escape uptime ok 0 bytes []
X
diff -u "$tmp/want" "$tmp/got" >"$tmp/diff" || fail "the escape attempts ended otherwise:
$(cat "$tmp/diff")"
# the residue: numbers of the machine, and the bot's own mounts (read-only)
grep -q '^escape statfs-usr ok host disk: ' "$tmp/logs/seat0.stderr" || fail "statfs: $(grep statfs "$tmp/logs/seat0.stderr")"
grep -q '^escape mountinfo ok [0-9]* bytes \[.* / / ro,' "$tmp/logs/seat0.stderr" ||
	fail "mountinfo: $(grep mountinfo "$tmp/logs/seat0.stderr")"
[ "$failures" = 0 ] && echo "ok: every way out of the view is closed"
finish "ok: t_attack_escape"
