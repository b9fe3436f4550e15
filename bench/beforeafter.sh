#!/usr/bin/env bash
# Before and after, in one run on one machine: times this checkout's sgf
# and the sgf of a base commit (default 32d9365, the last commit before the
# work of issue 14, which is also issue 12's base) on every input shape of
# issue 14 (bench/shapes), sgf check --quiet and sgf fmt, and the replay
# through sgf.Cursor (BenchmarkReplay, KGS and Fox sets) with each
# commit's test binary. Base and new are run in turn, COUNT rounds (each
# round one measure of each, see measure in bench/lib.sh), so that a change
# of the machine's load falls on both. Prints, for each row, the medians
# for the base and for this checkout and base over new (> 1: faster now):
# CPU and wall seconds for the commands, moves per second for the replay.
#
# Usage: bench/beforeafter.sh [-markdown] [COUNT] [BASE]   (needs ../shared)
#
# SGF_BENCH_RT=1 (root only) runs every command at real-time priority
# (chrt -f 10), so that wall times on a busy machine are those of a quiet
# one. The tiny files (10,000 files of one game) are one sgf check or fmt
# of the folder, as a user runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
markdown=0
if [ "${1:-}" = -markdown ]; then
	markdown=1
	shift
fi
count=${1:-3}
base=${2:-32d9365}
. bench/lib.sh
bench_needs bench/beforeafter.sh
bench_rt
bench_timer
out=$(mktemp -d)
cleanup() {
	git worktree remove --force "$out/b/base" 2>/dev/null || true
	rm -rf "$out"
}
trap cleanup EXIT
# The base's tests find ../shared next to their module, as ours do.
mkdir "$out/b"
ln -s "$(cd "$shared" && pwd)" "$out/b/shared"
git worktree add --detach -q "$out/b/base" "$base"
bench_build "$out/sgf-new" ./cmd/sgf
go test -c -o "$out/new.test" . >/dev/null
(cd "$out/b/base" && bench_build "$out/sgf-base" ./cmd/sgf && go test -c -o "$out/base.test" . >/dev/null)
bench_build "$out/shapes" ./bench/shapes
"$shared/bench/make-collection" "$out/collection.sgf" >/dev/null
"$out/shapes" -o "$out"

row() { # NAME BASE NEW UNIT SENSE: one line; SENSE time (base/new) or rate (new/base)
	local r
	r=$(awk -v b="$2" -v n="$3" -v s="$5" 'BEGIN { if (b <= 0 || n <= 0) print "-"; else printf "%.2f", s == "time" ? b / n : n / b }')
	if [ $markdown = 1 ]; then
		echo "| $1 | $2$4 | $3$4 | $r |"
	else
		printf '%-44s %12s %12s %6s\n' "$1" "$2$4" "$3$4" "$r"
	fi
}
if [ $markdown = 1 ]; then
	echo "| figure | $base | $(git rev-parse --short HEAD) | speed-up |"
	echo "|---|---:|---:|---:|"
else
	echo "== $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), ${SGF_BENCH_RT:+real-time priority, }median of $count alternated runs; timed by $timerhow"
	printf '%-44s %12s %12s %6s\n' figure "$base" "$(git rev-parse --short HEAD)" speedup
fi
for shape in collection line-200k line-1m nested-10k nested-1m wide-1m comment-64m tiny; do
	path=$out/$shape.sgf
	[ "$shape" = tiny ] && path=$out/tiny
	for cmd in check fmt; do
		args=("$cmd")
		[ "$cmd" = check ] && args+=(--quiet)
		declare -A c=() w=()
		for v in base new; do
			c[$v]="" w[$v]=""
		done
		for _ in $(seq "$count"); do
			for v in base new; do
				read -r cpu wall < <(count=1 measure "$out/sgf-$v" "${args[@]}" "$path")
				c[$v]+=" $cpu" w[$v]+=" $wall"
			done
		done
		# shellcheck disable=SC2086
		row "sgf $cmd $shape, CPU" "$(median ${c[base]})" "$(median ${c[new]})" " s" time
		# shellcheck disable=SC2086
		row "sgf $cmd $shape, wall" "$(median ${w[base]})" "$(median ${w[new]})" " s" time
	done
done
# The replay: moves per second of wall time (the base's benchmark reports
# no other rate; run with SGF_BENCH_RT=1 on a busy machine), one CPU, each
# test binary run from its own checkout.
unit=moves/s
for set in kgs fox; do
	declare -A m=([base]="" [new]="")
	for _ in $(seq "$count"); do
		for v in base new; do
			dir=.
			[ $v = base ] && dir=$out/b/base
			m[$v]+=" $(cd "$dir" && "${rt[@]}" "$out/$v.test" -test.run '^$' -test.bench "BenchmarkReplay\$/$set" -test.cpu 1 -test.benchtime 2s 2>/dev/null |
				awk -v u="$unit" '{ for (i = 2; i <= NF; i++) if ($i == u) print $(i-1) }')"
		done
	done
	# shellcheck disable=SC2086
	b=$(median ${m[base]}) n=$(median ${m[new]})
	row "replay through sgf.Cursor, $set (moves/s)" "$(awk -v v="$b" 'BEGIN { printf "%.1fM", v / 1e6 }')" "$(awk -v v="$n" 'BEGIN { printf "%.1fM", v / 1e6 }')" "" rate
done
