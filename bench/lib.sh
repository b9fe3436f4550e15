# Shared by the bench/ scripts (sourced, from the repository's root).
#
# bench_needs NAME: exits 2 with a message naming the script NAME when
# ../shared/bench/make-collection or GNU time is missing.
# bench_timer and measure (below): how the scripts time a command.
# bench_build (below): how they build the commands they time.
# bench_rt: sets the array rt to the command prefix of real-time priority
# (chrt -f 10) when SGF_BENCH_RT=1, else to nothing. Only built binaries
# run under it, never the Go toolchain.
shared=../shared

bench_needs() {
	if [ ! -x "$shared/bench/make-collection" ]; then
		echo "$1: $shared/bench/make-collection is absent" >&2
		exit 2
	fi
	if [ ! -x /usr/bin/time ]; then
		echo "$1: /usr/bin/time is missing (apt-get install time)" >&2
		exit 2
	fi
}

# bench_build OUT PKG: builds the command PKG into OUT as go install
# installs it, a copy of the file the linker wrote. The linker writes its
# output through a memory map; run from that file, a process starts about
# a millisecond later than from a copy (measured here: sgf check of
# nested-10k 9.2 ms against 8.2, sgf version 11.5 against 9.7, page
# faults and CPU time alike), which is a tenth of a small file's time.
bench_build() {
	go build -o "$1.linked" "$2"
	cp "$1.linked" "$1"
	rm -f "$1.linked"
}

bench_rt() {
	rt=()
	if [ "${SGF_BENCH_RT:-}" = 1 ]; then
		rt=(chrt -f 10)
	fi
}

# bench_timer: sets timer and timerhow for measure. Each run is timed by
# perf stat: CPU (task-clock) and wall (duration_time) counted in
# nanoseconds from the command's exec to its exit. A command done in under
# 0.1 s (one probe run) is run 20 times a run (perf stat -r 20, the
# means). Without perf (or where it may not count, as
# perf_event_paranoid decides) /usr/bin/time times the runs, in ticks of
# 10 ms: a run under 0.1 s is then 20 runs in a row timed together and
# divided by 20, which also counts the loop's forks (about a millisecond a
# run here: nested-10k's check read 0.0195 s that way, 0.016 s by perf
# stat).
bench_timer() {
	timer=time
	if command -v perf >/dev/null && perf stat -x, -o /dev/null -e task-clock,duration_time true >/dev/null 2>&1; then
		timer=perf
	fi
	if [ $timer = perf ]; then
		timerhow="perf stat (task-clock, duration_time), a run under 0.1 s by perf stat -r 20, one under 1 s by perf stat -r 5 (the means)"
	else
		timerhow="/usr/bin/time (10 ms ticks), a run under 0.1 s as 20 runs in a row, divided by 20, one under 1 s as 5 runs (the loop's forks included)"
	fi
}

# measure CMD...: prints "CPU WALL" in seconds, the run with the median CPU
# time of $count runs, timed as bench_timer says (needs bench_timer, rt and
# the folder $out); a run under 1 s is the mean of 5 runs in a row, one
# under 0.1 s of 20. long=1: the caller knows a run takes over 1 s.
# single=1: each run is one run of CMD, its figures to 0.1 ms, whatever
# it takes (peer_here takes short runs one by one, in turn with the
# peer's).
measure() {
	local reps=1 fmt='%.3f %.3f\n'
	if [ "${single:-}" = 1 ]; then
		fmt='%.4f %.4f\n'
	# the probe run (is it under 0.1 s?), unless the caller knows it is not
	elif [ "${long:-}" != 1 ]; then
		"${rt[@]}" /usr/bin/time -f '%e' -o "$out/time" "$@" >/dev/null 2>&1 || true
		if tail -1 "$out/time" | awk '{ exit !($1 < 0.1) }'; then
			reps=20 fmt='%.4f %.4f\n'
		elif tail -1 "$out/time" | awk '{ exit !($1 < 1) }'; then
			# a tenth of a second: one run is one sample of a
			# machine whose speed drifts from second to second
			reps=5 fmt='%.4f %.4f\n'
		fi
	fi
	for _ in $(seq "$count"); do
		if [ $timer = perf ]; then
			"${rt[@]}" perf stat -r "$reps" -x, -o "$out/perf" -e task-clock,duration_time "$@" >/dev/null 2>&1 || true
			awk -F, -v f="$fmt" '$3 == "task-clock" { c = $1 / 1e3 } $3 == "duration_time" { w = $1 / 1e9 } END { printf f, c, w }' "$out/perf"
			continue
		fi
		"${rt[@]}" /usr/bin/time -f '%U %S %e' -o "$out/time" \
			sh -c 'n=$1; shift; i=0; while [ "$i" -lt "$n" ]; do "$@" >/dev/null 2>&1; i=$((i + 1)); done' sh "$reps" "$@" >/dev/null 2>&1 || true
		tail -1 "$out/time" | awk -v r="$reps" -v f="$fmt" '{ printf f, ($1 + $2) / r, $3 / r }'
	done | median_run
}

# median_run: of the lines "CPU WALL" on its input, the one with the
# median CPU time.
median_run() { sort -g | awk '{ c[NR] = $1; w[NR] = $2 } END { m = int((NR + 1) / 2); print c[m], w[m] }'; }

# median VALUES...: the median of the numbers given.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
