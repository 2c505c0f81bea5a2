# euchre-arena
#
#   make            build bin/referee, bin/arena (says which Debian packages are missing)
#   make test       install what is missing (as root), build, run the whole test suite
#   make asan       the test suite under AddressSanitizer + UBSan (same as make test SAN=1)
#   make bench      benchmarks, each reported against a baseline from the same run
#   make play       play a game yourself against @greedy (VARIANT=hammerwalt, or another)
#   make run        install what is missing (as root), build, a real tournament of the
#                   sample bots (configs/default.ini)
#   make deps       install the missing packages (as root; else print the command)
#   make docs-options  rewrite the docs' option lists from the programs' option
#                   tables (docs/options.sh; t_options checks they are up to date)
#
# DEV=1 adds -Werror. SAN=1 builds into build/san with sanitizers.

.DEFAULT_GOAL := all
.SUFFIXES:

CC ?= cc
CFLAGS ?= -O2 -g
PKGS := libseccomp inih jansson
# the arena alone also links libsodium (keyed hashes for secret deal seeds)
ARENA_PKGS := libsodium
# pkg-config module : Debian package
DEB_DEPS := libseccomp:libseccomp-dev inih:libinih-dev jansson:libjansson-dev \
	libsodium:libsodium-dev

WARN := -std=c11 -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(DEV),1)
WARN += -Werror
endif

ifeq ($(SAN),1)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
O := build/san
BINDIR := build/san/bin
else
SANFLAGS :=
O := build/rel
BINDIR := bin
endif

# recursive (=) so that pkg-config runs after 'deps' has installed it
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) $(ARENA_PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS))
ARENA_PKG_LIBS = $(shell pkg-config --libs $(ARENA_PKGS))
# the layers, each its own folder and library (README, "Where things are"):
#   common/           strings, vectors, sets, clock, paths, files, SEAT texts, faults
#   engine/           the rules: cards, variants, game, deals, views, protocol text, built-in
#                     players; pure (no I/O, no clock): its tests link it alone
#   referee/sandbox/  starting a bot in the sandbox
#   referee/          bot processes, players, matches, --check, --replay, builds, bin/referee
#   arena/            tournaments: config, schedule, runner, results, ratings, report
INCLUDES := -Icommon -Iengine -Ireferee -Ireferee/sandbox -Iarena
ALL_CFLAGS = $(WARN) -D_GNU_SOURCE $(INCLUDES) $(CFLAGS) $(SANFLAGS) $(PKG_CFLAGS)
ALL_LDFLAGS = $(LDFLAGS) $(SANFLAGS)
LIBS = $(PKG_LIBS) -lm
ARENA_LIBS = $(ARENA_PKG_LIBS) $(LIBS)
# bin/arena alone: no sandbox, so no libseccomp
ARENA_BIN_LIBS = $(ARENA_PKG_LIBS) $(shell pkg-config --libs inih jansson) -lm

COMMON_SRC := $(wildcard common/*.c)
ENGINE_SRC := $(wildcard engine/*.c)
SANDBOX_SRC := $(wildcard referee/sandbox/*.c)
REFEREE_SRC := $(filter-out referee/main.c referee/main_options.c,$(wildcard referee/*.c))
# page templates (a template per page kind): DIR/NAME.html becomes the C array NAME_html
REFEREE_TEMPLATES := $(wildcard referee/*.html)
ARENA_TEMPLATES := $(wildcard arena/*.html)
ARENA_SRC := $(filter-out arena/cmd_main.c,$(wildcard arena/*.c))
UNIT_SRC := $(wildcard tests/unit/test_*.c)
BENCH_SRC := $(wildcard bench/*.c)
BOT_SRC := $(wildcard sample-bots/*/*.c)

LIBCOMMON := $(O)/libcommon.a
LIBENGINE := $(O)/libengine.a
LIBSANDBOX := $(O)/libsandbox.a
LIBREFEREE := $(O)/libreferee.a
LIBARENA := $(O)/libarena.a
# what each program and test links, the layer above first
REFEREE_LIBS := $(LIBREFEREE) $(LIBSANDBOX) $(LIBENGINE) $(LIBCOMMON)
ARENA_ALL_LIBS := $(LIBARENA) $(LIBENGINE) $(LIBCOMMON)
ENGINE_LIBS := $(LIBENGINE) $(LIBCOMMON)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(O)/tests/%)
# the rules, self-play and information tests link the engine alone: the
# linker proves it pure
ENGINE_TESTS := $(addprefix $(O)/tests/,test_rules_team test_rules_fivehand test_rules_flip \
	test_selfplay test_view test_search test_rng test_engine_verdicts)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(O)/bench/%)
