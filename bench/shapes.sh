#!/usr/bin/env bash
# Runs sgf check and sgf fmt on every input shape of issue 14 (the standard
# collection; main lines of 200,000 and 10^6 moves; variations nested 10,000
# and 10^6 deep; 10^6 siblings; a 64 MiB comment; 10,000 files of one game)
# and prints, for each, the whole process's CPU time (user + system, the
# median of COUNT runs, timed by perf stat where it can count, see
# measure) and wall time, the cores it kept busy, and the ratio
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
# taken over the wall time. Then it prints the goals of issue 14 (and the
# training data of issue 19): check against SGFC and the cores it keeps
# busy, fmt against rooklift, each shape with a peer figure, fmt of 10^6
# siblings on one core against two, the replay through sgf.Cursor and the
# training planes, each with its target and the figure over the target.
# -markdown prints both tables for README.md (bench/run.sh -readme puts
# them there).
#
# SGF_PEER_SGFC=PATH runs that SGFC binary on every shape too (the same
# way, each of its runs taken in turn with one of sgf's), and takes the ratio of check over
# the median of those runs instead of the figure recorded in
# bench/peers.tsv: a peer measured on the same machine in the
# same minute. A shape on which SGFC dies of a signal gets no figure; one
# that takes it over a minute of CPU gets ">60" and a ratio that is a
# lower bound. SGFC checks one file a process: the tiny files are 10,000
# processes, timed once (see peer_here). bench/README.md says how SGFC
# 2.0 was built here. SGF_PEER_ROOKLIFT=PATH does the same for fmt with a
# command that parses a file with rooklift/sgf (every game tree, nothing
# else; bench/README.md says how it was built): rooklift-here.
set -euo pipefail
cd "$(dirname "$0")/.."
markdown=0
if [ "${1:-}" = -markdown ]; then
	markdown=1
	shift
fi
count=${1:-3}
. bench/lib.sh
bench_needs bench/shapes.sh
bench_rt
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bench_build "$out/sgf" ./cmd/sgf
bench_build "$out/shapes" ./bench/shapes
"$shared/bench/make-collection" "$out/collection.sgf" >/dev/null
"$out/shapes" -o "$out"

bench_timer

