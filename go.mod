module github.com/sgf-toolkit/sgf

go 1.26.0

require (
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/sys v0.48.0
	golang.org/x/text v0.43.0
)

require golang.org/x/tools v0.51.0 // indirect
