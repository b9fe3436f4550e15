package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/index"
)

func init() {
	register(&command{
		name:    "index",
		summary: "index collections for sgf search: games, positions, patterns (SQLite or PostgreSQL)",
		usage:   "index [flags] PATH...\n  or: index export --parquet DIR [--db FILE]",
		doc: `Index reads every *.sgf file below the PATHs into an index that sgf search
queries: for each game tree its game information (players, with a search
key: NFKC-normalised and case-folded; ranks; date as a first and a last day;
result as winner, margin and kind; komi, handicap, size, rules, event, round,
place, program, charset, number of moves), the signature sgf dupes uses, the
hash of the final position, the words of its comments, game names, events
and places (full-text search), every position of the main line as a 64-bit
Zobrist hash made canonical over the 8 symmetries of the board (kept by its
top 48 bits; candidates are verified by replay), the points
where a black or a white stone ever stood, and the moves with their captures.
With --variations every node of each game tree is indexed, not only the
main line: searches then find positions and patterns in variations, and
name such a node by its path (60.1.3), which sgf show --node, sgf render
and the viewer take. --corners and --variations are properties of the
index: they are chosen when it is made, and later runs keep them.

The index is an SQLite file (--db FILE; default: $SGF_DB, else sgf.db beside
the first PATH), or a PostgreSQL database (--db postgres://user@host/db), in
which a club or a server shares one index.

Indexing again is incremental: new files are added, files whose size, time
and content changed are read again, unchanged ones are skipped, and files
below a PATH given that are gone from the disk are dropped. Files are read
in parallel; each is written in a transaction, so an interrupted run leaves
a consistent index and the next run goes on. A broken file is indexed as
far as it reads, and its diagnostics are counted.

An index made by an earlier version of sgf (schema versions 3 to 8) is
searched as it is; "sgf index" on one of version 8 first turns its game data
into runs of games (version 9), which the search of patterns reads with
about a quarter of the CPU. A database of another program, or of a schema
version this sgf does not read (below 3, or newer), is refused with a
one-line error.

"sgf index export --parquet DIR" writes the games and positions tables as
Parquet files (DIR/games/size=N/part-0.parquet, DIR/positions/part-K.parquet)
for DuckDB, Spark or ClickHouse (a position's hash there is the top 48 bits
of the canonical hash, as the index keeps it).

With --json the summary is one object: {"db": ..., "files": N, "added": N,
"changed": N, "unchanged": N, "removed": N, "games": N, "positions": N,
"diagnostics": N, "broken": N}.`,
		examples: `$ sgf index games/                     # makes games/sgf.db
$ sgf index --db pro.db pro/ kgs/
$ sgf index --corners --db joseki.db pro/   # corner positions too
$ sgf index --variations --db study.db commented/   # variations too
$ sgf index --db postgres://localhost/go games/
$ sgf index export --parquet out/ --db pro.db`,
		exit: `0  the index is up to date (broken files included)
2  usage error, or the index could not be opened or written`,
		shared: flagRecursive | flagJobs | flagQuiet | flagJSON | flagCharset | flagFormats,
		setup:  setupIndex,
	})
}

// defaultDB returns the index named by --db, else $SGF_DB, else sgf.db
// beside the first path (in it, for a folder).
func defaultDB(db string, paths []string) string {
	if db != "" {
		return db
	}
	if env := os.Getenv("SGF_DB"); env != "" {
		return env
	}
	if len(paths) == 0 {
		return "sgf.db"
	}
	p := filepath.Clean(paths[0])
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return filepath.Join(p, "sgf.db")
	}
	return filepath.Join(filepath.Dir(p), "sgf.db")
}

func setupIndex(fs *flag.FlagSet, common *commonFlags) func(*env, []string) int {
	dbFlag := fs.String("db", "", "the index: an SQLite `FILE`, or a postgres:// URL (default: $SGF_DB,\nelse sgf.db beside the first PATH)")
	parquet := fs.String("parquet", "", "with export: write Parquet files to `DIR`")
	variations := fs.Bool("variations", false, "keep the positions of every node of each game tree, not only the main\nline's: searches find positions and patterns in variations too (hits\nname the node by its path, such as 60.1.3); only for a new index")
	corners := fs.Bool("corners", false, "keep the positions of the 7x7 corner regions too, with their\ncontinuations (exact corner patterns are then found and counted by hash;\nthe database grows by about a third); only for a new index")
	return func(e *env, args []string) int {
		if len(args) > 0 && args[0] == "export" {
			return runExport(e, defaultDB(*dbFlag, nil), *parquet, args[1:])
		}
		if *parquet != "" {
			return e.usageError("--parquet goes with export: sgf index export --parquet DIR")
		}
		if len(args) == 0 {
			return e.usageError("no PATH given")
		}
		var files []string
		w := common.walker(args)
		for {
			in, ok := w.next()
			if !ok {
				break
			}
			switch {
			case isStdin(in.name):
				return e.usageError("index reads files, not standard input")
			case in.err != nil:
				return e.failf("%s: %s", in.name, describeError(in.err))
			case in.empty:
				if !common.quiet {
					e.errorf("%s: no .sgf files", in.name)
				}
			default:
				files = append(files, in.name)
			}
		}
		name := defaultDB(*dbFlag, args)
		db, err := index.Open(name, true)
		if err != nil {
			return e.failf("%v", err)
		}
		defer db.Close()
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		e.screen.startProgress("index", common.quiet || common.json)
		e.screen.setTotal(int64(len(files)))
		opts := &index.UpdateOptions{Workers: common.workers(), Corners: *corners, Variations: *variations, Progress: func(done, total int, path string) {
			e.screen.fileDone()
		}}
		if common.charset != "" {
			opts.Read = &sgf.ReadOptions{Charset: common.charset}
		}
		start := time.Now()
		st, err := db.Update(ctx, files, args, opts)
		e.screen.stopProgress()
		if err != nil {
			if errors.Is(err, context.Canceled) {
				e.errorf("interrupted: the index holds the files written so far; run again to go on")
			} else {
				e.errorf("%v", err)
			}
			return exitFailure
		}
		if common.json {
			b, _ := json.Marshal(map[string]any{"db": name, "files": st.Files, "added": st.Added, "changed": st.Changed,
				"unchanged": st.Unchanged, "removed": st.Removed, "games": st.Games, "positions": st.Positions,
				"diagnostics": st.Diagnostics, "broken": st.Broken})
			e.stdout.Write(append(b, '\n'))
		} else if !common.quiet {
			e.errorf("%s: %d files (%d new, %d changed, %d unchanged, %d removed): %d games, %d positions written; %d diagnostics, %d broken files; %.1fs",
				name, st.Files, st.Added, st.Changed, st.Unchanged, st.Removed, st.Games, st.Positions, st.Diagnostics, st.Broken, time.Since(start).Seconds())
		}
		return exitOK
	}
}

func runExport(e *env, name, dir string, args []string) int {
	if dir == "" {
		return e.usageError("export needs --parquet DIR")
	}
	if len(args) > 0 {
		return e.usageError("export takes no PATH (the index is --db FILE)")
	}
	db, err := index.Open(name, false)
	if err != nil {
		return e.failf("%v", err)
	}
	defer db.Close()
	st, err := db.ExportParquet(context.Background(), dir)
	if err != nil {
		return e.failf("%v", err)
	}
	fmt.Fprintf(e.stdout, "%s: %d games, %d positions in %d files\n", dir, st.Games, st.Positions, st.Files)
	return exitOK
}
