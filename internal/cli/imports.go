package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sgf-toolkit/sgf/check"
	"github.com/sgf-toolkit/sgf/diag"
	"github.com/sgf-toolkit/sgf/formats"
)

// Every command that reads SGF files reads Tygem GIB, WBaduk NGF and
// PandaNet UGF/UGI files too: readInput turns them into SGF (package
// formats) before the command sees them. A file is recognised by its
// content, its extension breaking ties; --from forces a format. Folders
// are walked for *.sgf only, unless --formats all.

// defineImports defines --formats and --from.
func (c *commonFlags) defineImports(fs *flag.FlagSet, which sharedFlag) {
	if which&flagFormats != 0 {
		fs.StringVar(&c.formats, "formats", "sgf", "the files read from folders: `sgf` (*.sgf) or all (*.sgf,\n*.gib, *.ngf, *.ugf, *.ugi); a file named is read whatever it is")
	}
	if which&flagFrom != 0 {
		fs.StringVar(&c.from, "from", "", "read every input as `FORMAT`: sgf, gib (Tygem), ngf (WBaduk) or ugf\n(PandaNet .ugf/.ugi) (default: recognised by content)")
	}
}

// checkImports checks --formats and --from and sets up the reading of
// other formats.
func (c *commonFlags) checkImports(e *env) int {
	switch c.formats {
	case "", "sgf", "all":
	default:
		return e.usageError("--formats %s: want sgf or all", c.formats)
	}
	im := &importer{charset: c.charset, inPlace: c.inPlace, quiet: c.quiet}
	if c.from != "" {
		f, err := formats.ParseFormat(c.from)
		if err != nil {
			return e.usageError("--from %s: %v", c.from, err)
		}
		im.from = f
	}
	if c.defined&(flagFrom|flagFormats) != 0 {
		e.imports = im
	}
	return exitOK
}

// allFormats reports whether folders are walked for every format.
func (c *commonFlags) allFormats() bool { return c.formats == "all" }

// emptyFolder is the message for a folder argument without files to read.
func (c *commonFlags) emptyFolder() string {
	what, which := "no .sgf files", "only *.sgf files are read from folders"
	if c.allFormats() {
		what, which = "no .sgf, .gib, .ngf, .ugf or .ugi files", "only game records are read from folders with --formats all"
	}
	where := "found in this folder"
	if !c.recursive {
		where = "directly in this folder"
	}
	return fmt.Sprintf("%s %s (%s; name a file to read it whatever its extension)", what, where, which)
}

// walkedFile reports whether a folder walk reads the file name: *.sgf, and
// with all the other formats' files too (extensions in any case).
func walkedFile(name string, all bool) bool {
	switch formats.ByExtension(name) {
	case formats.SGF:
		return true
	case formats.GIB, formats.NGF, formats.UGF:
		return all
	}
	return false
}

// An importer turns the inputs of other formats into SGF for readInput.
type importer struct {
	from    formats.Format // --from; Unknown: by content
	charset string         // --charset
	inPlace bool           // --in-place: refuse to write SGF over a file of another format
	quiet   bool

	results sync.Map // input name -> *imported, until printNotes
}

// An imported is what the reading of a file of another format left for
// the command: the result, and the lines to print on standard error.
type imported struct {
	res   *formats.Result
	notes string
}