# sample-bots/NAME/NAME.c -> sample-bots/NAME/NAME (the bot's run script execs it)
BOT_BIN := $(BOT_SRC:%.c=%)
# the C starter kit's example (kits/README.md); `make kits` builds the other kits' too
BOT_BIN += kits/c/example/bot
# java-random runs from a class file when javac is there (else Java's source launcher)
ifneq ($(shell command -v javac 2>/dev/null),)
BOT_BIN += sample-bots/java-random/Bot.class
endif
TEST_HELPER_SRC := $(wildcard tests/bots/*.c)
TEST_HELPER_BIN := $(TEST_HELPER_SRC:tests/bots/%.c=$(O)/tests/bots/%)
# LD_PRELOAD shims that make a library call fail for a test (tests/shim/)
TEST_SHIM_SRC := $(wildcard tests/shim/*.c)
TEST_SHIM_BIN := $(TEST_SHIM_SRC:tests/shim/%.c=$(O)/tests/shim/%.so)
# a bot that deals with the engine's own code (t_sealed, t_arena_run):
# built from the sources without sanitizers, so that it runs in the sandbox
SEARCH_BOT := $(O)/tests/bots/seed_spy
SEARCH_BOT_SRC := tests/bots/seed_spy.c engine/game.c engine/score.c engine/move.c engine/rules.c \
	engine/card.c engine/rng.c common/util.c common/file.c arena/plan_key.c

# libeuchre (docs/library.md): the engine and the strings it uses behind one
# header, engine/euchre.h; the shared library exports the euchre_* calls only
LIBEUCHRE_SRC := $(ENGINE_SRC) common/util.c common/time_limits.c
LIBEUCHRE_A := $(O)/libeuchre.a
LIBEUCHRE_SO := $(O)/libeuchre.so
EUCHRE_PC := $(O)/euchre.pc
EUCHRE_VERSION := $(shell sed -n 's/^\#define EUCHRE_API_VERSION //p' engine/euchre.h)
PREFIX ?= /usr/local

PROGRAMS := $(BINDIR)/referee
ifneq ($(wildcard arena/cmd_main.c),)
PROGRAMS += $(BINDIR)/arena
endif

.PHONY: all deps check-deps test-deps test test-run asan bench run play clean kits docs-options \
	lib install python
all: $(PROGRAMS) $(BOT_BIN) lib

# $(call install,PACKAGES[,APT OPTIONS]): installs the missing Debian packages as
# root, or prints the exact command and fails
install = set -- $(1); \
	if [ -n "$$1" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing: $$*"; \
			export DEBIAN_FRONTEND=noninteractive; \
			apt-get install -y $(2) "$$@" >/dev/null 2>&1 || \
			{ apt-get update -q >/dev/null && apt-get install -y $(2) "$$@"; } || exit 1; \
		else \
			echo "missing packages: $$*" >&2; \
			echo "run: sudo apt-get install -y $(2) $$*" >&2; \
			exit 1; \
		fi; \
	fi

# the Debian packages the build needs and does not find
missing_deps = missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"; \
	for d in $(DEB_DEPS); do \
		mod=$${d%%:*}; pkg=$${d\#*:}; \
		pkg-config --exists $$mod 2>/dev/null || missing="$$missing $$pkg"; \
	done

deps:
	@$(missing_deps); \
	$(call install,$$missing)

# what a plain make does: it says what is missing, and installs nothing
check-deps:
	@$(missing_deps); \
	if [ -n "$$missing" ]; then \
		echo "missing packages:$$missing" >&2; \
		echo "run: make deps (as root), or: sudo apt-get install -y$$missing" >&2; \
		exit 1; \
	fi

# what the test suite runs besides our own programs: the sample bots'
# interpreters and the tests' helpers (command : Debian package); cargo builds the
# Rust starter kit (tests/sh/t_kits.sh); chromium loads the
# HTML pages headless (tests/sh/t_viewer.sh); tmux types a person's moves (tests/sh/t_human.sh);
# strace kills the arena at a chosen syscall (tests/sh/t_arena_supersede_crash.sh) and
# counts the referee's calls (tests/sh/t_referee_wait.sh);
# g++ builds a C++ bot whose futures wait on shared futexes (tests/sh/t_attack_channels.sh);
# python3-dev's Python.h builds the euchre Python package (make python, docs/library.md),
# and python3-venv (no command of its own: ensurepip) makes the venv that
# tests/sh/t_library_python.sh installs it into
TEST_DEPS := python3:python3 python3-config:python3-dev node:nodejs java:default-jdk-headless javac:default-jdk-headless cargo:cargo \
	ps:procps timeout:coreutils file:file perl:perl setpriv:util-linux chromium:chromium \
	tmux:tmux strace:strace g++:g++ gdb:gdb
# Slurm and munge run arena slurm's jobs on this machine (tests/sh/t_slurm.sh starts
# daemons of its own): installed without recommends, 8 packages
SLURM_TEST_DEPS := sbatch:slurm-client slurmctld:slurmctld slurmd:slurmd munged:munge
# $(call missing_cmds,CMD:PACKAGE...): sets missing to the packages of absent commands
missing_cmds = missing=""; \
	for d in $(1); do \
		cmd=$${d%%:*}; pkg=$${d\#*:}; \
		command -v $$cmd >/dev/null 2>&1 || case " $$missing " in \
			*" $$pkg "*) ;; *) missing="$$missing $$pkg";; esac; \
	done
test-deps: deps
	@$(call missing_cmds,$(TEST_DEPS)); \
	$(call install,$$missing)
	@missing=""; python3 -c 'import ensurepip' 2>/dev/null || missing=python3-venv; \
	$(call install,$$missing)
	@$(call missing_cmds,$(SLURM_TEST_DEPS)); \
	$(call install,$$missing,--no-install-recommends)

$(O)/%.o: %.c | check-deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(LIBCOMMON): $(COMMON_SRC:%.c=$(O)/%.o)
$(LIBENGINE): $(ENGINE_SRC:%.c=$(O)/%.o)
$(LIBSANDBOX): $(SANDBOX_SRC:%.c=$(O)/%.o)
$(LIBREFEREE): $(REFEREE_SRC:%.c=$(O)/%.o) $(REFEREE_TEMPLATES:%.html=$(O)/gen/%_html.o)
$(LIBARENA): $(ARENA_SRC:%.c=$(O)/%.o) $(ARENA_TEMPLATES:%.html=$(O)/gen/%_html.o)
# a template's lines as C strings: backslashes, quotes and '?' (trigraphs) escaped
$(O)/gen/%_html.c: %.html
	@mkdir -p $(dir $@)
	{ printf '/* made by the Makefile from %s: do not edit */\n#include <stddef.h>\n' $<; \
	  printf 'extern const char *const %s[];\nconst char *const %s[] = {\n' \
		$(notdir $*)_html $(notdir $*)_html; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/\t"/' -e 's/$$/\\n",/' $<; \
	  printf '\tNULL,\n};\n'; } >$@.tmp && mv $@.tmp $@

