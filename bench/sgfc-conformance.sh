#!/usr/bin/env bash
# Checks that an SGFC binary is the SGFC whose runs are recorded in
# ../shared/corpus/conformance/sgfc/test-files (SGFC 2.0): each run of its
# README (test.sgf plain and -roun, -r strict.sgf, -v and -vz reorder.sgf,
# -E2 mixed-encoding.sgf, -t escaping.sgf) must print the recorded
# messages (file names aside) and write the recorded file byte for byte.
# Where a file has critical messages the run adds -c, which writes it
# anyway: the recorded messages have no "Error 34: file not saved".
# bench/shapes.sh times the binary given in SGF_PEER_SGFC; this says
# whether it is a real SGFC 2.0. Exit status 1 on any difference.
#
# Usage: bench/sgfc-conformance.sh PATH-TO-SGFC
set -euo pipefail
cd "$(dirname "$0")/.."
sgfc=$(realpath "${1:?usage: bench/sgfc-conformance.sh PATH-TO-SGFC}")
dir=../shared/corpus/conformance/sgfc/test-files
if [ ! -d "$dir" ]; then
	echo "bench/sgfc-conformance.sh: $dir is absent" >&2
	exit 2
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bad=0
# NAME OPTIONS INPUT: the recorded NAME-output.txt and NAME-result.sgf
while read -r name opts input; do
	[ "$opts" = - ] && opts=""
	cp "$dir/$input" "$out/$input"
	# shellcheck disable=SC2086
	(cd "$out" && "$sgfc" $opts "$input" "$name-result.sgf" >"$name-output.txt" 2>&1) || true
	# the summary line names the file as given: keep its last part
	sed -E 's|^[^ ]*/([^/ ]+\.sgf:)|\1|' "$dir/$name-output.txt" >"$out/want.txt"
	sed -E 's|^[^ ]*/([^/ ]+\.sgf:)|\1|' "$out/$name-output.txt" >"$out/got.txt"
	if ! diff -q "$out/want.txt" "$out/got.txt" >/dev/null; then
		echo "$name: messages differ:"
		diff "$out/want.txt" "$out/got.txt" | head -10
		bad=1
	elif ! cmp -s "$dir/$name-result.sgf" "$out/$name-result.sgf"; then
		echo "$name: the written file differs"
		bad=1
	else
		echo "$name ($opts $input): same messages ($(wc -l <"$out/got.txt") lines), same file"
	fi
done <<'RUNS'
test -c test.sgf
test-roun -rounc test.sgf
strict -r strict.sgf
reorder -v reorder.sgf
reorder-z -vz reorder.sgf
mixed-encoding -E2c mixed-encoding.sgf
escaping -tc escaping.sgf
RUNS
exit $bad
