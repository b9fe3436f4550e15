package index

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A real PostgreSQL server for the tests, started once per test binary in
// a temporary folder on a free loopback port (Debian's postgresql package:
// binaries under /usr/lib/postgresql/*/bin). Tests skip without one,
// except under SGF_REQUIRE_POSTGRES=1, where they fail.
var pg struct {
	once sync.Once
	url  string // postgres://sgf@127.0.0.1:PORT/ (no database)
	err  error
	dir  string
	bin  string
	as   func(*exec.Cmd) // runs a command as the server's user (root only)
	n    atomic.Int32
}

func requirePostgres() bool { return os.Getenv("SGF_REQUIRE_POSTGRES") == "1" }

func pgBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { // the newest version
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return vb - va
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func startPostgres() {
	pg.bin = pgBin()
	if pg.bin == "" {
		pg.err = fmt.Errorf("no PostgreSQL (initdb) found: apt-get install postgresql")
		return
	}
	dir, err := os.MkdirTemp("", "sgf-pg-")
	if err != nil {
		pg.err = err
		return
	}
	pg.dir = dir
	// initdb and postgres refuse to run as root: run them as postgres
	// (or nobody), owner of the folder.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			u, err = user.Lookup("nobody")
		}
		if err != nil {
			pg.err = fmt.Errorf("running as root and no user postgres to run the server: %v", err)
			return
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		pg.as = runAs(uid, gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			pg.err = err
			return
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		pg.err = err
		return
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	data := filepath.Join(dir, "data")
	if out, err := pgRun("initdb", "-D", data, "-U", "sgf", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		pg.err = fmt.Errorf("initdb: %v: %s", err, out)
		return
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -F -c fsync=off -c full_page_writes=off -c synchronous_commit=off", port, dir)
	if out, err := pgRun("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		pg.err = fmt.Errorf("pg_ctl start: %v: %s", err, out)
		return
	}
	pg.url = fmt.Sprintf("postgres://sgf@127.0.0.1:%d/", port)
}

func pgRun(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(pg.bin, name), args...)
	cmd.Dir = pg.dir
	if pg.as != nil {
		pg.as(cmd)
	}
	return cmd.CombinedOutput()
}

// stopPostgres stops the server and removes its folder (from TestMain).
func stopPostgres() {
	if pg.url != "" {
		pgRun("pg_ctl", "-D", filepath.Join(pg.dir, "data"), "-m", "immediate", "-w", "stop")
	}
	if pg.dir != "" {
		os.RemoveAll(pg.dir)
	}
}

// postgresURL returns the URL of a new, empty database on the test server,
// or skips the test (fails it under SGF_REQUIRE_POSTGRES=1).
func postgresURL(t *testing.T) string {
	t.Helper()
	pg.once.Do(startPostgres)
	if pg.err != nil {
		if requirePostgres() {
			t.Fatalf("SGF_REQUIRE_POSTGRES=1 but %v", pg.err)
		}
		t.Skip(pg.err)
	}
	admin, err := sql.Open("pgx", pg.url+"postgres")
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("t%d_%d", os.Getpid(), pg.n.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	return pg.url + name
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopPostgres()
	os.Exit(code)
}

// backends returns the databases each test runs on: a new SQLite file, and
// a new PostgreSQL database when a server could be started.
func backends(t *testing.T) map[string]func(t *testing.T) string {
	return map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "t.db") },
		"postgres": postgresURL,
	}
}
