#!/usr/bin/env bash
# Runs connection matrices once each in the UEC htsim and in SprayLab (NSCC, oblivious
# spraying, no trimming, the uec-reference settings, seed 1) and prints, per file, both
# simulators' CPU time and peak resident memory (GNU time's %U and %M), how many times faster
# SprayLab is, and both completion times (the last flow's finish).
# Usage: scripts/side_by_side_speed.sh PATH/TO/htsim_uec OUT_DIR FILE.cm ...
#   Each file runs on the smallest fat-tree that holds its Nodes at 800 Gb/s (htsim's
#   permutations: connection_matrices/perm_128n_128c_2MB.cm, perm_1024n_1024c_0u_2000000b.cm,
#   perm_8192n_8192c_2MB.cm). OUT_DIR keeps every run's output and timing.
# htsim_uec is built outside this repository from ultraethernet/uet-htsim
# (cd htsim/sim && mkdir build && cd build && cmake .. && make htsim_uec).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/side_by_side_speed.sh PATH/TO/htsim_uec OUT_DIR FILE.cm ..."
htsim=${1:?$usage}
out=${2:?$usage}
shift 2
[ $# -gt 0 ] || { echo "side_by_side_speed: no FILE.cm given; $usage" >&2; exit 2; }
[ -x "$htsim" ] || { echo "side_by_side_speed: $htsim is not an executable" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "side_by_side_speed: needs GNU time at /usr/bin/time (Debian's time)" >&2; exit 2; }
htsim=$(realpath "$htsim")
cargo build --release --quiet --bin spraylab
spraylab=$PWD/target/release/spraylab
mkdir -p "$out"
out=$(realpath "$out")
flags=(-linkspeed 800000 -hop_latency 0.5 -switch_latency 0 -mtu 4160 -q 192 -ecn 10 10
    -target_q_delay 1 -sender_cc_only -sender_cc_algo nscc -paths 64 -end 100000
    -load_balancing_algo oblivious -disable_trim -seed 1)

echo "| file | hosts | htsim CPU s | htsim MB | SprayLab CPU s | SprayLab MB | faster | htsim CCT µs | SprayLab CCT µs |"
echo "|---|---|---|---|---|---|---|---|---|"
for file in "$@"; do
    [ -r "$file" ] || { echo "side_by_side_speed: cannot read $file" >&2; exit 2; }
    name=$(basename "$file" .cm)
    nodes=$(awk '$1 == "Nodes" { print $2; exit }' "$file")
    k=4
    while [ $((k * k * k / 4)) -lt "$nodes" ]; do k=$((k + 2)); done
    # htsim writes idmap.txt and logout.dat where it runs: in the output folder
    (cd "$out" && /usr/bin/time -f '%U %M' -o "time-htsim-$name" \
        "$htsim" -tm "$(realpath "$file")" "${flags[@]}" > "htsim-$name.txt" 2>&1)
    /usr/bin/time -f '%U %M' -o "$out/time-spraylab-$name" \
        "$spraylab" run --preset uec-reference --k "$k" --traffic "$file" --seed 1 \
        --format json > "$out/spraylab-$name.json"
    python3 - "$out" "$name" "$nodes" <<'PY'
import json, re, sys
out, name, nodes = sys.argv[1], sys.argv[2], sys.argv[3]
def cpu_mem(path):
    user, kb = open(path).read().split()[-2:]
    return float(user), int(kb) / 1000
text = open(f"{out}/htsim-{name}.txt").read()
finished = [float(x) for x in re.findall(r"finished at ([0-9.]+)", text)]
if not finished:
    sys.exit(f"side_by_side_speed: {out}/htsim-{name}.txt has no finished flows")
report = json.load(open(f"{out}/spraylab-{name}.json"))
if report["cct_us"] is None:
    sys.exit(f"side_by_side_speed: {out}/spraylab-{name}.json did not finish")
(hc, hm), (sc, sm) = cpu_mem(f"{out}/time-htsim-{name}"), cpu_mem(f"{out}/time-spraylab-{name}")
print(f"| {name} | {nodes} | {hc:,.1f} | {hm:,.0f} | {sc:,.2f} | {sm:,.0f} | {hc / sc:,.1f}× | "
      f"{max(finished):,.2f} | {report['cct_us']:,.2f} |")
PY
done
