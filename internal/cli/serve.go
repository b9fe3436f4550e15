package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/sgf-toolkit/sgf/internal/webui"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "view and edit games in a web browser",
		usage:   "serve [--addr HOST:PORT] [--read-only] [--open] PATH...",
		doc: `Serve starts a web server that shows every game of the files and folders
given in a browser page: a library of the games (sort and filter by any
column), and for each game the board, the variation tree, the comments
and the game information, with navigation by keys, mouse wheel and
touch, a problem mode for tsumego collections, and editing (moves,
comments, game information, markup, deleting and promoting variations,
undo and redo). Saving writes the file back atomically, changing only
the nodes that were edited, and refuses when the file changed on disk
since it was opened. The page needs no network: everything it uses is in
the sgf binary.

The server listens on 127.0.0.1 on a free port unless --addr names
another address, and prints its URL. It serves only the files under the
PATHs given: no "..", no absolute path, no symbolic link out of them.
Writes need the page's per-server token and the same origin. Listening on
an address other than the loopback interface lets anyone who reaches it
read the files (and edit them without --read-only): a warning says so.

Keys on the game page: Left/Right one move, Up/Down the sibling
variations, Home/End the start and end of the line, PageUp/PageDown ten
moves, [ and ] the previous and next game of a collection, Ctrl+S save.

The server runs until it is interrupted (Ctrl+C).`,
		examples: `$ sgf serve games/                   # the library of a folder
$ sgf serve --open problems.sgf        # and open it in the browser
$ sgf serve --read-only --addr 0.0.0.0:8080 archive/   # shared on the network, read-only`,
		exit: `0  the server was stopped by an interrupt
2  usage error (no PATH, a PATH that does not exist, a bad --addr), or the
   address could not be listened on`,
		setup: setupServe,
	})
}

func setupServe(fs *flag.FlagSet, _ *commonFlags) func(*env, []string) int {
	addr := fs.String("addr", "127.0.0.1:0", "listen on `HOST:PORT` (default: the loopback interface, a free port);\nanother host than the loopback one prints a warning")
	readOnly := fs.Bool("read-only", false, "turn editing off: the page only views")
	open := fs.Bool("open", false, "open the page in the default web browser")
	return func(e *env, args []string) int {
		if len(args) == 0 {
			return e.usageError("no PATH given: name the files or folders to serve")
		}
		for _, a := range args {
			if a == "-" {
				return e.usageError("serve needs files or folders, not standard input")
			}
		}
		host, _, err := net.SplitHostPort(*addr)
		if err != nil {
			return e.usageError("--addr %s: %v", *addr, err)
		}
		// as the server judges the Host header of a request: "localhost"
		// in any case, 127.0.0.0/8, ::1
		loopback := webui.LoopbackHost(host)
		srv, err := webui.New(webui.Options{Roots: args, ReadOnly: *readOnly, Loopback: loopback})
		if err != nil {
			return e.usageError("%v", err)
		}
		defer srv.Close()
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return e.failf("%v", err)
		}
		url := "http://" + urlHost(ln.Addr().(*net.TCPAddr), host) + "/"
		if !loopback {
			e.errorf("warning: listening on %s, not only on this computer: anyone who can reach it can read the files served%s", ln.Addr(), map[bool]string{false: " and edit them (use --read-only to prevent it)", true: ""}[*readOnly])
		}
		fmt.Fprintf(e.stdout, "serving %d path(s) at %s (Ctrl+C to stop)\n", len(args), url)
		e.stdout.Flush()
		srv.Start()
		if *open {
			openBrowser(url)
		}
		hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
		ctx, stop := serveContext()
		defer stop()
		errc := make(chan error, 1)
		go func() { errc <- hs.Serve(ln) }()
		select {
		case <-ctx.Done():
			sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			hs.Shutdown(sctx)
			return exitOK
		case err := <-errc:
			if !errors.Is(err, http.ErrServerClosed) {
				return e.failf("%v", err)
			}
			return exitOK
		}
	}
}

// serveContext is the context the server runs in: until an interrupt or
// SIGTERM (a test stops it otherwise).
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// urlHost is the host:port of the URL printed: the address listened on,
// or "localhost" when it was asked for.
func urlHost(a *net.TCPAddr, asked string) string {
	if strings.EqualFold(asked, "localhost") {
		return net.JoinHostPort("localhost", fmt.Sprint(a.Port))
	}
	if a.IP.IsUnspecified() {
		return net.JoinHostPort("127.0.0.1", fmt.Sprint(a.Port))
	}
	return a.String()
}

// openBrowser opens url in the user's browser, as the platform does it.
func openBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if cmd.Start() == nil {
		go cmd.Wait()
	}
}
