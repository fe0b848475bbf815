#!/usr/bin/env bash
# Runs the uec-reference permutation in the UEC htsim and in SprayLab over the same seeds and
# prints, per load-balancing scheme, the mean CCT, mean median FCT and mean ACK count of each.
# Usage: scripts/side_by_side.sh PATH/TO/htsim_uec [SEEDS] [OUT_DIR]
#   SEEDS defaults to 5 (seeds 1 to SEEDS); OUT_DIR (default target/side-by-side) keeps every
#   run's output: htsim-LB-SEED.txt and spraylab-LB-SEED.json.
# htsim_uec is built outside this repository from ultraethernet/uet-htsim
# (cd htsim/sim && mkdir build && cd build && cmake .. && make htsim_uec).
set -euo pipefail
cd "$(dirname "$0")/.."
htsim=${1:?usage: scripts/side_by_side.sh PATH/TO/htsim_uec [SEEDS] [OUT_DIR]}
seeds=${2:-5}
out=${3:-target/side-by-side}
[ -x "$htsim" ] || { echo "side_by_side: $htsim is not an executable" >&2; exit 2; }
htsim=$(realpath "$htsim")
case $seeds in '' | *[!0-9]* | 0) echo "side_by_side: SEEDS must be a whole number from 1, got $seeds" >&2; exit 2 ;; esac
cargo build --release --quiet --bin spraylab
spraylab=$PWD/target/release/spraylab
mkdir -p "$out"
"$spraylab" matrix --preset uec-reference > "$out/perm.cm"
# htsim's name of each scheme, and SprayLab's (docs/cli.md: "Side by side with htsim")
for pair in oblivious:oblivious reps:reps-uec reps_legacy:reps; do
    hl=${pair%%:*}
    sl=${pair##*:}
    for seed in $(seq "$seeds"); do
        # htsim writes idmap.txt and logout.dat where it runs: in the output folder
        (cd "$out" && "$htsim" -tm perm.cm -linkspeed 800000 -hop_latency 0.5 -switch_latency 0 \
            -mtu 4160 -q 192 -ecn 10 10 -target_q_delay 1 -sender_cc_only -sender_cc_algo nscc \
            -load_balancing_algo "$hl" -paths 64 -disable_trim -end 5000 -seed "$seed" \
            > "htsim-$hl-$seed.txt" 2>&1)
        "$spraylab" run --preset uec-reference --traffic "$out/perm.cm" --lb "$sl" \
            --seed "$seed" --format json > "$out/spraylab-$sl-$seed.json"
    done
    python3 - "$out" "$hl" "$sl" "$seeds" <<'PY'
import json, re, statistics, sys
out, hl, sl, seeds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
h = {"cct": [], "median": [], "acks": []}
s = {"cct": [], "median": [], "acks": []}
for seed in range(1, seeds + 1):
    text = open(f"{out}/htsim-{hl}-{seed}.txt").read()
    fcts = [float(x) for x in re.findall(r"finished at ([0-9.]+)", text)]
    acks = re.search(r"ACKs: (\d+)", text)
    if not fcts or not acks:
        sys.exit(f"side_by_side: {out}/htsim-{hl}-{seed}.txt has no finished flows or ACK count")
    h["cct"].append(max(fcts))
    h["median"].append(statistics.median(fcts))
    h["acks"].append(int(acks.group(1)))
    report = json.load(open(f"{out}/spraylab-{sl}-{seed}.json"))
    s["cct"].append(report["cct_us"])
    s["median"].append(statistics.median(f["fct_us"] for f in report["flows"]))
    s["acks"].append(report["counters"]["acks"])
m = {k: (statistics.mean(h[k]), statistics.mean(s[k])) for k in h}
def cell(k, unit):
    a, b = m[k]
    return f"{a:,.1f} → {b:,.1f}{unit} ({(b / a - 1) * 100:+.1f} %)"
print(f"| {hl} ↔ {sl} | {cell('cct', ' µs')} | {cell('median', ' µs')} | "
      f"{m['acks'][0]:,.0f} → {m['acks'][1]:,.0f} |")
PY
done
