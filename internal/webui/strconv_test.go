package webui

import (
	"strconv"
	"unicode/utf8"
)

func strconvItoa(i int) string { return strconv.Itoa(i) }

func utf8Valid(s string) bool { return utf8.ValidString(s) }
