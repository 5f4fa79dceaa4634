#!/usr/bin/env bash
# How fast bots run in Arena's sandbox (issue 21, "Bots at near-native speed"): the figures of
# the "Speed" section of bot-sdk/README.md, reproduced.
#
#   scripts/bench-bot-speed.sh [options] [section...]
#
# Sections (default: sdk demo reference):
#   sdk        fuel per match spent in the SDKs by a bot that reads nothing: the house Null (Rust
#              SDK) and the C++ idle reference player of each game, minus a raw bot whose
#              arena_play returns at once (what the host charges for the view and the calls).
#              Deterministic: the same figures on any machine.
#   demo       CPU time of four wasm Demos against four native:Demo, per game (user + sys of the
#              whole `arena run --seeds`, the module cache warm).
#   reference  each C++ reference player (bot-sdk/cpp/reference/<game>/AI*.cc) in seat 0 against
#              three native:Demo: wasm CPU time per match (the `arena run` process, minus the
#              same match shape with the raw bot in seat 0) next to the native CPU time per
#              match that `arena calibrate` measures (g++ -O2, thread CPU time).
#   flags      fuel per match of the heavier reference players built with other compiler flags
#              (-O3, -fno-exceptions, -flto), the rest as `arena build` does; same match result
#              required.
#
# Options:
#   --arena PATH        the arena binary (default: target/release/arena, built if missing)
#   --before PATH       another arena binary (an older checkout's build) to compare with: the
#                       sdk section then also shows its Null and C++ idle figures
#   --seeds N           seeds 1..N for demo and reference (default 5)
#   --games LIST        comma-separated games (default: all five; reference and flags: those
#                       with reference players)
#
# Needs clang++-19 for wasm32-wasi (what `arena build` uses) and g++ (what `arena calibrate`
# uses). CPU times depend on the machine and its load: run it on an idle machine.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
arena="$root/target/release/arena"
before=""
seeds=5
games="pandemic,ork-island,walking-dead,purge,mad-max"
sections=()
while (($#)); do
    case "$1" in
    --arena) arena="$2"; shift 2 ;;
    --before) before="$2"; shift 2 ;;
    --seeds) seeds="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    sdk | demo | reference | flags) sections+=("$1"); shift ;;
    -h | --help) sed -n '2,35p' "$0"; exit 0 ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
((${#sections[@]})) || sections=(sdk demo reference)
if [[ ! -x "$arena" ]]; then
    echo "building $arena" >&2
    (cd "$root" && cargo build --release -p arena)
fi
IFS=, read -r -a game_list <<<"$games"
budget=30000000000 # sandbox::FUEL_PER_SECOND: one budget per bot per match
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cxx="${ARENA_CXX:-clang++-19}"

# The raw bot: the ABI's exports and nothing else; arena_play returns at once.
floor_bot() {
    local dir="${1//-/_}" out="$work/floor-$1.wasm"
    if [[ ! -f "$out" ]]; then
        cat >"$work/floor.c" <<'EOF'
__attribute__((export_name("arena_abi_v1"))) void abi(void) {}
__attribute__((export_name(MARKER))) void marker(void) {}
static unsigned char buf[1 << 20];
__attribute__((export_name("arena_alloc"))) int alloc(int len) { return (int)buf; }
__attribute__((export_name("arena_start"))) void start(int p, int l) {}
__attribute__((export_name("arena_play"))) void play(int p, int l) {}
EOF
        "$cxx" -x c --target=wasm32 -nostdlib -O2 -Wl,--no-entry -DMARKER="\"arena_game_$dir\"" \
            "$work/floor.c" -o "$out"
    fi
    echo "$out"
}

# Fuel of seat 0 in one match (seed 1), from `arena run --json` (cpu share x budget).
fuel() {
    local bin="$1" game="$2"
    shift 2
    "$bin" run "$game" "$@" --no-replay --json 2>/dev/null |
        python3 -c "import json,sys; d=json.load(sys.stdin); print(round(d['players'][0]['cpu']*$budget))"
}

idle_player() {
    case "$1" in
    pandemic) echo AIRefIdle ;;
    ork-island) echo AIOrkIdle ;;
    walking-dead) echo AIWdIdle ;;
    purge) echo AIPgIdle ;;
    mad-max) echo AIMmIdle ;;
    esac
}