// read returns src, or its SGF when it is a file of another format. It
// runs on the workers of eachInput: what it has to say (the diagnostics of
// the reading, one line each, "FILE:LINE:COL: severity CODE: message") is
// kept for printNotes, on the goroutine that prints.
func (im *importer) read(e *env, name string, src []byte) ([]byte, error) {
	f := im.from
	if f == formats.Unknown {
		f = formats.Detect(src, name)
	}
	switch f {
	case formats.SGF, formats.Unknown:
		if im.from == formats.SGF {
			if other := formats.Sniff(src); other != formats.SGF && other != formats.Unknown {
				im.results.Store(name, &imported{notes: fmt.Sprintf("sgf %s: %s: this looks like a %s file, read as SGF as --from sgf says (--from %s reads it)\n", e.cmd, name, other.Name(), other)})
			}
		}
		return src, nil
	}
	if im.inPlace {
		return nil, fmt.Errorf("%s file: --in-place would write SGF over it (convert it with 'sgf convert %s -o %s')", f.Name(), name, sgfName(name))
	}
	res, err := formats.Read(src, f, &formats.Options{Charset: im.charset})
	if err != nil {
		why := "by its content"
		switch {
		case im.from != formats.Unknown:
			why = "as --from " + im.from.String() + " says"
		case formats.Sniff(src) == formats.Unknown:
			why = "for its extension " + filepath.Ext(name) + "; its content is no game record this toolkit knows"
		}
		// The file is then read as SGF, which finds no game tree in it:
		// the command reports that as for any other file without one.
		im.results.Store(name, &imported{notes: fmt.Sprintf("sgf %s: %s: %v (read as %s %s)\n", e.cmd, name, err, f.Name(), why)})
		return src, nil
	}
	var b strings.Builder
	if e.cmd == "convert" && !im.quiet {
		fmt.Fprintf(&b, "%s: read as %s, charset %s\n", name, f.Name(), describeCharset(res))
	}
	for _, d := range res.Diagnostics {
		fmt.Fprintf(&b, "%s:%s\n", name, d)
	}
	im.results.Store(name, &imported{res: res, notes: b.String()})
	return res.SGF, nil
}

// printNotes prints what the reading of name had to say, once, and
// forgets it. It must run on the goroutine that prints the results.
func (e *env) printNotes(name string) {
	if e.imports == nil {
		return
	}
	v, ok := e.imports.results.LoadAndDelete(name)
	if !ok {
		return
	}
	if n := v.(*imported).notes; n != "" {
		e.stdout.Flush()
		e.screen.print(e.stderr, n)
	}
}

// importedAs returns the reading of name when it was a file of another
// format, until printNotes.
func (e *env) importedAs(name string) (*formats.Result, bool) {
	if e.imports == nil {
		return nil, false
	}
	v, ok := e.imports.results.Load(name)
	if !ok || v.(*imported).res == nil {
		return nil, false
	}
	return v.(*imported).res, true
}

// describeCharset says which charset an imported file was read in and how
// sure the choice is: "EUC-KR (detected, confidence 0.98)".
func describeCharset(res *formats.Result) string {
	cs := res.Charset
	if cs.Source == "override" {
		return cs.Name + " (--charset)"
	}
	return fmt.Sprintf("%s (detected, confidence %.2f)", cs.Name, cs.Confidence)
}

// sgfName is name with the extension .sgf: where a converted file of
// another format is written.
func sgfName(name string) string {
	if formats.ByExtension(name) == formats.SGF || formats.ByExtension(name) == formats.Unknown {
		return name
	}
	return strings.TrimSuffix(name, filepath.Ext(name)) + ".sgf"
}

// withImport adds to the diagnostics of 'sgf check' on the SGF of a file
// of another format the diagnostics of its reading (S19-S21, at their line
// in the file), which are then not printed again as notes. The rules'
// diagnostics of the SGF keep their place in the SGF the file was read
// as, and say so; C16 on XH, the documented property that keeps the
// header fields, is left out.
func (e *env) withImport(name string, ds diag.List, disabled diag.Set) diag.List {
	res, ok := e.importedAs(name)
	if !ok {
		return ds
	}
	out := make(diag.List, 0, len(res.Diagnostics)+len(ds))
	for _, d := range res.Diagnostics {
		if !disabled[d.Code] {
			out = append(out, d)
		}
	}
	for _, d := range ds {
		if d.Code == check.CodeUnknownProperty && strings.Contains(d.Message, "<XH>") {
			continue
		}
		d.Message += " (in the SGF the " + res.Format.Name() + " file is read as: 'sgf convert' shows it)"
		out = append(out, d)
	}
	e.imports.results.Store(name, &imported{res: res})
	return out
}
