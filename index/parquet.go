package index

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
)

// ExportStats says what ExportParquet wrote.
type ExportStats struct{ Games, Positions, Files int }

// GameRow is a row of the games table as ExportParquet writes it.
type GameRow struct {
	ID         int64    `parquet:"id,delta"`
	File       string   `parquet:"file,dict"`
	Tree       int32    `parquet:"tree"`
	Black      string   `parquet:"black,dict"`
	White      string   `parquet:"white,dict"`
	BlackKey   string   `parquet:"black_key,dict"`
	WhiteKey   string   `parquet:"white_key,dict"`
	BlackRank  string   `parquet:"black_rank,dict"`
	WhiteRank  string   `parquet:"white_rank,dict"`
	Date       string   `parquet:"date"`
	DateFirst  *string  `parquet:"date_first,optional"`
	DateLast   *string  `parquet:"date_last,optional"`
	Result     string   `parquet:"result,dict"`
	Winner     string   `parquet:"winner,dict"`
	Margin     *float64 `parquet:"margin,optional"`
	ResultKind string   `parquet:"result_kind,dict"`
	WinBy      string   `parquet:"win_by,dict"`
	Komi       *float64 `parquet:"komi,optional"`
	Handicap   int32    `parquet:"handicap"`
	Cols       int32    `parquet:"board_cols"`
	Rows       int32    `parquet:"board_rows"`
	GameType   int32    `parquet:"game_type"`
	Rules      string   `parquet:"rules,dict"`
	Event      string   `parquet:"event,dict"`
	Round      string   `parquet:"round"`
	Place      string   `parquet:"place,dict"`
	Source     string   `parquet:"source,dict"`
	Charset    string   `parquet:"charset,dict"`
	GameName   string   `parquet:"game_name"`
	Moves      int32    `parquet:"moves"`
	Nodes      int32    `parquet:"nodes"`
	DupeSig    string   `parquet:"dupe_sig"`
	FinalHash  int64    `parquet:"final_hash"`
}

// PositionRow is a position of the index (an entry of the positions
// table's posting lists): the top 48 bits of the canonical Zobrist hash
// (the signed 64-bit hash shifted right by 16, the key of the positions
// table; also from an index of schema version 4, which keeps the whole
// hash), the game and the node.
type PositionRow struct {
	Hash   int64 `parquet:"hash"`
	GameID int64 `parquet:"game_id,delta"`
	Node   int32 `parquet:"node,delta"`
}

// positionsPerFile is the number of position rows of one Parquet file.
const positionsPerFile = 1 << 20

// ExportParquet writes the games and positions tables as Parquet files
// under dir, partitioned in the Hive manner that DuckDB, Spark and
// ClickHouse read: dir/games/size=N/part-0.parquet (one folder per board
// size) and dir/positions/part-K.parquet (about a million rows each).
func (db *DB) ExportParquet(ctx context.Context, dir string) (ExportStats, error) {
	st, err := db.exportParquet(ctx, dir)
	if err != nil {
		return st, &Error{"export", db.name, err}
	}
	return st, nil
}

type parquetFile[T any] struct {
	f *os.File
	w *parquet.GenericWriter[T]
}

func createParquet[T any](path string) (*parquetFile[T], error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &parquetFile[T]{f, parquet.NewGenericWriter[T](f, parquet.Compression(&parquet.Zstd))}, nil
}

func (p *parquetFile[T]) close() error {
	err := p.w.Close()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (db *DB) exportParquet(ctx context.Context, dir string) (ExportStats, error) {
	var st ExportStats
	q := `SELECT g.id, f.path, g.tree, g.black, g.white, g.black_key, g.white_key, g.black_rank, g.white_rank,
		g.date, g.date_first, g.date_last, g.result, g.winner, g.margin, g.result_kind, g.win_by, g.komi, g.handicap,
		g.board_cols, g.board_rows, g.game_type, g.rules, g.event, g.round, g.place, g.source, g.charset, g.game_name,
		g.moves, g.nodes, g.dupe_sig, g.final_hash FROM games g JOIN files f ON f.id = g.file_id ORDER BY g.id`
	writers := map[string]*parquetFile[GameRow]{}
	closeAll := func() error {
		var first error
		for _, w := range writers {
			if err := w.close(); err != nil && first == nil {
				first = err
			}
		}
		writers = nil
		return first
	}
	defer func() {
		if writers != nil {
			closeAll()
		}
	}()
	err := eachRow(ctx, db.db, q, nil, func(rows *sql.Rows) error {
		// A NULL date, margin or komi scans as a nil pointer.
		var g GameRow
		if err := rows.Scan(&g.ID, &g.File, &g.Tree, &g.Black, &g.White, &g.BlackKey, &g.WhiteKey, &g.BlackRank, &g.WhiteRank,
			&g.Date, &g.DateFirst, &g.DateLast, &g.Result, &g.Winner, &g.Margin, &g.ResultKind, &g.WinBy, &g.Komi, &g.Handicap,
			&g.Cols, &g.Rows, &g.GameType, &g.Rules, &g.Event, &g.Round, &g.Place, &g.Source, &g.Charset, &g.GameName,
			&g.Moves, &g.Nodes, &g.DupeSig, &g.FinalHash); err != nil {
			return err
		}
		size := fmt.Sprint(g.Cols)
		if g.Cols != g.Rows {
			size = fmt.Sprintf("%dx%d", g.Cols, g.Rows)
		}
		w := writers[size]
		if w == nil {
			var err error
			if w, err = createParquet[GameRow](filepath.Join(dir, "games", "size="+size, "part-0.parquet")); err != nil {
				return err
			}
			writers[size] = w
			st.Files++
		}
		if _, err := w.w.Write([]GameRow{g}); err != nil {
			return err
		}
		st.Games++
		return nil
	})
	if err != nil {
		return st, err
	}
	if err := closeAll(); err != nil {
		return st, err
	}

	var pw *parquetFile[PositionRow]
	buf := make([]PositionRow, 0, 4096)
	flush := func() error {
		if len(buf) == 0 {
			return nil
		}
		if pw == nil {
			var err error
			if pw, err = createParquet[PositionRow](filepath.Join(dir, "positions", fmt.Sprintf("part-%d.parquet", st.Files))); err != nil {
				return err
			}
			st.Files++
		}
		_, err := pw.w.Write(buf)
		buf = buf[:0]
		return err
	}
	defer func() {
		if pw != nil {
			pw.close()
		}
	}()
	inFile := 0
	err = db.eachPosition(ctx, func(hash, game int64, node int32) error {
		buf = append(buf, PositionRow{hash, game, node})
		st.Positions++
		inFile++
		if len(buf) == cap(buf) {
			if err := flush(); err != nil {
				return err
			}
		}
		if inFile == positionsPerFile {
			if err := flush(); err != nil {
				return err
			}
			err := pw.close()
			pw, inFile = nil, 0
			return err
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	if err := flush(); err != nil {
		return st, err
	}
	if pw != nil {
		err := pw.close()
		pw = nil
		return st, err
	}
	return st, nil
}
