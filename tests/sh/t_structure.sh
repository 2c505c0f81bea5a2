#!/bin/sh
# t_structure.sh - the layers stay apart and the code stays readable:
#  - each library reaches only the layers below it (nm on the libraries:
#    common < engine, sandbox < referee; arena uses common and engine only),
#    and bin/arena holds no sandbox, bot or game code;
#  - no header includes itself through others, no file includes a project
#    header it uses nothing of;
#  - outside the tests no function is longer than 120 lines and no C file
#    longer than 1300;
#  - every sandbox limit of the table (common/botlimits.c) is documented;
#  - a plain make installs nothing (make deps, test and run do);
#  - the arena's results store (issue 31): (a) a result line is parsed in
#    one function, result_parse() (failed.jsonl's in failed_game_parse();
#    result_text_equal() compares two lines as JSON values),
#    (b) no memmem()/strstr() searches inside JSON text to rewrite it,
#    (c) no tab-joined records ("%s\t%s" built, strchr(..., '\t') split),
#    (d) no results-directory file name outside store_results.h/.c,
#    (e) no include cycle between the arena's modules, (f) results.jsonl is
#    read only where a command starts cold (a run, compare: once, at their
#    start; the report, slurm, --check -v): while games are played the
#    run's result set (store_result_set.h) is handed on instead;
#    (g) every arena/*.c is named by its stage: cmd_ (the commands),
#    plan_, play, store_, rank_, report.
set -u
. "$(dirname "$0")/lib.sh"
O=${O:-build/rel}
cd "$top" || exit 1

# ---- layers, as the linker sees them
python3 - "$O" "${BINDIR:-bin}/arena" <<'PY' || failures=$((failures + 1))
import subprocess, sys
O = sys.argv[1]
ARENA = sys.argv[2]  # bin/arena, or build/san/bin/arena under make asan
libs = ["common", "engine", "sandbox", "referee", "arena"]
# what each layer may use besides itself (and the C library)
allowed = {
    "common": set(),
    "engine": {"common"},
    "sandbox": {"common"},
    "referee": {"common", "engine", "sandbox"},
    "arena": {"common", "engine"},
}

def nm(args):
    out = subprocess.run(["nm"] + args, capture_output=True, text=True, check=True).stdout
    return out.splitlines()

defined, undefined = {}, {}
for l in libs:
    path = "%s/lib%s.a" % (O, l)
    for line in nm(["--defined-only", path]):
        f = line.split()
        if len(f) == 3 and f[1] in "TDRBC":
            defined[f[2]] = l
    undefined[l] = {line.split()[-1] for line in nm(["-u", path]) if line.strip() and ":" not in line}
bad = 0
for l in libs:
    for sym in sorted(undefined[l]):
        owner = defined.get(sym)
        if owner and owner != l and owner not in allowed[l]:
            print("FAIL: lib%s uses %s from lib%s" % (l, sym, owner))
            bad += 1
arena = {line.split()[-1] for line in nm(["--defined-only", ARENA]) if " T " in line}
for sym in sorted(arena):
    if defined.get(sym) in ("sandbox", "referee") or sym.startswith(("game_", "sandbox_", "bot_", "player_", "match_")):
        print("FAIL: bin/arena holds %s" % sym)
        bad += 1
needed = subprocess.run(["readelf", "-d", ARENA], capture_output=True, text=True).stdout
if "libseccomp" in needed:
    print("FAIL: bin/arena is linked with libseccomp")
    bad += 1
if not bad:
    print("ok: the layers reach only downwards; bin/arena has no sandbox, bot or game code")
sys.exit(1 if bad else 0)
PY

# ---- includes: no cycles, none unused
python3 - <<'PY' || failures=$((failures + 1))
import glob, os, re, sys
dirs = ["common", "engine", "referee", "referee/sandbox", "arena"]
files = [f for d in dirs for f in glob.glob(d + "/*.[ch]")]
by_name = {os.path.basename(f): f for f in files if f.endswith(".h")}
inc = {f: re.findall(r'^#include "([^"]+)"', open(f).read(), re.M) for f in files}
bad = 0

