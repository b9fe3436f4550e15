package cli

import (
	"bytes"
	"fmt"
	"slices"
)

// unifiedDiff returns the differences between old and new as a unified
// diff of one hunk ("diff -u" format, as gofmt -d prints): the lines from
// the first that differs to the last that differs, with up to three lines
// of context around them. It takes time linear in the size of the texts
// (no smallest edit script is searched: the hunk is correct, possibly
// longer than diff's). It returns nil when old and new are equal.
func unifiedDiff(name string, old, new []byte) []byte {
	if bytes.Equal(old, new) {
		return nil
	}
	a, b := slices.Collect(bytes.Lines(old)), slices.Collect(bytes.Lines(new))
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	const context = 3
	start := max(pre-context, 0)
	endA := min(len(a)-suf+context, len(a))
	endB := min(len(b)-suf+context, len(b))
	var out bytes.Buffer
	fmt.Fprintf(&out, "diff -u %s.orig %s\n--- %s.orig\n+++ %s\n", name, name, name, name)
	fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(start, endA-start), hunkRange(start, endB-start))
	line := func(prefix byte, l []byte) {
		out.WriteByte(prefix)
		out.Write(l)
		if len(l) == 0 || l[len(l)-1] != '\n' {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
	for _, l := range a[start:pre] {
		line(' ', l)
	}
	for _, l := range a[pre : len(a)-suf] {
		line('-', l)
	}
	for _, l := range b[pre : len(b)-suf] {
		line('+', l)
	}
	for _, l := range a[len(a)-suf : endA] {
		line(' ', l)
	}
	return out.Bytes()
}

// hunkRange writes the range of a hunk: "start,count" from line 1 (start
// is the line before when count is 0, as diff does).
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}