# kept, to read when a template does not compile
.SECONDARY: $(REFEREE_TEMPLATES:%.html=$(O)/gen/%_html.c) \
	$(ARENA_TEMPLATES:%.html=$(O)/gen/%_html.c)
$(O)/gen/%.o: $(O)/gen/%.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBCOMMON) $(LIBENGINE) $(LIBSANDBOX) $(LIBREFEREE) $(LIBARENA):
	@rm -f $@
	ar rcs $@ $^

# libeuchre: position-independent objects, one archive and one shared library
$(O)/pic/%.o: %.c | check-deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -MMD -MP -c -o $@ $<
$(LIBEUCHRE_A): $(LIBEUCHRE_SRC:%.c=$(O)/pic/%.o)
	@rm -f $@
	ar rcs $@ $^
$(LIBEUCHRE_SO): $(LIBEUCHRE_SRC:%.c=$(O)/pic/%.o) engine/libeuchre.map
	$(CC) $(ALL_LDFLAGS) -shared -Wl,-soname,libeuchre.so.$(EUCHRE_VERSION) \
		-Wl,--version-script,engine/libeuchre.map -o $@ $(LIBEUCHRE_SRC:%.c=$(O)/pic/%.o) -lm
	ln -sf libeuchre.so $@.$(EUCHRE_VERSION)
# $(call euchre_pc,PREFIX,INCLUDEDIR,LIBDIR): the pkg-config file's text
euchre_pc = printf '%s\n' 'prefix=$(1)' 'includedir=$(2)' 'libdir=$(3)' '' \
	'Name: euchre' 'Description: euchre-arena rules engine (libeuchre, docs/library.md)' \
	'Version: $(EUCHRE_VERSION)' 'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -leuchre' \
	'Libs.private: -lm'
