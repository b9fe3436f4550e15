#!/usr/bin/env bash
# Runs sgf check --quiet on the standard collection with this checkout's
# sgf and with the sgf of a base commit (default 32d9365, the last one
# that read the whole file before checking: issue 12, item 7 asks that
# sgf check be no slower than it), alternated, and prints for each the
# median of COUNT runs of the whole process's CPU time (user + system),
# wall time and peak RSS, and the ratios new/base.
#
# Usage: bench/checkbase.sh [COUNT] [BASE]   (needs ../shared next to the repository)
#
# On a loaded machine compare the CPU times; SGF_BENCH_RT=1 (root only)
# runs each at real-time priority (chrt -f 10) so that wall times are
# those of a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5}
base=${2:-32d9365}
. bench/lib.sh
bench_needs bench/checkbase.sh
bench_rt
out=$(mktemp -d)
cleanup() {
	git worktree remove --force "$out/base" 2>/dev/null || true
	rm -rf "$out"
}
trap cleanup EXIT
bench_build "$out/sgf-new" ./cmd/sgf
git worktree add --detach -q "$out/base" "$base"
(cd "$out/base" && bench_build "$out/sgf-base" ./cmd/sgf)
"$shared/bench/make-collection" "$out/collection.sgf" >/dev/null
for _ in $(seq "$count"); do
	for v in base new; do
		"${rt[@]}" /usr/bin/time -f '%U %S %e %M' -o "$out/time" "$out/sgf-$v" check --quiet "$out/collection.sgf" >/dev/null 2>&1 || true
		tail -1 "$out/time" | awk -v v="$v" '{ printf "%s %.3f %.3f %d\n", v, $1 + $2, $3, $4 / 1024 }' >>"$out/runs"
	done
done
echo "== sgf check --quiet on the standard collection ($(wc -c <"$out/collection.sgf") bytes): $base against this checkout"
echo "== $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), ${SGF_BENCH_RT:+real-time priority, }median of $count alternated runs"
awk '
	function median(s,   a, n, i, j, x) {
		n = split(s, a, " ")
		for (i = 2; i <= n; i++) { x = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > x; j--) a[j+1] = a[j]; a[j+1] = x }
		return a[int((n+1)/2)]
	}
	{ cpu[$1] = cpu[$1] " " $2; wall[$1] = wall[$1] " " $3; rss[$1] = rss[$1] " " $4 }
	END {
		printf "%-5s %7s %7s %7s\n", "", "cpu_s", "wall_s", "rss_MB"
		for (k = 1; k <= 2; k++) {
			v = k == 1 ? "base" : "new"
			c[v] = median(cpu[v]); w[v] = median(wall[v]); r[v] = median(rss[v])
			printf "%-5s %7.3f %7.3f %7d\n", v, c[v], w[v], r[v]
		}
		printf "new/base: CPU %.2f, wall %.2f, RSS %.2f (<= 1: no slower)\n", c["new"] / c["base"], w["new"] / w["base"], r["new"] / r["base"]
	}' "$out/runs"
