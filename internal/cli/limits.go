package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sgf-toolkit/sgf/syntax"
)

// limitFlags are --max-bytes, --max-nodes, --max-value and --max-depth:
// the limits of the parser (syntax.Options) for hostile or broken input.
// A file that passes one is read up to it: the parse stops there with the
// fatal diagnostic S17, which every command reports.
type limitFlags struct {
	bytes, value sizeFlag
	nodes, depth int
}

func (l *limitFlags) define(fs *flag.FlagSet) {
	l.bytes = sizeFlag(syntax.DefaultMaxBytes)
	l.value = sizeFlag(syntax.DefaultMaxValueBytes)
	fs.Var(&l.bytes, "max-bytes", "read at most `SIZE` bytes of a file (with K, M or G: KiB, MiB,\nGiB; at most 3G); the rest is not read (S17)")
	fs.IntVar(&l.nodes, "max-nodes", syntax.DefaultMaxNodes, "read at most `N` nodes of a game tree (S17 after them)")
	fs.Var(&l.value, "max-value", "read property values of at most `SIZE` bytes (S17 at a longer one)")
	fs.IntVar(&l.depth, "max-depth", syntax.DefaultMaxDepth, "read variations nested at most `N` deep (S17 deeper)")
}

// check reports a limit that is no limit.
func (l *limitFlags) check(e *env) int {
	switch {
	case l.bytes <= 0 || int64(l.bytes) > 3*syntax.DefaultMaxBytes:
		return e.usageError("--max-bytes %s: give a size from 1 to 3G", l.bytes.String())
	case l.value <= 0:
		return e.usageError("--max-value %s: give a size of at least 1", l.value.String())
	case l.nodes <= 0:
		return e.usageError("--max-nodes %d: give a number of at least 1", l.nodes)
	case l.depth <= 0:
		return e.usageError("--max-depth %d: give a number of at least 1", l.depth)
	}
	return exitOK
}

// apply puts the limits into o.
func (l *limitFlags) apply(o *syntax.Options) {
	if l.bytes == 0 { // not defined for this command
		return
	}
	o.MaxBytes, o.MaxValueBytes, o.MaxNodes, o.MaxDepth = int64(l.bytes), int(l.value), l.nodes, l.depth
}

// sizeFlag is a number of bytes, written with an optional K, M or G
// (powers of 1024).
type sizeFlag int64

// sizeUnits are the units of a sizeFlag.
var sizeUnits = []struct {
	suffix string
	size   int64
}{{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}}

func (s *sizeFlag) String() string {
	n := int64(*s)
	for _, u := range sizeUnits {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

func (s *sizeFlag) Set(v string) error {
	mult := int64(1)
	t := strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(v)), "B")
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			mult, t = u.size, rest
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return fmt.Errorf("%q is no size (a number of bytes, with K, M or G)", v)
	}
	*s = sizeFlag(n * mult)
	return nil
}

// readLimited reads the file name, at most limit+1 bytes of it (limit <= 0:
// all): a file above --max-bytes is not held whole, and the parse of what
// was read stops at the limit with S17.
func readLimited(name string, limit int64) ([]byte, error) {
	if limit <= 0 {
		return readFile(name)
	}
	info, err := os.Stat(name)
	if err != nil || info.Size() <= limit {
		return readFile(name)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}
