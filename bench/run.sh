#!/usr/bin/env bash
# Measures the figures of bench/README.md: throughput (MB/s), allocations
# and peak memory of parse, check, print (format), walk, stream and replay
# on the standard collection and the corpus sets.
# Usage: bench/run.sh [COUNT]   (needs ../shared next to the repository)
#        bench/run.sh -readme [COUNT]
# The first form ends with bench/shapes.sh: every input shape of issue 14
# against the peers' recorded figures. The second runs only that and writes
# its table into README.md (between the "bench/run.sh -readme" markers of
# the Performance section), so that the README's figures are never typed by
# hand; SGF_BENCH_RT=1 (root) measures wall times at real-time priority.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = -readme ]; then
	table=$(bench/shapes.sh -markdown "${2:-3}")
	when="Measured $(date -u +%Y-%m-%d) by \`bench/run.sh -readme\` on $(nproc) CPUs (load $(cut -d' ' -f1-3 /proc/loadavg)$([ "${SGF_BENCH_RT:-}" = 1 ] && echo ', at real-time priority: wall times as on a quiet machine'))."
	awk -v table="$table" -v when="$when" '
		/<!-- begin bench\/run.sh -readme -->/ { print; print when; print ""; print table; skip = 1; next }
		/<!-- end bench\/run.sh -readme -->/ { skip = 0 }
		!skip' README.md >README.md.new
	mv README.md.new README.md
	exit 0
fi
count=${1:-5}
shared=../shared
if [ ! -d "$shared/corpus" ]; then
	echo "bench/run.sh: $shared/corpus is absent: the benchmarks read real files from it" >&2
	exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$shared/bench/make-collection" "$out/collection.sgf" >/dev/null
echo "== standard collection: $(wc -c <"$out/collection.sgf") bytes"
go build -o "$out/parsemem" ./bench/parsemem
for mode in parse walk check format stream; do
	best=""
	for _ in $(seq "$count"); do
		line=$("$out/parsemem" -mode "$mode" "$out/collection.sgf")
		t=$(sed -E 's/.*MB\/s=([0-9]+).*/\1/' <<<"$line")
		if [ -z "$best" ] || [ "$t" -gt "$(sed -E 's/.*MB\/s=([0-9]+).*/\1/' <<<"$best")" ]; then best=$line; fi
	done
	echo "$best"
done
echo "== go test -bench (best of $count runs each)"
go test -run '^$' -bench . -benchmem -count "$count" \
	./syntax ./value ./property ./charset ./games/... $(go list ./check ./collection ./convert ./diagram/... . 2>/dev/null) 2>/dev/null |
	grep -E '^(Benchmark|ok|pkg)' || true
echo "== training data (issue 19), one CPU"
SGF_BENCH_COLLECTION="$out/collection.sgf" go test ./bench/training -run '^$' -bench Training -benchmem -cpu 1 -count "$count" 2>/dev/null | grep -E '^Benchmark' || true
echo "== typed decoding against the syntax parse (issue 3), one CPU, medians of $count runs"
go test . -run '^$' -bench 'ParseOnly|DecodeOnly|DecodeValues|DecodeTyped' -cpu 1 -count "$count" 2>/dev/null |
	awk '/^Benchmark/ { name=$1; sub(/-[0-9]+$/, "", name); t[name]=t[name] " " $3 }
	function median(s,   a, n, i, j, x) {
		n = split(s, a, " ")
		for (i = 2; i <= n; i++) { x = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > x; j--) a[j+1] = a[j]; a[j+1] = x }
		return a[int((n+1)/2)]
	}
	END {
		p = median(t["BenchmarkParseOnly/syntax"]); s = median(t["BenchmarkParseOnly/sgf"])
		d = median(t["BenchmarkDecodeOnly"]); all = median(t["BenchmarkDecodeTyped"]); v = median(t["BenchmarkDecodeValues"])
		printf "syntax.Parse P %.1f ms, sgf.Parse %.1f ms, values V %.1f ms, values and Info D %.1f ms, parse and D %.1f ms\n", p/1e6, s/1e6, v/1e6, d/1e6, all/1e6
		printf "V/P %.2f, (setup+V)/P %.2f, D/P %.2f, (setup+D)/P %.2f, (parse+D)/P %.2f\n", v/p, (s-p+v)/p, d/p, (s-p+d)/p, all/p
	}'
echo "== sgf check against the session-start binary, beside the decode ratio above (issue 12, item 7)"
bench/checkbase.sh "$count"
echo "== every input shape against the peers (issue 14; bench/peers.tsv)"
bench/shapes.sh "$count"