# usable from the build tree: PKG_CONFIG_PATH=$(O) pkg-config --cflags --libs euchre
$(EUCHRE_PC): engine/euchre.h Makefile
	@mkdir -p $(dir $@)
	$(call euchre_pc,$(CURDIR),$(CURDIR)/engine,$(CURDIR)/$(O)) >$@
lib: $(LIBEUCHRE_A) $(LIBEUCHRE_SO) $(EUCHRE_PC)

# the Python package (python/, docs/library.md): the extension over the
# archive's objects and the package's modules, in $(O)/python (PYTHONPATH);
# the running python3's headers and suffix (python3-dev on Debian)
PYTHON ?= python3
PY_INCLUDE = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
PY_EXT = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
PY_MODULES := $(wildcard python/euchre/*.py)
python: $(O)/python/euchre/_euchre.so $(PY_MODULES:python/%=$(O)/python/%)
# compiled from the sources, never with sanitizers (a Python that did not
# load the ASan runtime first cannot load the module; c-search, likewise,
# links the release archive)
$(O)/python/euchre/_euchre.so: python/euchre/_euchre.c $(LIBEUCHRE_SRC) $(wildcard engine/*.h common/*.h)
	@mkdir -p $(dir $@)
	@test -f "$(PY_INCLUDE)/Python.h" || { echo "no Python.h for $(PYTHON): apt-get install python3-dev" >&2; exit 1; }
	$(CC) $(WARN) -Wno-missing-field-initializers -Wno-cast-function-type -O2 -D_GNU_SOURCE \
		-fPIC -fvisibility=hidden -shared -I$(PY_INCLUDE) -Iengine -Icommon -o $@ $< $(LIBEUCHRE_SRC) -lm
	ln -sf _euchre.so $(O)/python/euchre/_euchre$(PY_EXT)
$(O)/python/euchre/%.py: python/euchre/%.py
	@mkdir -p $(dir $@)
	cp $< $@
# sample-bots/python-search and the learner's bot (python/examples/learner/bot)
# import the package from their own directories (as a submission ships it:
# docs/library.md): a copy of the built one in each
PY_BOT_DIRS := sample-bots/python-search python/examples/learner/bot
PY_BOT_FILES := $(foreach d,$(PY_BOT_DIRS),$(d)/euchre/_euchre.so \
	$(PY_MODULES:python/euchre/%=$(d)/euchre/%))
python: $(PY_BOT_FILES)
# replaced, not written over: a bot or a training run may have the old one loaded
$(foreach d,$(PY_BOT_DIRS),$(d)/euchre/_euchre.so): $(O)/python/euchre/_euchre.so
	@mkdir -p $(dir $@)
	cp $< $@.tmp && mv $@.tmp $@
# one pattern rule per directory (a rule with two pattern targets makes both at once)
sample-bots/python-search/euchre/%.py: python/euchre/%.py
	@mkdir -p $(dir $@)
	cp $< $@
python/examples/learner/bot/euchre/%.py: python/euchre/%.py
	@mkdir -p $(dir $@)
	cp $< $@

# make install PREFIX=DIR: the header, both libraries and euchre.pc
install: lib
	mkdir -p $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	cp engine/euchre.h $(DESTDIR)$(PREFIX)/include/euchre.h
	cp $(LIBEUCHRE_A) $(DESTDIR)$(PREFIX)/lib/libeuchre.a
	cp $(LIBEUCHRE_SO) $(DESTDIR)$(PREFIX)/lib/libeuchre.so.$(EUCHRE_VERSION)
	ln -sf libeuchre.so.$(EUCHRE_VERSION) $(DESTDIR)$(PREFIX)/lib/libeuchre.so
	$(call euchre_pc,$(PREFIX),$${prefix}/include,$${prefix}/lib) \
		>$(DESTDIR)$(PREFIX)/lib/pkgconfig/euchre.pc

$(BINDIR)/referee: $(O)/referee/main.o $(O)/referee/main_options.o $(REFEREE_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

# the arena links no sandbox, bot or game code (tests/sh/t_structure.sh checks it)
$(BINDIR)/arena: $(O)/arena/cmd_main.o $(ARENA_ALL_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ARENA_BIN_LIBS)

$(ENGINE_TESTS): $(O)/tests/%: $(O)/tests/unit/%.o $(ENGINE_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lm

# the library's test links the archive alone, as a user's program would
$(O)/tests/test_libeuchre: $(O)/tests/unit/test_libeuchre.o $(LIBEUCHRE_A)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lm

# the engine's digest test: the engine alone, and libsodium for its hash
$(O)/tests/test_engine_digest: $(O)/tests/unit/test_engine_digest.o $(ENGINE_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ARENA_PKG_LIBS) -lm

$(O)/tests/%: $(O)/tests/unit/%.o $(LIBARENA) $(REFEREE_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ARENA_LIBS)

$(O)/tests/bots/%: tests/bots/%.c | check-deps
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -D_GNU_SOURCE -w -o $@ $< -lpthread

$(O)/tests/shim/%.so: tests/shim/%.c | check-deps
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -fPIC -shared -o $@ $< -ldl

$(SEARCH_BOT): $(SEARCH_BOT_SRC) $(wildcard engine/*.h common/*.h arena/plan_key.h) | check-deps
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -D_GNU_SOURCE $(INCLUDES) -o $@ $(SEARCH_BOT_SRC) $(ARENA_PKG_LIBS)

$(O)/bench/%: $(O)/bench/%.o $(LIBARENA) $(REFEREE_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(ARENA_LIBS)

# c-search is a program over libeuchre (euchre.h alone), its archive linked
# in: always the release one, so that it runs in the sandbox without the
# sanitizers (under SAN=1 a make of its own builds it)
C_SEARCH_LIB := build/rel/libeuchre.a
sample-bots/c-search/c-search: sample-bots/c-search/c-search.c engine/euchre.h $(C_SEARCH_LIB)
	$(CC) -std=c11 -O2 -Wall -Wextra -Iengine -o $@ $< $(C_SEARCH_LIB) -lm
ifeq ($(SAN),1)
$(C_SEARCH_LIB): $(LIBEUCHRE_SRC) $(wildcard engine/*.h common/*.h)
	@$(MAKE) --no-print-directory SAN= $@
endif

# the other sample bots are plain C with no dependency on the project
sample-bots/%: sample-bots/%.c
	$(CC) -std=c11 -O2 -Wall -Wextra -o $@ $<

kits/c/example/bot: kits/c/example/bot.c kits/c/example/euchre_kit.c kits/c/example/euchre_kit.h
	$(CC) -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -o $@ kits/c/example/bot.c kits/c/example/euchre_kit.c

# every starter kit's example, in place (kits/README.md): C always, Java and
# Rust where javac and cargo are found (else a line says which is left out)
kits: kits/c/example/bot
	@if command -v javac >/dev/null 2>&1; then \
		echo "javac -d kits/java/example/classes kits/java/example/*.java"; \
		javac -d kits/java/example/classes kits/java/example/*.java; \
	else echo "kits: no javac: kits/java/example is not built"; fi
	@if command -v cargo >/dev/null 2>&1; then \
		echo "cargo build --release --offline (kits/rust/example)"; \
		cd kits/rust/example && cargo build --release --offline -q; \
	else echo "kits: no cargo: kits/rust/example is not built"; fi

sample-bots/java-random/Bot.class: sample-bots/java-random/Bot.java
	javac -d sample-bots/java-random $<

# the set-up first (installing as root), then a make that finds everything
test: test-deps
	@$(MAKE) --no-print-directory test-run

test-run: all $(UNIT_BIN) $(TEST_HELPER_BIN) $(TEST_SHIM_BIN) $(SEARCH_BOT) python
	@O=$(O) BINDIR=$(BINDIR) SAN=$(SAN) sh tests/run.sh

asan:
	@$(MAKE) --no-print-directory test SAN=1

bench: all $(BENCH_BIN) python
	@O=$(O) BINDIR=$(BINDIR) sh bench/run.sh

run: deps
	@$(MAKE) --no-print-directory all
	$(BINDIR)/arena configs/default.ini

# play a game yourself (docs/human.md): make play [VARIANT=indiana]
VARIANT ?= hammerwalt
PLAY_SEATS_hammerwalt := 3
PLAY_SEATS_indiana := 3
PLAY_SEATS_bloomington := 5
PLAY_SEATS_fivehand := 4
PLAY_SEATS_flip := 3
docs-options: all
	@BINDIR=$(BINDIR) sh docs/options.sh

play: all
	$(BINDIR)/referee --variant $(VARIANT) @human \
		$(foreach i,$(shell seq $(or $(PLAY_SEATS_$(VARIANT)),3)),@greedy)

clean:
	rm -rf build bin $(BOT_BIN) $(PY_BOT_DIRS:%=%/euchre) kits/java/example/classes kits/rust/example/target kits/rust/tests/target

-include $(shell find build -name '*.d' 2>/dev/null)
