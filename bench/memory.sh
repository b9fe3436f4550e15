#!/usr/bin/env bash
# Measures the peak memory (maximum resident set size, /usr/bin/time -v)
# of sgf commands on two inputs that bound it (issue 11, item 3):
#   - a collection of about 1 GB (the standard benchmark collection of
#     ../shared/bench/make-collection, repeated to just under 1 GiB, the
#     default --max-bytes), whose largest game tree is small;
#   - 10^7 empty nodes in one game tree ("(;" + ";" * 10^7 + ")", 10 MB);
#   - the standard collection in UTF-16LE with a byte order mark, repeated
#     to at most 250 MB (5 copies, 209 MB; utf16.sgf): read whole, such a
#     file took its bytes, its decoded text and every tree at once (0.7-2
#     GB); decoded as it is read, the memory is that of the UTF-8
#     collection. That size shows the difference and keeps the run short
#     (text that is not UTF-8 in the collection becomes U+FFFD in the
#     transcoding).
# Usage: bench/memory.sh [COMMAND...]   (default: every command that reads
# its inputs tree by tree: check sarif stats info json dupes convert fix;
# "sarif" is run as "check --sarif", fix as "fix --critical -o -", which
# writes every game fixed, and "fix-refused" as "fix -o -", which refuses
# the collection for its lossy games)
# The inputs are written to a temporary folder and removed at the end.
# It needs GNU time (apt-get install time), python3 and about 1.3 GB of
# free disk. SGF_MEMORY_INPUTS chooses the inputs (default "collection
# nodes utf16").
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bench_needs bench/memory.sh
cmds=("$@")
[ ${#cmds[@]} -gt 0 ] || cmds=(check sarif stats info json dupes convert fix)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bench_build "$out/sgf" ./cmd/sgf
"$shared/bench/make-collection" "$out/one.sgf" >/dev/null
one=$(stat -c %s "$out/one.sgf")
copies=$(( (1 << 30) / one ))
for _ in $(seq "$copies"); do cat "$out/one.sgf"; done > "$out/collection.sgf"
python3 - "$out/one.sgf" "$out/utf16.sgf" <<'PY'
import sys
text = open(sys.argv[1], 'rb').read().decode('utf-8', 'replace').encode('utf-16-le')
with open(sys.argv[2], 'wb') as f:
    f.write(b'\xff\xfe')
    for _ in range(max(1, 250_000_000 // len(text))):
        f.write(text)
PY
rm "$out/one.sgf"
python3 -c 'import sys; sys.stdout.write("(;" + ";" * 10**7 + ")\n")' > "$out/nodes.sgf"
echo "== $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); go $(go env GOVERSION)"
for input in ${SGF_MEMORY_INPUTS:-collection nodes utf16}; do
	size=$(stat -c %s "$out/$input.sgf")
	for cmd in "${cmds[@]}"; do
		case "$cmd" in
		sarif) args=(check --sarif) ;;
		fix) args=(fix --critical -o -) ;;
		fix-refused) args=(fix -o -) ;;
		*) args=("$cmd") ;;
		esac
		/usr/bin/time -v -o "$out/time" "$out/sgf" "${args[@]}" "$out/$input.sgf" >/dev/null 2>"$out/stderr" || true
		rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out/time")
		wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out/time")
		printf '%-10s %-6s %6d MB input  peak RSS %6d MB  wall %s\n' "$input" "$cmd" $((size / 1000000)) $((rss / 1000)) "$wall"
	done
done
