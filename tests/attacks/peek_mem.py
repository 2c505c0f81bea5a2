#!/usr/bin/env python3
# peek_mem.py PID: prints every "cards ..." line found in the writable memory
# of process PID (run on the host by a user who became a bot's slot uid).
import re, sys
pid = sys.argv[1]
found = set()
with open("/proc/%s/maps" % pid) as maps, open("/proc/%s/mem" % pid, "rb", 0) as mem:
    for line in maps:
        addr, perms = line.split()[:2]
        if "rw" not in perms:
            continue
        lo, hi = (int(x, 16) for x in addr.split("-"))
        try:
            mem.seek(lo)
            data = mem.read(hi - lo)
        except OSError:
            continue
        for m in re.finditer(rb"cards((?: (?:9|10|J|Q|K|A)[CDHS]){5,12})", data):
            found.add(m.group(0).decode())
for f in sorted(found):
    print(f)