# peer_here NAME BINARY SHAPE PATH [SGF-ARGS...]: "NAME-here SECONDS",
# the median of COUNT runs of the peer's BINARY on the shape (its wall
# time at real-time priority, else its CPU time, as sgf's figure is
# taken), "NAME-here >60" when one run takes over a minute of CPU, or
# nothing when it dies of a signal. Given SGF-ARGS (sgf's command and
# flags), the peer's runs are taken in turn with COUNT runs of sgf
# SGF-ARGS PATH, whose "CPU WALL" (the run with the median CPU time, as
# measure says) it sets in the variable mine: the machine's speed drifts
# by a fifth from one minute to the next here, and runs taken in turn
# meet the same drift; when the peer's run is under 0.1 s, 20 times COUNT
# single runs of each, one by one. The tiny files are one run (not COUNT: 10,000
# processes, 15-60 s here) of the peer on each file, as many at a time as
# there are CPUs (xargs -P: sgf uses every CPU too), in batches of 500
# files a shell so that no exit status of the peer's stops xargs.
peer_here() {
	local name=$1 bin=$2 shape=$3 path=$4 st
	shift 4
	if [ "$shape" = tiny ]; then
		local c w
		read -r c w < <(count=1 long=1 measure sh -c 'find "$1" -name "*.sgf" -print0 | xargs -0 -P "$(nproc)" -n 500 sh -c '"'"'for f; do "$0" "$f" >/dev/null 2>&1; done; exit 0'"'"' "$0"' "$bin" "$path")
		if [ ${#rt[@]} -gt 0 ]; then echo "$name-here $w"; else echo "$name-here $c"; fi
		return
	fi
	# a CPU limit, not a wall one: on a loaded machine without real-time
	# priority the collection's run takes a minute of wall time; SIGXCPU
	# (24) ends a run over 60 s of CPU (the status of the peer as sh saw it)
	st=$("${rt[@]}" sh -c 'ulimit -S -t 60; "$0" "$1" >/dev/null 2>&1; echo $?' "$bin" "$path" 2>/dev/null)
	if [ "$st" = $((128 + 24)) ]; then
		echo "$name-here >60"
		return
	fi
	if [ "$st" -ge 128 ]; then
		echo "bench/shapes.sh: $name died of signal $((st - 128)) on $shape: no peer figure" >&2
		return
	fi
	# A peer's run under 0.1 s (nested-10k): 20 times COUNT single runs
	# of each, taken in turn one by one, and their medians, not COUNT
	# means of 20 runs in a row, each program's block of 20 met by a
	# drift of the machine's speed that the other's did not meet.
	local c w ours=() theirs=() rounds=$count one=
	"${rt[@]}" /usr/bin/time -f '%e' -o "$out/time" "$bin" "$path" >/dev/null 2>&1 || true
	if tail -1 "$out/time" | awk '{ exit !($1 < 0.1) }'; then
		rounds=$((count * 20)) one=1
	fi
	for _ in $(seq "$rounds"); do
		if [ $# -gt 0 ]; then
			ours+=("$(count=1 single=$one measure "$out/sgf" "$@" "$path")")
		fi
		read -r c w < <(count=1 single=$one measure "$bin" "$path")
		if [ ${#rt[@]} -gt 0 ]; then theirs+=("$w"); else theirs+=("$c"); fi
	done
	if [ $# -gt 0 ]; then
		printf '%s\n' "${ours[@]}" | median_run >"$out/mine"
	fi
	echo "$name-here $(median "${theirs[@]}")"
}

if [ $markdown = 1 ]; then
	echo "| input | bytes | command | CPU s | wall s | cores | peer | peer s | ratio |"
	echo "|---|---:|---|---:|---:|---:|---|---:|---:|"
else
	echo "== $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), ${SGF_BENCH_RT:+real-time priority, }median of $count runs; timed by $timerhow"
	printf '%-12s %10s %-6s %7s %7s %5s  %-9s %7s %7s\n' input bytes cmd cpu_s wall_s cores peer peer_s ratio
fi
declare -A cpus walls coress ratios
for shape in collection line-200k line-1m nested-10k nested-1m wide-1m comment-64m tiny; do
	path=$out/$shape.sgf
	[ "$shape" = tiny ] && path=$out/tiny
	bytes=$(du -sb --apparent-size "$path" | cut -f1)
	for cmd in check fmt; do
		args=("$cmd")
		[ "$cmd" = check ] && args+=(--quiet)
		peer=$(awk -F'\t' -v s="$shape" -v c="$cmd" '!/^#/ && $1 == s && $2 == c { print $3, $5 }' bench/peers.tsv)
		peerbin=
		[ "$cmd" = check ] && peerbin=${SGF_PEER_SGFC:-} && peername=SGFC
		[ "$cmd" = fmt ] && peerbin=${SGF_PEER_ROOKLIFT:-} && peername=rooklift
		rm -f "$out/mine"
		if [ -n "$peerbin" ] && [ "$shape" != tiny ]; then
			# sgf's runs in turn with the peer's (peer_here)
			peer=$(peer_here "$peername" "$peerbin" "$shape" "$path" "${args[@]}")
		elif [ -n "$peerbin" ]; then
			peer=$(peer_here "$peername" "$peerbin" "$shape" "$path")
		fi
		if [ -s "$out/mine" ]; then
			read -r cpu wall <"$out/mine"
		else
			read -r cpu wall < <(measure "$out/sgf" "${args[@]}" "$path")
		fi
		cores=$(awk -v c="$cpu" -v w="$wall" 'BEGIN { if (w > 0 && c > 0) printf "%.2f", c / w; else print "-" }')
		name=- psec=- ratio=-
		if [ -n "$peer" ]; then
			read -r name psec <<<"$peer"
			mine=$cpu
			[ ${#rt[@]} -gt 0 ] && mine=$wall
			# two decimals below 10: a shape at 0.96 of its peer is not 1.0
			# a peer's ">60" (it did not finish) makes the ratio a lower bound
			ratio=$(awk -v p="$psec" -v m="$mine" 'BEGIN { gt = sub(/^>/, "", p); if (m <= 0) print "-"; else if (p / m < 10) printf "%s%.2f", gt ? ">" : "", p / m; else printf "%s%.1f", gt ? ">" : "", p / m }')
		fi
		cpus[$shape:$cmd]=$cpu walls[$shape:$cmd]=$wall coress[$shape:$cmd]=$cores ratios[$shape:$cmd]=$ratio
		if [ $markdown = 1 ]; then
			echo "| $shape | $bytes | \`sgf $cmd\` | $cpu | $wall | $cores | $name | $psec | $ratio |"
		else
			printf '%-12s %10s %-6s %7s %7s %5s  %-9s %7s %7s\n' "$shape" "$bytes" "$cmd" "$cpu" "$wall" "$cores" "$name" "$psec" "$ratio"
		fi
	done
done
if [ $markdown = 1 ]; then
	echo
	echo "Each figure is the median of $count runs, timed by $timerhow; where a peer's run is under 0.1 s (nested-10k), the median of $((count * 20)) single runs of each, taken in turn one by one."
fi

# The goals of issue 14, each with the figure measured above or here, its
# target and the figure over the target (>= 1: met). Rates are per second
# of CPU time, or of wall time at real-time priority (SGF_BENCH_RT=1).
go test -c -o "$out/sgf.test" . >/dev/null
go test -c -o "$out/training.test" ./bench/training >/dev/null
# rate TESTBINARY BENCH UNIT: the median over COUNT runs of the benchmark's
# UNIT/cpu-s (UNIT/s at real-time priority), one CPU.
rate() {
	local unit=$3/cpu-s
	[ ${#rt[@]} -gt 0 ] && unit=$3/s
	local vals
	vals=$(cd "$4" && SGF_BENCH_COLLECTION=$out/collection.sgf "${rt[@]}" "$1" -test.run '^$' -test.bench "$2" -test.cpu 1 -test.benchtime 2s -test.count "$count" 2>/dev/null |
		awk -v u="$unit" '{ for (i = 2; i <= NF; i++) if ($i == u) print $(i-1) }')
	# shellcheck disable=SC2086
	median $vals
}
goal() { # NAME FIGURE TARGET UNIT: one line of the goals
	local r
	r=$(awk -v f="$2" -v t="$3" 'BEGIN { gt = sub(/^>/, "", f); if (f != "-" && t > 0) printf "%s%.2f", gt ? ">" : "", f / t; else print "-" }')
	if [ $markdown = 1 ]; then
		echo "| $1 | $2$4 | $3$4 | $r |"
	else
		printf '%-58s %12s %12s %6s\n' "$1" "$2$4" "$3$4" "$r"
	fi
}
# fmt of wide-1m on one core over two: the wall times of runs on one
# core and on two taken in turn (COUNT of each, at least 5), the medians'
# ratio. Wall time whatever SGF_BENCH_RT says: two cores do more work
# than one (the groups' buffers, their hand-over), and what they can gain
# is time; run in turn, a change of the machine's load falls on both.
onew=() twow=()
for _ in $(seq $((count > 5 ? count : 5))); do
	read -r _ w < <(count=1 GOMAXPROCS=1 measure "$out/sgf" fmt "$out/wide-1m.sgf")
	onew+=("$w")
	read -r _ w < <(count=1 measure "$out/sgf" fmt "$out/wide-1m.sgf")
	twow+=("$w")
done
widefig=$(awk -v a="$(median "${onew[@]}")" -v b="$(median "${twow[@]}")" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
replaykgs=$(rate "$out/sgf.test" 'BenchmarkReplay$/kgs' moves .)
replayfox=$(rate "$out/sgf.test" 'BenchmarkReplay$/fox' moves .)
planes=$(rate "$out/training.test" 'BenchmarkTrainingPlanes$' positions bench/training)
if [ $markdown = 1 ]; then
	echo
	echo "| goal (issue 14; training data: issue 19) | measured | target | measured / target |"
	echo "|---|---:|---:|---:|"
else
	echo "== the goals: measured, target, measured / target (>= 1: met)"
fi
goal "\`sgf check\` on the collection against SGFC" "${ratios[collection:check]}" 60 "×"
goal "cores busy in \`sgf check\` on the collection (2 CPUs)" "${coress[collection:check]}" 1.8 ""
goal "\`sgf fmt\` on the collection against rooklift's parse" "${ratios[collection:fmt]}" 8 "×"
for shape in line-200k line-1m nested-10k nested-1m wide-1m comment-64m tiny; do
	for cmd in check fmt; do
		peer=$(awk -F'\t' -v s="$shape" -v c="$cmd" '!/^#/ && $1 == s && $2 == c { print $3 }' bench/peers.tsv)
		[ "$cmd" = check ] && [ -n "${SGF_PEER_SGFC:-}" ] && peer=SGFC-here
		[ "$cmd" = fmt ] && [ -n "${SGF_PEER_ROOKLIFT:-}" ] && peer=rooklift-here
		[ -n "$peer" ] && [ "${ratios[$shape:$cmd]:--}" != - ] || continue
		goal "\`sgf $cmd\` on $shape against $peer" "${ratios[$shape:$cmd]}" 1 "×"
	done
done
goal "\`sgf fmt\` on wide-1m: one core's time over two cores'" "$widefig" 1 ""
goal "replay through \`sgf.Cursor\`, KGS (moves per second)" "$(awk -v v="$replaykgs" 'BEGIN { printf "%.1fM", v / 1e6 }')" 20M ""
goal "replay through \`sgf.Cursor\`, Fox (moves per second)" "$(awk -v v="$replayfox" 'BEGIN { printf "%.1fM", v / 1e6 }')" 20M ""
goal "training data: \`Cursor.AppendPlanes\` (positions per second)" "$(awk -v v="$planes" 'BEGIN { printf "%.2fM", v / 1e6 }')" 5M ""
