#!/usr/bin/env bash
# Measures the figures of bench/README.md: throughput (MB/s), allocations
# and peak memory of parse, check, print (format), walk, stream and replay
# on the standard collection and the corpus sets.
# Usage: bench/run.sh [COUNT]   (needs ../shared next to the repository)
set -euo pipefail
cd "$(dirname "$0")/.."
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
	./syntax ./value ./property ./charset ./games/... $(go list ./check ./collection ./convert . 2>/dev/null) 2>/dev/null |
	grep -E '^(Benchmark|ok|pkg)' || true
