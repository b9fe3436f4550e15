// Package webui is the viewer and editor that 'sgf serve' runs: an
// net/http handler that serves the SGF files under the paths it is given
// (the roots) to a browser page, and the page itself (HTML, CSS and plain
// JavaScript modules embedded with //go:embed: no Node toolchain, no
// network, no CDN).
//
// The server is the user's, and only theirs: it binds to the loopback
// interface unless told otherwise, serves only files under its roots (no
// "..", no absolute path, no symbolic link out of a root: every file is
// opened through an os.Root), answers only requests whose Host names the
// loopback interface (against DNS rebinding) when it listens there, and
// accepts a write only with its per-server token, from the same origin
// (http.CrossOriginProtection), within a size limit. Text of the files is
// sent as JSON strings and put in the page as text nodes, never as HTML.
//
// Writing is lossless: an edit changes the typed view (package sgf), whose
// minimal-diff printing leaves the bytes of every node not edited as they
// were; saving writes the file atomically (a temporary file in the same
// folder, synced, renamed over the file) and refuses when the file changed
// on disk since it was opened.
//
// JSON endpoints (all under /api/):
//
//	GET  library?offset=&limit=&sort=&desc=&q=  the games of the roots, paged
//	GET  game?file=&game=                      a game: information and tree
//	GET  position?file=&game=&node=PATH        the position at a node (or &n=NUMBER)
//	GET  download?file=&game=&node=&what=      the game (what=game) or the variation as SGF
//	POST edit                                  an edit, undo, redo or save (token needed)
//
// What this package is not for: it does not check or fix files (package
// check), and draws no pictures of its own for other programs.
package webui
