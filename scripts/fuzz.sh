#!/usr/bin/env bash
# Runs the four fuzzing targets (proptest properties: the replay reader, the .cnf parser, the
# upload checks and the ABI's order decoding; engine/tests/fuzz_*.rs, sandbox/tests/fuzz_*.rs)
# with CASES cases per property (default 100000; each file's doc comment says which properties
# take a fraction), in release mode, and prints each target's cases and seconds.
#
# Usage: scripts/fuzz.sh [CASES]
# A failing target's output is printed, and the script exits non-zero after running them all.
set -euo pipefail
cd "$(dirname "$0")/.."

cases="${1:-100000}"
if ! [[ "$cases" =~ ^[0-9]+$ ]] || [ "$cases" -eq 0 ]; then
    echo "usage: $0 [CASES]  (a positive number of cases per property)" >&2
    exit 2
fi

targets=(
    "engine fuzz_replay_reader"
    "engine fuzz_cnf_parser"
    "sandbox fuzz_upload_checks"
    "sandbox fuzz_order_decoding"
)

# Build first, so that the times are the runs'.
echo "building the fuzzing targets (release)..."
cargo test --release -q -p engine --test fuzz_replay_reader --test fuzz_cnf_parser --no-run
cargo test --release -q -p sandbox --test fuzz_upload_checks --test fuzz_order_decoding --no-run

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
summary=()
failed=0
for t in "${targets[@]}"; do
    read -r pkg name <<<"$t"
    echo "running $name with $cases cases per property..."
    start=$(date +%s.%N)
    if ARENA_FUZZ_CASES="$cases" cargo test --release -q -p "$pkg" --test "$name" >"$logs/$name.log" 2>&1; then
        result=ok
    else
        result=FAILED
        failed=1
        cat "$logs/$name.log"
    fi
    end=$(date +%s.%N)
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
    summary+=("$(printf '%-22s %10s %10s  %s' "$name" "$cases" "$secs" "$result")")
done

echo
printf '%-22s %10s %10s  %s\n' target cases seconds result
printf '%s\n' "${summary[@]}"
exit "$failed"
