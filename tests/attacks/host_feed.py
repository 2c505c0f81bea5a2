#!/usr/bin/env python3
# host_feed.py RECORD SEAT: an ordinary user on the host (no sandbox) who can
# read a live game record (the arena's results are world-readable) waits for
# SEAT's cards and passes a 16-bit digest of them to a bot of the game
# through the machine's AIO event limit (chan_bot recv aio decodes it):
# it holds 65535 - digest events with io_setup for 5 s.
import ctypes, os, sys, time
record, seat = sys.argv[1], sys.argv[2]
libc = ctypes.CDLL(None, use_errno=True)
SYS_io_setup = 206
deadline = time.time() + 10
cards = None
while time.time() < deadline and not cards:
    try:
        for line in open(record, errors="replace"):
            if line.startswith("| cards %s " % seat):
                cards = "cards " + line.split(" ", 3)[3].strip()
                break
    except OSError:
        pass
    time.sleep(0.01)
if not cards:
    sys.exit("no cards for seat %s in %s" % (seat, record))
h = 5381
for c in cards.encode():
    h = (h * 33 + c) & 0xFFFFFFFFFFFFFFFF
secret = (h & 0x0FFF) | 0x5000
ctx = ctypes.c_ulong(0)
if libc.syscall(SYS_io_setup, 65535 - secret, ctypes.byref(ctx)) != 0:
    sys.exit("io_setup: %s" % os.strerror(ctypes.get_errno()))
print("fed %d (seat %s: %s)" % (secret, seat, cards), flush=True)
time.sleep(5)