pct() { python3 -c "print('%.4f%%' % (100 * $1 / $budget))"; }

section_sdk() {
    echo "== SDK cost per match of a bot that reads nothing (fuel, seed 1, default parameters; budget $budget)"
    printf '%-13s %12s | %-34s | %-34s\n' game "raw bot" "Rust Null: fuel - raw (% budget)" "C++ idle: fuel - raw (% budget)"
    local bins=("$arena")
    [[ -n "$before" ]] && bins+=("$before")
    for bin in "${bins[@]}"; do
        [[ "$bin" == "$before" ]] && echo "-- before ($before)" || echo "-- $arena"
        for g in "${game_list[@]}"; do
            local raw null idle src
            raw=$(fuel "$bin" "$g" "$(floor_bot "$g")" Null Null Null)
            null=$(fuel "$bin" "$g" Null Null Null Null)
            src="$root/bot-sdk/cpp/reference/${g//-/_}/$(idle_player "$g").cc"
            "$bin" build "$src" --game "$g" -o "$work/idle.wasm" >/dev/null 2>&1
            idle=$(fuel "$bin" "$g" "$work/idle.wasm" Null Null Null)
            printf '%-13s %12.3e | %12.3e (%9s)           | %12.3e (%9s)\n' "$g" "$raw" \
                "$((null - raw))" "$(pct $((null - raw)))" "$((idle - raw))" "$(pct $((idle - raw)))"
        done
    done
}

# user + sys seconds of a command and its children (its output discarded; no need for GNU time).
cpu_of() {
    python3 - "$@" <<'EOF'
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime)
EOF
}

section_demo() {
    echo "== Four wasm Demos vs four native:Demo, seeds 1..$seeds (CPU seconds of the whole run)"
    printf '%-13s %10s %10s %10s %8s\n' game "wasm" "native" "raw x4" "ratio"
    for g in "${game_list[@]}"; do
        "$arena" run "$g" Demo Demo Demo Demo --no-replay >/dev/null 2>&1 # warm the module cache
        local w n f raw
        raw="$(floor_bot "$g")"
        "$arena" run "$g" "$raw" "$raw" "$raw" "$raw" --no-replay >/dev/null 2>&1
        w=$(cpu_of "$arena" run "$g" Demo Demo Demo Demo --seeds "1..$seeds" --no-replay)
        n=$(cpu_of "$arena" run "$g" native:Demo native:Demo native:Demo native:Demo --seeds "1..$seeds" --no-replay)
        f=$(cpu_of "$arena" run "$g" "$raw" "$raw" "$raw" "$raw" --seeds "1..$seeds" --no-replay)
        printf '%-13s %10.2f %10.2f %10.2f %8.2f\n' "$g" "$w" "$n" "$f" "$(python3 -c "print($w / $n)")"
    done
    echo "(raw x4: four raw bots, the host's own cost of running four wasm bots whatever they do)"
}

