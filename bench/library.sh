#!/bin/sh
# bench/library.sh - libeuchre and the euchre Python package against the
# engine, in one run: bench_library's C figures, then the Python package's
# with the engine's figures of this run passed to it for the ratios.
O=${O:-build/rel}
out=$("$O/bench/bench_library" "${BENCH_SECONDS:-1}") || exit 1
echo "$out"
engine=$(echo "$out" | awk '/engine random self-play/ { print $(NF - 1) }')
steps=$(echo "$out" | awk '/env steps with observations \(C/ { print $(NF - 1) }')
if [ ! -f "$O/python/euchre/__init__.py" ]; then
	echo "library: no $O/python (make python): the Python figures are left out"
	exit 0
fi
PYTHONPATH=$O/python python3 bench/bench_python.py "$engine" "$steps" "${BENCH_SECONDS:-1}"
