#!/usr/bin/env bash
# Runs sgf check and sgf fmt on every input shape of issue 14 (the standard
# collection; main lines of 200,000 and 10^6 moves; variations nested 10,000
# and 10^6 deep; 10^6 siblings; a 64 MiB comment; 10,000 files of one game)
# and prints, for each, the whole process's CPU time (user + system, the
# median of COUNT runs) and wall time, the cores it kept busy, and the ratio
# to the peers' figures recorded in bench/peers.tsv (SGFC for check,
# rooklift/sgf's parse for fmt): the peer's lowest time over sgf's time, so
# > 1 means sgf is faster.
#
# Usage: bench/shapes.sh [-markdown] [COUNT]   (needs ../shared next to the repository)
#
# The ratio is taken over sgf's CPU time, which a loaded machine hardly
# changes (the peers ran single-threaded on a quiet machine, where their
# CPU and wall times are the same): a conservative figure for sgf, which
# uses both cores. With SGF_BENCH_RT=1 (root only) each run is made at
# real-time priority (chrt -f 10), so that on a machine busy with other
# work its wall time is that of a quiet machine, and the ratio is then
# taken over the wall time. -markdown prints the table for README.md
# (bench/run.sh -readme puts it there).
set -euo pipefail
cd "$(dirname "$0")/.."
markdown=0
if [ "${1:-}" = -markdown ]; then
	markdown=1
	shift
fi
count=${1:-3}
shared=../shared
if [ ! -x "$shared/bench/make-collection" ]; then
	echo "bench/shapes.sh: $shared/bench/make-collection is absent" >&2
	exit 2
fi
if [ ! -x /usr/bin/time ]; then
	echo "bench/shapes.sh: /usr/bin/time is missing (apt-get install time)" >&2
	exit 2
fi
rt=()
if [ "${SGF_BENCH_RT:-}" = 1 ]; then
	rt=(chrt -f 10)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go build -o "$out/sgf" ./cmd/sgf
go build -o "$out/shapes" ./bench/shapes
"$shared/bench/make-collection" "$out/collection.sgf" >/dev/null
"$out/shapes" -o "$out"

# measure CMD...: prints "CPU WALL" in seconds, the run with the median CPU time.
measure() {
	for _ in $(seq "$count"); do
		"${rt[@]}" /usr/bin/time -f '%U %S %e' -o "$out/time" "$@" >/dev/null 2>&1 || true
		tail -1 "$out/time" | awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }'
	done | sort -n | awk '{ c[NR] = $1; w[NR] = $2 } END { m = int((NR + 1) / 2); print c[m], w[m] }'
}

if [ $markdown = 1 ]; then
	echo "| input | bytes | command | CPU s | wall s | cores | peer | peer s | ratio |"
	echo "|---|---:|---|---:|---:|---:|---|---:|---:|"
else
	echo "== $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), ${SGF_BENCH_RT:+real-time priority, }median of $count runs"
	printf '%-12s %10s %-6s %7s %7s %5s  %-9s %7s %7s\n' input bytes cmd cpu_s wall_s cores peer peer_s ratio
fi
for shape in collection line-200k line-1m nested-10k nested-1m wide-1m comment-64m tiny; do
	path=$out/$shape.sgf
	[ "$shape" = tiny ] && path=$out/tiny
	bytes=$(du -sb --apparent-size "$path" | cut -f1)
	for cmd in check fmt; do
		args=("$cmd")
		[ "$cmd" = check ] && args+=(--quiet)
		read -r cpu wall < <(measure "$out/sgf" "${args[@]}" "$path")
		cores=$(awk -v c="$cpu" -v w="$wall" 'BEGIN { if (w > 0) printf "%.2f", c / w; else print "-" }')
		peer=$(awk -F'\t' -v s="$shape" -v c="$cmd" '!/^#/ && $1 == s && $2 == c { print $3, $5 }' bench/peers.tsv)
		name=- psec=- ratio=-
		if [ -n "$peer" ]; then
			read -r name psec <<<"$peer"
			mine=$cpu
			[ ${#rt[@]} -gt 0 ] && mine=$wall
			ratio=$(awk -v p="$psec" -v m="$mine" 'BEGIN { if (m > 0) printf "%.1f", p / m; else print "-" }')
		fi
		if [ $markdown = 1 ]; then
			echo "| $shape | $bytes | \`sgf $cmd\` | $cpu | $wall | $cores | $name | $psec | $ratio |"
		else
			printf '%-12s %10s %-6s %7s %7s %5s  %-9s %7s %7s\n' "$shape" "$bytes" "$cmd" "$cpu" "$wall" "$cores" "$name" "$psec" "$ratio"
		fi
	done
done
