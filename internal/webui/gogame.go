package webui

import (
	"github.com/sgf-toolkit/sgf/games/gogame"
	"github.com/sgf-toolkit/sgf/value"
)

func gogameColor(c value.Color) gogame.Color {
	if c == value.White {
		return gogame.White
	}
	return gogame.Black
}
