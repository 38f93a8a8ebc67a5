#!/usr/bin/env bash
# Lame Duck's JAX engine on a GPU machine (issue 29 point 1), in one go and under 5 minutes:
# the devices; the JAX rollouts at batch 1,024, 16,384, 65,536 and 262,144 (SIZES; 1,048,576
# did not fit its part's 120 s on an H200, 2026-11-27) for 4, 2 and 10 players on the GPU; the NumPy engine on the machine's CPU
# as the baseline; and the JAX engine's tables replayed through the exact engine. Everything
# goes to $OUT/gpu_bench.txt, the figures also as JSON ($OUT/gpu_bench_*.json).
#
# Run from the repository root, with jax (CUDA) installed and the package on the path:
#   OUT=/some/dir PYTHONPATH=src bash scripts/gpu_bench.sh
# PYTHON picks the interpreter (python3); SIZES, PLAYERS, NUMPY_SIZES and CHECK_TABLES change
# the plan.
# Each part has its own time limit (together 600 s, the most one device command may run; the
# whole is expected to take 4 to 5 minutes, most of it compiling); the first part that fails or
# runs out of time stops the script with a line that says which (the parts before it are in the
# file).
set -euo pipefail

OUT=${OUT:?set OUT to the folder the results go to}
PYTHON=${PYTHON:-python3}
SIZES=${SIZES:-1024,16384,65536,262144}
PLAYERS=${PLAYERS:-4 2 10}
CHECK_TABLES=${CHECK_TABLES:-2000}
NUMPY_SIZES=${NUMPY_SIZES:-1024,16384}
LOG="$OUT/gpu_bench.txt"
mkdir -p "$OUT"
: >"$LOG"

part() { # part SECONDS TITLE COMMAND...: run it with a limit, its output into the log
    local limit=$1 title=$2
    shift 2
    echo "== $title ($(date -u +%H:%M:%S), limit ${limit}s): $*" | tee -a "$LOG"
    local start=$SECONDS status=0
    timeout --kill-after=10 "$limit" "$@" 2>&1 | tee -a "$LOG" || status=$?
    if [ "$status" -ne 0 ]; then
        local why="failed with status $status"
        [ "$status" -eq 124 ] && why="ran out of its ${limit}s"
        echo "!! $title $why: stopping here (results above are complete)" | tee -a "$LOG"
        exit "$status"
    fi
    echo "-- $title: $((SECONDS - start))s" | tee -a "$LOG"
}

[ "${DRY_RUN:-0}" = 1 ] || part 30 "GPUs" nvidia-smi -L
# The GPU must be JAX's first device, or the figures below would be the CPU's (DRY_RUN=1: a
# trial of the script on a machine without one, nvidia-smi's part skipped too).
part 60 "JAX and its devices" "$PYTHON" -c "import jax, sys; d = jax.devices(); \
print(jax.__version__, d); sys.exit(d[0].platform != 'gpu' and not ${DRY_RUN:-0})"

# JAX: one compiled rollout (lax.scan of 100 steps) per player count and size; the compile
# time is reported apart. NumPy is timed in its own part (its 1M-table deal alone takes long).
# The most wanted first: four players, the baseline, the check, then the other counts.
jax_bench() {
    part 120 "JAX, Lame Duck $1 players" "$PYTHON" -m pondside batch bench --backend jax \
        --players "$1" --batches "$SIZES" --seconds 1 --steps 100 --no-baseline \
        --out "$OUT/gpu_bench_jax_$1.json"
}
first=${PLAYERS%% *}
jax_bench "$first"
part 60 "NumPy on the CPU (baseline), Lame Duck" "$PYTHON" -m pondside batch bench \
    --backend numpy --game lame-duck --players "${PLAYERS// /,}" --batches "$NUMPY_SIZES" \
    --seconds 1 --out "$OUT/gpu_bench_numpy.json"
# Four players, every option set: two compiled kernels (the expert deck and the normal one).
part 90 "JAX engine checked against the exact engine" "$PYTHON" -m pondside batch check \
    lame-duck --backend jax --tables "$CHECK_TABLES" --players 4 --sample 0.01
for p in ${PLAYERS#"$first"}; do
    jax_bench "$p"
done
echo "== done ($(date -u +%H:%M:%S))" | tee -a "$LOG"
