"""tests/sh/browser.py - what the browser tests (t_viewer.sh, t_arena_html.sh)
share: counting failed checks, running headless chromium as this machine
allows it, and telling whether a screenshot is blank (its PNG decoded
without any library but zlib, and its distinct colours counted)."""
import struct
import subprocess
import sys
import tempfile
import zlib


class Checks:
    """Failed checks: fail() prints one and counts it; done() exits 1 if any failed."""

    def __init__(self):
        self.failures = 0

    def fail(self, msg):
        print("FAIL: " + msg)
        self.failures += 1

    def done(self):
        sys.exit(1 if self.failures else 0)


def chromium(browser, workdir, *args):
    """Runs headless chromium with args and a new empty profile under workdir;
    its stdout. Without the networking flags it reaches for Google's hosts,
    which this machine's closed network refuses."""
    prof = tempfile.mkdtemp(dir=workdir)
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--user-data-dir=" + prof] + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout


def png_colours(path):
    """Distinct colours of an 8-bit RGB(A) PNG (enough for chromium's screenshots),
    sampled every 8th row and every 4th pixel."""
    data = open(path, "rb").read()
    pos, idat, w, h, bpp = 8, b"", 0, 0, 3
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            bpp = {2: 3, 6: 4}[ctype]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, seen = zlib.decompress(idat), w * bpp, None, set()
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        prev = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 8 == 0:
            for x in range(0, stride, bpp * 4):
                seen.add(bytes(line[x:x + 3]))
        prev = line
    return len(seen)