section_reference() {
    echo "== Reference players: wasm vs native CPU per match (seat 0 vs three native:Demo, seeds 1..$seeds)"
    for g in "${game_list[@]}"; do
        local dir="$root/bot-sdk/cpp/reference/${g//-/_}"
        [[ -d "$dir" ]] || continue
        echo "-- $g (native: arena calibrate --game $g --matches $seeds)"
        "$arena" calibrate --game "$g" --matches "$seeds" --players "$dir" >"$work/calib.txt" 2>&1 || true
        local raw base
        raw="$(floor_bot "$g")"
        "$arena" run "$g" "$raw" native:Demo native:Demo native:Demo --no-replay >/dev/null 2>&1
        base=$(cpu_of "$arena" run "$g" "$raw" native:Demo native:Demo native:Demo --seeds "1..$seeds" --no-replay)
        printf '%-14s %14s %14s %8s %12s\n' player "native s/match" "wasm s/match" ratio "fuel/match"
        for src in "$dir"/AI*.cc; do
            local name stem w native fuelm
            stem="$(basename "$src" .cc)"
            name="${stem#AI}"
            "$arena" build "$src" --game "$g" -o "$work/$stem.wasm" >/dev/null 2>&1
            "$arena" run "$g" "$work/$stem.wasm" native:Demo native:Demo native:Demo --no-replay >/dev/null 2>&1
            w=$(cpu_of "$arena" run "$g" "$work/$stem.wasm" native:Demo native:Demo native:Demo --seeds "1..$seeds" --no-replay)
            native=$(awk -v n="$name" '$1 == n { print $2 }' "$work/calib.txt")
            fuelm=$(awk -v n="$name" '$1 == n { print $4 }' "$work/calib.txt")
            python3 - "$name" "${native:-nan}" "$w" "$base" "$seeds" "${fuelm:-nan}" <<'EOF'
import sys
name, native, w, base, seeds, fuelm = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
wasm = max(w - base, 0.0) / seeds
ratio = wasm / native if native > 0 else float('nan')
print('%-14s %14.4f %14.4f %8.2f %12s' % (name, native, wasm, ratio, fuelm))
EOF
        done
    done
    echo "(wasm s/match: the run's CPU minus the same run with the raw bot in seat 0, per match;"
    echo " below ~0.01 s per match the subtraction is noise)"
}

section_flags() {
    echo "== Compiler flags: fuel per match (seed 2, seat 0 vs Demo, Null, Demo), clang-19 wasm32-wasi"
    local sdk="$root/bot-sdk/cpp"
    local common=(-std=gnu++17 -D_LIBCPP_ENABLE_CXX17_REMOVED_AUTO_PTR -D_LIBCPP_ENABLE_CXX17_REMOVED_BINDERS
        -D_LIBCPP_ENABLE_CXX17_REMOVED_RANDOM_SHUFFLE -D_LIBCPP_ENABLE_CXX17_REMOVED_UNARY_BINARY_FUNCTION
        -D_LIBCPP_DISABLE_DEPRECATION_WARNINGS -Wno-register -D_WASI_EMULATED_PROCESS_CLOCKS)
    local link=(-mexec-model=reactor -Wl,-z,stack-size=1048576 -Wl,--stack-first -Wl,--strip-debug -Wl,--export=__stack_pointer)
    local variants=("-O2" "-O3" "-O2 -fno-exceptions" "-O2 -flto" "-O3 -flto")
    local players="pandemic:AIRefBfs pandemic:AIRefMultiBfs pandemic:AIRefSolid pandemic:AIRefAlloc ork-island:AIOrkBfs ork-island:AIOrkCity ork-island:AIOrkSolid"
    for pp in $players; do
        local g="${pp%%:*}" stem="${pp##*:}" d
        d="${g//-/_}"
        [[ ",$games," == *",$g,"* ]] || continue
        for v in "${variants[@]}"; do
            local o="$work/o" lto=()
            rm -rf "$o" && mkdir -p "$o"
            [[ "$v" == *-flto* ]] && lto=(-flto)
            # shellcheck disable=SC2086
            for f in "$sdk/reference/$d/$stem.cc" "$sdk/runtime/arena_runtime.cc" "$sdk/$d/arena_main.cc"; do
                "$cxx" --target=wasm32-wasi --sysroot="${WASI_SYSROOT:-/usr}" -isystem "$sdk/$d" -isystem "$sdk/include" \
                    "${common[@]}" $v -c "$f" -o "$o/$(basename "$f").o"
            done
            # shellcheck disable=SC2086
            "$cxx" --target=wasm32-wasi --sysroot="${WASI_SYSROOT:-/usr}" "${link[@]}" "${lto[@]}" $v "$o"/*.o -o "$work/v.wasm"
            "$arena" run "$g" "$work/v.wasm" Demo Null Demo -s 2 --no-replay --json 2>/dev/null |
                python3 -c "import json,sys; d=json.load(sys.stdin); p=d['players']; print('%-14s %-20s fuel %.4e scores %s' % ('${stem#AI}', '$v', p[0]['cpu']*$budget, [x['score'] for x in p]))"
        done
    done
}

for s in "${sections[@]}"; do
    "section_$s"
    echo
done
