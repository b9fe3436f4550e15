package webui

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
)

//go:embed static
var staticFiles embed.FS

// Options are the choices of New. Zero sizes mean the defaults.
type Options struct {
	// Roots are the files and folders served, as given on the command line.
	Roots []string
	// ReadOnly turns editing off: every write is refused.
	ReadOnly bool
	// Loopback says the server listens on the loopback interface only; it
	// then answers only requests whose Host is a loopback name or address,
	// so that a page of another site cannot reach it by DNS rebinding.
	Loopback bool
	// MaxFileBytes is the largest file opened (default 64 MiB).
	MaxFileBytes int64
	// MaxRequestBytes is the largest request body accepted (default 4 MiB).
	MaxRequestBytes int64
	// MaxLibraryFiles is the most files the library lists (default 100,000).
	MaxLibraryFiles int
	// MaxUndo is the number of edits that can be undone (default 200).
	MaxUndo int
}

// Default limits.
const (
	DefaultMaxFileBytes    = 64 << 20
	DefaultMaxRequestBytes = 4 << 20
	DefaultMaxLibraryFiles = 100000
	DefaultMaxUndo         = 200
)

// Server serves the viewer and editor. Create one with New.
type Server struct {
	opts  Options
	roots []*root
	token string
	lib   *library
	mux   *http.ServeMux
	shell *template.Template

	mu    sync.Mutex
	docs  map[string]*document
	clock int64 // counts the documents opened, for dropOld
}

// New opens the roots and returns a server; the library is built in the
// background once Start is called (or on the first request for it).
func New(opts Options) (*Server, error) {
	orDefault(&opts.MaxFileBytes, DefaultMaxFileBytes)
	orDefault(&opts.MaxRequestBytes, DefaultMaxRequestBytes)
	orDefault(&opts.MaxLibraryFiles, DefaultMaxLibraryFiles)
	orDefault(&opts.MaxUndo, DefaultMaxUndo)
	if len(opts.Roots) == 0 {
		return nil, errors.New("no file or folder to serve")
	}
	s := &Server{opts: opts, docs: map[string]*document{}}
	for _, p := range opts.Roots {
		rt, err := openRoot(p)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.roots = append(s.roots, rt)
	}
	var tok [16]byte
	rand.Read(tok[:])
	s.token = hex.EncodeToString(tok[:])
	s.lib = &library{s: s}
	// embedded (go:embed static): it is there, or the package does not build
	s.shell = template.Must(template.ParseFS(staticFiles, "static/index.html"))
	s.routes()
	return s, nil
}

// orDefault sets a size of Options that is not above zero to its default.
func orDefault[T int | int64](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Close releases the roots.
func (s *Server) Close() {
	for _, rt := range s.roots {
		rt.r.Close()
	}
}

// Token is the per-server secret that writes must carry (header X-SGF-Token).
func (s *Server) Token() string { return s.token }

// Start begins building the library in the background.
func (s *Server) Start() { s.lib.start() }

func (s *Server) routes() {
	m := http.NewServeMux()
	static, _ := fs.Sub(staticFiles, "static")
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	m.HandleFunc("GET /{$}", s.servePage)
	m.HandleFunc("GET /view", s.servePage)
	m.HandleFunc("GET /api/library", s.serveLibrary)
	m.HandleFunc("GET /api/game", s.serveGame)
	m.HandleFunc("GET /api/position", s.servePosition)
	m.HandleFunc("GET /api/download", s.serveDownload)
	m.HandleFunc("POST /api/edit", s.serveEdit)
	s.mux = m
}

// ServeHTTP answers a request: the Host check, security headers, then the
// routes; a request that changes anything needs the same origin and the token.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.opts.Loopback && !LoopbackHost(r.Host) {
		http.Error(w, "this server answers only on the loopback interface (Host "+r.Host+" refused)", http.StatusMisdirectedRequest)
		return
	}
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if err := crossOrigin.Check(r); err != nil {
			jsonError(w, http.StatusForbidden, "cross-origin write refused")
			return
		}
		if r.Header.Get("X-SGF-Token") != s.token {
			jsonError(w, http.StatusForbidden, "write refused: missing or wrong token")
			return
		}
		if s.opts.ReadOnly {
			jsonError(w, http.StatusForbidden, "the server is read-only (--read-only)")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxRequestBytes)
	}
	s.mux.ServeHTTP(w, r)
}

var crossOrigin = http.NewCrossOriginProtection()

// LoopbackHost reports whether hostport (a Host header, or a host
// without a port) names the loopback interface: localhost (in any case),
// 127.0.0.0/8 or ::1, with any port. The command line's serve judges its
// --addr by it too.
func LoopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// servePage serves the page's HTML shell, with the token and mode in it.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	s.shell.Execute(w, map[string]any{"Token": s.token, "ReadOnly": s.opts.ReadOnly})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

func jsonError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// errorJSON answers a failure with its status: an edit refused (editError)
// with the status it carries, a failure to open a file with the status of
// its kind, anything else with 500.
func errorJSON(w http.ResponseWriter, err error) {
	var ee *editError
	switch {
	case errors.As(err, &ee):
		jsonError(w, ee.status, ee.msg)
	case errors.Is(err, errBadPath), errors.Is(err, errNotFile):
		jsonError(w, http.StatusBadRequest, err.Error())
	case errors.Is(err, errNotFound):
		jsonError(w, http.StatusNotFound, err.Error())
	case errors.Is(err, errTooLarge):
		jsonError(w, http.StatusRequestEntityTooLarge, err.Error())
	default:
		jsonError(w, http.StatusInternalServerError, err.Error())
	}
}
