#!/usr/bin/env bash
# Runs connection matrices in the UEC htsim and in SprayLab (NSCC, oblivious spraying, no
# trimming, the uec-reference settings) and prints each file's completion time in both: the
# last flow's finish, the mean over the seeds, each seed's beside it.
# Usage: scripts/side_by_side_files.sh PATH/TO/htsim_uec [SEEDS] [OUT_DIR] [FILE.cm[@FILE.topo] ...]
#   The files: a ring all-reduce and a serial all-to-all of 16 hosts in groups of 4 and 16, and
#   an incast of 32 senders to one with starts spread over 16 µs on 128 hosts, all of 2 MB
#   flows and written by `spraylab matrix`; then any FILE.cm given (htsim's own, for example
#   connection_matrices/alltoall_serial_16n.cm). Each runs on the smallest fat-tree that holds
#   its Nodes at 800 Gb/s, or, written FILE.cm@FILE.topo, on that topology file (htsim's own,
#   for example topologies/fat_tree_128_4os.topo) in both. SEEDS defaults to 3; OUT_DIR
#   (default target/side-by-side-files) keeps every run's output. With SBS_TRIM=1 both trim
#   (htsim without -disable_trim, SprayLab with --trim).
# htsim_uec is built outside this repository from ultraethernet/uet-htsim
# (cd htsim/sim && mkdir build && cd build && cmake .. && make htsim_uec).
set -euo pipefail
cd "$(dirname "$0")/.."
htsim=${1:?usage: scripts/side_by_side_files.sh PATH/TO/htsim_uec [SEEDS] [OUT_DIR] [FILE.cm ...]}
seeds=${2:-3}
out=${3:-target/side-by-side-files}
shift $(($# < 3 ? $# : 3))
flags=(-mtu 4160 -q 192 -ecn 10 10 -target_q_delay 1 -sender_cc_only -sender_cc_algo nscc
    -paths 64 -end 100000)
case ${SBS_LB:-oblivious} in
    oblivious) flags+=(-load_balancing_algo oblivious); lb=(--lb oblivious) ;;
    reps) flags+=(-load_balancing_algo reps); lb=(--lb reps-uec) ;;
    *) echo "side_by_side_files: SBS_LB must be oblivious or reps, got $SBS_LB" >&2; exit 2 ;;
esac
trim=()
case ${SBS_TRIM:-0} in
    1) trim=(--trim) ;;
    0) flags+=(-disable_trim) ;;
    *) echo "side_by_side_files: SBS_TRIM must be 0 or 1, got $SBS_TRIM" >&2; exit 2 ;;
esac
[ -x "$htsim" ] || { echo "side_by_side_files: $htsim is not an executable" >&2; exit 2; }
htsim=$(realpath "$htsim")
case $seeds in '' | *[!0-9]* | 0) echo "side_by_side_files: SEEDS must be a whole number from 1, got $seeds" >&2; exit 2 ;; esac
cargo build --release --quiet --bin spraylab
spraylab=$PWD/target/release/spraylab
mkdir -p "$out"
common=(--elephants 0 --flow-size 2MB --seed 1)
"$spraylab" matrix --k 4 "${common[@]}" --workload allreduce --group 4 > "$out/allreduce_16n_g4.cm"
"$spraylab" matrix --k 4 "${common[@]}" --workload alltoall --group 16 > "$out/alltoall_16n_g16.cm"
"$spraylab" matrix --k 8 "${common[@]}" --workload incast --senders 32 --spread 16 > "$out/incast_128n_32c_16us.cm"
files=("$out/allreduce_16n_g4.cm" "$out/alltoall_16n_g16.cm" "$out/incast_128n_32c_16us.cm" "$@")

echo "| file | htsim µs (per seed) | SprayLab µs (per seed) | SprayLab − htsim |"
echo "|---|---|---|---|"
for item in "${files[@]}"; do
    file=${item%@*}
    topo=$([ "$item" != "$file" ] && echo "${item#*@}" || true)
    [ -r "$file" ] || { echo "side_by_side_files: cannot read $file" >&2; exit 2; }
    name=$(basename "$file" .cm)
    if [ -n "$topo" ]; then
        [ -r "$topo" ] || { echo "side_by_side_files: cannot read $topo" >&2; exit 2; }
        name="$name@$(basename "$topo" .topo)"
        # htsim sizes its hosts' side (NSCC, the RTO, the NIC) by -linkspeed, 100 Gb/s unless
        # given: the file's host links' rate, as SprayLab reads it
        gbps=$(awk '$1 == "Downlink_speed_Gbps" { print $2; exit }' "$topo")
        htsim_net=(-topo "$(realpath "$topo")" -linkspeed $((gbps * 1000)))
        spraylab_net=(--topology "$topo")
    else
        nodes=$(awk '$1 == "Nodes" { print $2; exit }' "$file")
        k=4
        while [ $((k * k * k / 4)) -lt "$nodes" ]; do k=$((k + 2)); done
        htsim_net=(-linkspeed 800000 -hop_latency 0.5 -switch_latency 0)
        spraylab_net=(--k "$k")
    fi
    for seed in $(seq "$seeds"); do
        # htsim writes idmap.txt and logout.dat where it runs: in the output folder
        (cd "$out" && "$htsim" -tm "$(realpath "$file")" "${htsim_net[@]}" "${flags[@]}" \
            -seed "$seed" > "htsim-$name-$seed.txt" 2>&1)
        "$spraylab" run --preset uec-reference "${spraylab_net[@]}" "${trim[@]}" "${lb[@]}" --traffic "$file" \
            --seed "$seed" --format json > "$out/spraylab-$name-$seed.json" \
            2> "$out/spraylab-$name-$seed.notes"
    done
    python3 - "$out" "$name" "$seeds" <<'PY'
import json, re, statistics, sys
out, name, seeds = sys.argv[1], sys.argv[2], int(sys.argv[3])
h, s = [], []
for seed in range(1, seeds + 1):
    text = open(f"{out}/htsim-{name}-{seed}.txt").read()
    finished = [float(x) for x in re.findall(r"finished at ([0-9.]+)", text)]
    if not finished:
        sys.exit(f"side_by_side_files: {out}/htsim-{name}-{seed}.txt has no finished flows")
    h.append(max(finished))
    report = json.load(open(f"{out}/spraylab-{name}-{seed}.json"))
    if report["cct_us"] is None:
        sys.exit(f"side_by_side_files: {out}/spraylab-{name}-{seed}.json did not finish")
    s.append(report["cct_us"])
each = lambda v: ", ".join(f"{x:,.1f}" for x in v)
a, b = statistics.mean(h), statistics.mean(s)
print(f"| {name} | {a:,.1f} ({each(h)}) | {b:,.1f} ({each(s)}) | {(b / a - 1) * 100:+.1f} % |")
PY
done