# cycles among the headers
def visit(h, stack):
    global bad
    if h in stack:
        print("FAIL: include cycle: " + " -> ".join(stack[stack.index(h):] + [h]))
        bad += 1
        return
    for i in inc.get(by_name.get(h, ""), []):
        if i in by_name:
            visit(i, stack + [h])
for h in sorted(by_name):
    visit(h, [])

# what a header declares: functions, types, macros, enum constants, globals
def declared(h):
    t = open(by_name[h]).read()
    t = re.sub(r"/\*.*?\*/", "", t, flags=re.S)
    names = set(re.findall(r"^#define\s+(\w+)", t, re.M))
    # functions it declares (a name before '(' at the end of a declaration's type)
    names |= set(re.findall(r"^[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(", t, re.M))
    names |= set(re.findall(r"^static inline [\w\s\*]*?\b(\w+)\s*\(", t, re.M))
    # types the header defines (or declares opaque), not those it only uses
    names |= set(re.findall(r"\b(?:struct|enum|union)\s+(\w+)\s*(?:\{|;)", t))
    for body in re.findall(r"enum\s*\w*\s*\{(.*?)\}", t, re.S):
        names |= set(re.findall(r"\b([A-Z_][A-Z0-9_]*)\b", body))
    names |= set(re.findall(r"\bextern\b[^;]*?\b(\w+)\s*(?:\[[^\]]*\])?\s*;", t))
    names |= set(re.findall(r"typedef[^;]*?\b(\w+)\s*;", t))
    names -= {"if", "while", "for", "switch", "return", "sizeof", "__attribute__", "format",
              "printf", "defined"}
    return names

for f in sorted(files):
    text = open(f).read()
    body = re.sub(r'^#include.*$', "", text, flags=re.M)
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    words = set(re.findall(r"\w+", body))
    own = os.path.splitext(os.path.basename(f))[0] + ".h"
    for h in inc[f]:
        if h == own or h not in by_name:
            continue
        if not declared(h) & words:
            print("FAIL: %s includes %s and uses nothing of it" % (f, h))
            bad += 1
if not bad:
    print("ok: no include cycles, no unused includes (%d files)" % len(files))
sys.exit(1 if bad else 0)
PY

# ---- sizes: functions and files
python3 - <<'PY' || failures=$((failures + 1))
import glob, re, sys
files = [f for d in ["common", "engine", "referee", "referee/sandbox", "arena", "bench",
                     "sample-bots/*"] for f in glob.glob(d + "/*.c")]
bad = 0
for f in files:
    lines = open(f).read().split("\n")
    if len(lines) > 1300:
        print("FAIL: %s has %d lines (at most 1300)" % (f, len(lines)))
        bad += 1
    i = 0
    while i < len(lines):
        # a function body opens with "{" alone at column 0; its head is the
        # lines above it back to one that starts at column 0
        if lines[i] == "{" and i > 0:
            j = i - 1
            while j > 0 and lines[j][:1] in ("\t", " "):
                j -= 1
            k = i
            while k < len(lines) and lines[k] != "}":
                k += 1
            m = re.search(r"(\w+)\s*\(", " ".join(lines[j:i]))
            if k - j + 1 > 120:
                print("FAIL: %s: %s has %d lines (at most 120)" % (f, m.group(1) if m else "?", k - j + 1))
                bad += 1
            i = k
        i += 1
if not bad:
    print("ok: no function over 120 lines, no file over 1300 (%d files)" % len(files))
sys.exit(1 if bad else 0)
PY

# ---- the results store: one parser, no JSON surgery, typed records, names in one place
python3 - <<'PY' || failures=$((failures + 1))
import glob, os, re, sys
bad = 0
def fail(msg):
    global bad
    print("FAIL: " + msg)
    bad += 1
