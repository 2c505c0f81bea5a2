#!/bin/sh
# notify_runtimes.sh - a seat (give it as the bot's command line) that tries
# what ordinary runtimes do with /proc, prints "rt NAME RESULT" lines on
# stderr, then plays as notify_bot (NB: its path, default
# /tmp/nb/bin/notify_bot). Compare two referees:
#   REF --variant hammerwalt --seed 1 --startup-ms 30000 --bot-logs /tmp/rt \
#       tests/attacks/notify_runtimes.sh @random @random @random
{
cd /proc/self 2>&1 && cat status >/dev/null 2>&1; echo "rt cd_proc_self_cat_status $?"
cd /tmp
cat /proc/self/status >/dev/null 2>&1; echo "rt cat_status $?"
ls /proc/self/fd >/dev/null 2>&1; echo "rt ls_fd $?"
ls /proc/self/fdinfo >/dev/null 2>&1; echo "rt ls_fdinfo $?"
/usr/bin/python3 -c "import os,subprocess; print('rt py_listdir_fd', len(os.listdir('/proc/self/fd'))); print('rt py_subprocess', subprocess.run(['true']).returncode); import multiprocessing; print('rt py_cpu_count', multiprocessing.cpu_count(), os.cpu_count())" 2>&1
/usr/bin/perl -e 'opendir(D,"/proc/self/fd") or die "x $!"; @x=readdir(D); print "rt perl_fd ", scalar(@x), "\n"; open(F,"<","/proc/self/statm") or die; print "rt perl_statm ", <F>;' 2>&1
node -e 'const os=require("os"); console.log("rt node", os.totalmem(), os.freemem(), os.cpus().length, os.loadavg())' 2>&1
java -XX:+UseSerialGC -Xmx64m -version 2>&1 | head -1 | sed 's/^/rt java /'
ps 2>&1 | head -3 | sed 's/^/rt ps /'
free -m 2>&1 | sed 's/^/rt free /'
cat /etc/mtab >/dev/null 2>&1; echo "rt cat_etc_mtab $?"
/usr/bin/python3 -c "open('/etc/mtab').read(); print('rt py_etc_mtab ok')" 2>&1 | tail -1
echo hi | cat /dev/stdin >/dev/null 2>&1; echo "rt cat_dev_stdin_pipe $?"
df /tmp >/dev/null 2>&1; echo "rt df $?"
findmnt >/dev/null 2>&1; echo "rt findmnt $?"
/proc/self/exe -c "exit 7" 2>/dev/null; echo "rt exec_proc_self_exe $? (7: ran)"
} >&2
exec "${NB:-/tmp/nb/bin/notify_bot}" none
