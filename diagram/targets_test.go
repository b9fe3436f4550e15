package diagram_test

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestGoldenTargets runs the golden tests of the encoders (diagram/...)
// built for other targets, against the same golden files: the pictures
// are byte-stable across platforms only if these pass.
//
//   - GOARCH=386: no SIMD in x/image/vector, 32-bit integers;
//   - GOAMD64=v3: Go fuses x*y+z into FMA instructions, as on arm64 (when
//     the CPU has them);
//   - GOARCH=arm64 under qemu-aarch64 (Debian's qemu-user), when it is
//     installed; SGF_REQUIRE_QEMU=1 (set by .ci/run) makes it required.
//
// TestGolden draws at 320 pixels; png's TestGoldenLarge at 1000, where
// x/image/vector accumulates board-sized shapes in floating point.
//
// Before package png rounded its coordinates and flattened its curves
// itself, 13 of its 27 golden pictures differed under GOAMD64=v3.
func TestGoldenTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the encoders for other targets (-short)")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("runs the other targets from linux/amd64 only")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to build the other targets")
	}
	cpu, _ := os.ReadFile("/proc/cpuinfo")
	hasV3 := true
	for _, f := range []string{" avx2", " fma", " bmi2", " movbe", " f16c", " abm"} {
		hasV3 = hasV3 && strings.Contains(string(cpu), f)
	}
	qemu, qerr := exec.LookPath("qemu-aarch64")
	targets := []struct {
		name string
		env  []string
		args []string
		skip string
	}{
		{"386", []string{"GOARCH=386"}, nil, ""},
		{"amd64-v3", []string{"GOAMD64=v3"}, nil, map[bool]string{false: "the CPU has no x86-64-v3 (FMA, AVX2)"}[hasV3]},
		{"arm64", []string{"GOARCH=arm64"}, []string{"-exec", qemu}, map[bool]string{false: "no qemu-aarch64 (apt-get install qemu-user)"}[qerr == nil]},
	}
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			if tg.skip != "" {
				if tg.name == "arm64" && os.Getenv("SGF_REQUIRE_QEMU") == "1" {
					t.Fatalf("SGF_REQUIRE_QEMU=1: %s", tg.skip)
				}
				t.Skip(tg.skip)
			}
			args := append([]string{"test", "-count=1", "-run", "^TestGolden(Large)?$"}, tg.args...)
			args = append(args, "./diagram/...")
			cmd := exec.Command(goBin, args...)
			cmd.Dir = ".."
			cmd.Env = append(os.Environ(), tg.env...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s go test: %v\n%s", strings.Join(tg.env, " "), err, out)
			}
		})
	}
}