def code(path):
    # the text without comments (string literals kept), line numbers kept
    t = open(path).read()
    return re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), t, flags=re.S)
def functions(text):
    # (name, first line, body) of each function defined at column 0
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        if lines[i] == "{" and i > 0:
            j = i - 1
            while j > 0 and lines[j][:1] in ("\t", " "):
                j -= 1
            k = i
            while k < len(lines) and lines[k] != "}":
                k += 1
            m = re.search(r"(\w+)\s*\(", " ".join(lines[j:i]))
            out.append((m.group(1) if m else "?", j + 1, "\n".join(lines[j:k + 1])))
            i = k
        i += 1
    return out
files = sorted(glob.glob("arena/*.[ch]"))
src = {f: code(f) for f in files}

# (a) one function parses a result line: text is parsed as JSON (json_loads,
# json_loadb) only in arena/store_result.c, by result_parse() (and
# failed_game_parse() for failed.jsonl, result_text_equal() to compare two
# lines); json_load_file() only reads arena.json
parsers = []
for f in files:
    if not f.endswith(".c"):
        continue
    for name, line, body in functions(src[f]):
        if re.search(r"\bjson_load[sb]\s*\(", body):
            parsers.append("%s:%d: %s()" % (f, line, name))
want = ["arena/store_result.c: failed_game_parse()", "arena/store_result.c: result_parse()",
        "arena/store_result.c: result_text_equal()"]
got = sorted(re.sub(r":\d+:", ":", p) for p in parsers)
if got != want:
    fail("(a) JSON text is parsed by %s; only result_parse() (and failed_game_parse(), "
         "result_text_equal()) in arena/store_result.c may" % ", ".join(parsers))

# (b) no search inside JSON text to rewrite it: no memmem(), and no strstr()
# for a quoted key
for f in files:
    for n, l in enumerate(src[f].split("\n"), 1):
        if re.search(r"\bmemmem\s*\(", l) or re.search(r'\bstrstr\s*\([^;]*\\"', l):
            fail("(b) %s:%d: searches inside text (JSON surgery?): %s" % (f, n, l.strip()))

# (c) no tab-joined records: no "...\t..." built with a %s beside the tab,
# and no split at a tab
for f in files:
    for n, l in enumerate(src[f].split("\n"), 1):
        if re.search(r'"[^"]*(%s\\t|\\t%s)[^"]*"', l) or re.search(r"strchr\s*\([^;]*'\\t'\s*\)", l):
            fail("(c) %s:%d: a tab-joined record: %s" % (f, n, l.strip()))

# (d) the results directory's file names are store_results.h's RESULTS_* only
store = ("arena/store_results.c", "arena/store_results.h")
names = r"(results\.jsonl|failed\.jsonl|arena\.json|schedule\.jsonl|index\.html)"
dirs = r"(logs|bot-logs|pages|builds|feedback|archive|key)"
for f in files:
    if f in store:
        continue
    for n, l in enumerate(src[f].split("\n"), 1):
        if (re.search(r'"' + names + r'"', l) or re.search(r'%s/' + names, l) or
                re.search(r'%s/' + dirs + r'/', l) or
                re.search(r'\b(path_join|path_of|archive_sub|move_to_archive|sync_moves)\s*\([^;]*"' + dirs + r'"', l) or
                re.search(r'\{\s*"(logs|pages)"\s*,', l)):
            fail("(d) %s:%d: a results-directory file name outside store_results.h: %s" % (f, n, l.strip()))

# (e) no include cycle between the arena's modules (X.c or X.h including Y.h)
mods = {os.path.splitext(os.path.basename(f))[0] for f in files}
deps = {m: set() for m in mods}
for f in files:
    m = os.path.splitext(os.path.basename(f))[0]
    for h in re.findall(r'^#include "([^"]+)\.h"', open(f).read(), re.M):
        if h in mods and h != m:
            deps[m].add(h)
