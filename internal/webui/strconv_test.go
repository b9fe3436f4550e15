package webui

import "strconv"

func strconvItoa(i int) string { return strconv.Itoa(i) }
