# Shared by the bench/ scripts (sourced, from the repository's root).
#
# bench_needs NAME: exits 2 with a message naming the script NAME when
# ../shared/bench/make-collection or GNU time is missing.
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

bench_rt() {
	rt=()
	if [ "${SGF_BENCH_RT:-}" = 1 ]; then
		rt=(chrt -f 10)
	fi
}