def visit(m, stack, done):
    if m in stack:
        fail("(e) include cycle between the arena's modules: " + " -> ".join(stack[stack.index(m):] + [m]))
        return
    if m in done:
        return
    done.add(m)
    for d in sorted(deps[m]):
        visit(d, stack + [m], done)
done = set()
for m in sorted(mods):
    visit(m, [], done)

# (f) the functions that read results.jsonl are called from these functions
# only, each a cold start: a run and compare read it once (results_load(),
# and compare's stored_highest() before its schedule is made); the report,
# slurm and arena --check -v read a directory they did not write. The
# standings page, the final report, feedback and compare's rounds take the
# run's result set instead.
readers = ["results_load", "result_set_read", "results_read_list", "results_read_since",
           "results_played_read"]
cold = sorted([
    "arena/cmd_compare.c: compare_run() -> results_load",
    "arena/cmd_compare.c: stored_highest() -> results_read_list",
    "arena/cmd_main.c: print_games() -> results_played_read",
    "arena/cmd_main.c: cmd_report() -> result_set_read",
    "arena/store_results.c: results_played_read() -> results_read_list",
    "arena/cmd_run.c: load_results() -> results_load",
    "arena/cmd_slurm.c: merge() -> result_set_read",
    "arena/cmd_slurm.c: read_shard() -> result_set_read",
])
calls = []
for f in files:
    if not f.endswith(".c"):
        continue
    for name, line, body in functions(src[f]):
        for r in readers:
            if name != r and re.search(r"\b%s\s*\(" % r, body):
                calls.append("%s: %s() -> %s" % (f, name, r))
calls = sorted(set(calls))
for c in calls:
    if c not in cold:
        fail("(f) %s: results.jsonl read again where the run's result set should be "
             "handed on (store_result_set.h)" % c)
for c in cold:
    if c not in calls:
        fail("(f) the check's list of cold starts names %s, which is gone: update it" % c)

# (g) the arena's files by stage (arena/README.md): the commands at the
# top (cmd_), then plan_, play, store_, rank_, report (the stage's own
# name alone, or as a prefix)
for f in files:
    if f.endswith(".c") and not re.match(r"(cmd|plan|play|store|rank|report)(_\w+)?\.c$",
                                         os.path.basename(f)):
        fail("(g) %s: not named by its stage (cmd_, plan_, play_, store_, rank_, report_; "
             "arena/README.md)" % f)

if not bad:
    print("ok: one parser of result lines, no JSON surgery, no tab-joined records, the "
          "results directory's names in store_results.h only, no include cycle in arena/, "
          "results.jsonl read only at cold starts, every file named by its stage")
sys.exit(1 if bad else 0)
PY

# ---- every sandbox limit is documented
for key in $(sed -n 's/^	\[LIMIT_[A-Z_]*\] = { "\([a-z_]*\)".*/\1/p' common/botlimits.c); do
	grep -q "\`$key\`" docs/sandbox.md || fail "docs/sandbox.md does not document the limit $key"
	grep -q "$key" docs/arena.md || fail "docs/arena.md does not list the limit $key"
done

# ---- a plain make installs nothing: it says what is missing and how to get it
make -n all 2>/dev/null | grep -q DEBIAN_FRONTEND && fail "a plain make would run apt-get"
out=$(make --no-print-directory check-deps DEB_DEPS="nosuchmod:nosuch-dev" 2>&1 | grep -v '^make')
make --no-print-directory check-deps DEB_DEPS="nosuchmod:nosuch-dev" >/dev/null 2>&1 &&
	fail "check-deps passed with a package missing"
[ "$out" = "missing packages: nosuch-dev
run: make deps (as root), or: sudo apt-get install -y nosuch-dev" ] ||
	fail "check-deps said: $out"
[ "$failures" = 0 ] && echo "ok: make says what is missing; make deps, test and run install it"

finish "ok: t_structure"
