// Command sgf checks, formats and converts SGF (Smart Game Format) files.
//
// Run "sgf help" for the list of subcommands and "sgf help CMD" for one of
// them. The work is done by package internal/cli; this file only connects it
// to the process.
package main

import (
	"os"

	"github.com/sgf-toolkit/sgf/internal/cli"
)

func main() {
	keepHeapFloor(heapFloor)
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
