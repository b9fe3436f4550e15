#!/bin/sh
# Makes the gallery of the README from files the repository ships:
#   sh doc/gallery/make.sh      (from the repository's root)
# The book page's PNG is a screenshot of book.html taken by Chromium.
set -e
sgf() { go run ./cmd/sgf "$@"; }
G=doc/gallery
sgf render --force --size 600 --numbers 5 testdata/kgs-2019-04-15-12.sgf -o $G/game.png
sgf render --force --size 600 --numbers 5 testdata/kgs-2019-04-15-12.sgf -o $G/game.svg
sgf render --force --size 420 --crop auto --node 0 $G/problem.sgf -o $G/problem.png
sgf render --force --size 420 --crop auto --node 0 $G/problem.sgf -o $G/problem.svg
sgf render --force --size 420 --crop auto --node 0 --format sl $G/problem.sgf -o $G/problem.txt
sgf render --force --size 520 $G/hex.sgf -o $G/hex.png
sgf render --force --size 520 $G/hex.sgf -o $G/hex.svg
sgf render --force --size 480 --theme wood --move 80 testdata/kgs-2019-04-15-12.sgf -o $G/wood.png
sgf render --force --size 480 --theme dark --move 80 --numbers 10 testdata/kgs-2019-04-15-12.sgf -o $G/dark.png
sgf render --force --size 360 --format gif --delay 300 testdata/kgs-2019-04-15-12.sgf -o $G/game.gif
sgf render --force --format html --figures 40 testdata/kgs-2019-04-15-12.sgf -o $G/book.html
if command -v chromium >/dev/null; then
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot=$G/book.png \
		--window-size=1000,1500 $G/book.html 2>/dev/null
fi
