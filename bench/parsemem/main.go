// Command parsemem parses one SGF file with package syntax and reports the
// time and the peak memory (maximum resident set size) of the process, so
// that the figures in bench/README.md can be measured again:
//
//	go run ./bench/parsemem [-mode parse|check|walk|format|stream] FILE
//
// parse builds the lossless tree; walk also reads every property and value
// of every node; check runs syntax.Check (no tree); format prints the
// canonical form; stream reads game by game with syntax.Reader.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/sgf-toolkit/sgf/internal/sgftest"
	"github.com/sgf-toolkit/sgf/syntax"
)

func main() {
	mode := flag.String("mode", "parse", "parse, walk, check, format or stream")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: parsemem [-mode parse|walk|check|format|stream] FILE")
		os.Exit(2)
	}
	name := flag.Arg(0)
	start := time.Now()
	var size int64
	var trees, nodes, values int
	switch *mode {
	case "stream":
		fh, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		r := syntax.NewReader(fh, nil)
		for {
			t, err := r.Next()
			if t != nil {
				trees++
				nodes += t.NumNodes()
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				break
			}
		}
		st, _ := fh.Stat()
		size = st.Size()
	default:
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		size = int64(len(src))
		start = time.Now()
		switch *mode {
		case "check":
			ds := syntax.Check(src, nil)
			values = len(ds)
		default:
			f, _ := syntax.Parse(src, nil)
			trees = len(f.Trees)
			for _, t := range f.Trees {
				nodes += t.NumNodes()
			}
			switch *mode {
			case "walk":
				// The allocation-free way: reused buffers.
				var props []syntax.Property
				var vals []syntax.Value
				for _, t := range f.Trees {
					for i := range t.NumNodes() {
						props = t.Node(i).AppendProps(props[:0])
						for _, p := range props {
							vals = p.AppendValues(vals[:0])
							values += len(vals)
						}
					}
				}
			case "format":
				values = len(syntax.Format(f))
			}
			runtime.KeepAlive(f)
		}
	}
	el := time.Since(start)
	peak := sgftest.PeakRSS()
	fmt.Printf("mode=%s bytes=%d trees=%d nodes=%d values=%d time=%v MB/s=%.0f peakRSS=%.1fMB peak/input=%.2f\n",
		*mode, size, trees, nodes, values, el.Round(time.Millisecond), float64(size)/1e6/el.Seconds(),
		float64(peak)/1e6, float64(peak)/float64(size))
}
