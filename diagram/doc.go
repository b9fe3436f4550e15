// Package diagram computes what a picture of a game position shows, apart
// from any picture format: the part of the board drawn, the stones, the
// last move, move numbers, markup, hoshi points, coordinates and text. It
// is the model that every drawing in the toolkit is made from: the
// encoders in the subpackages (diagram/svg, diagram/png, diagram/gif,
// diagram/text, diagram/html) only paint a [Diagram], the viewer draws the
// same model in the browser, and `sgf show` and `sgf render` print it, so
// no two of them disagree about a position.
//
// A Diagram is made from a position of the typed view ([sgf.Position],
// from an [sgf.Cursor]) by [New], or a game is cut into book figures by
// [Figures]. Go boards (GM[1]) are square or rectangular grids of 1x1 to
// 52x52 points; Hex boards (GM[11]) are a rhombus of hexagons, drawn with
// each row shifted half a cell to the right of the row above ([Diagram.Center]
// gives the geometry); for other games the setup stones are drawn on a
// square grid.
//
// What the FF[4] pages ask of a viewer, and where the model answers it:
//
//   - VW "View only part of the board. The points listed are visible, all
//     other points are invisible." and "VW[] clears any setting": the
//     inherited VW sets [Diagram.View] (the bounding rectangle) and
//     [Diagram.Visible] (the points listed) under [RegionView], the
//     default.
//   - DD "Dim (grey out) the given points." (inherited, "DD[] clears any
//     setting"): [Diagram.Dimmed].
//   - TR, SQ, CR, MA, SL, LB, TB, TW: [Diagram.Marks], one [Mark] a point;
//     AR and LN: [Diagram.Lines].
//   - MN "a move specified in this node has exactly this move-number": the
//     numbers of [Stone.Number] and [Diagram.MoveNumber] count it.
//   - FG, PM: [Figures] (see there).
//   - GB, GW, DM, UC, TE, BM, DO, IT, HO, V ("Viewers should display a
//     message"): [Text.Annotations], as words.
//
// The model is plain data: exported fields that a caller may read and
// change (a viewer may add its own marks) before handing it to an encoder.
// Making one never panics: what cannot be drawn (a point off the board, a
// value that does not parse) is left out and said in [Diagram.Skipped].
//
// The package is not for editing games or for checking them (see package
// check); it reads through the typed view only.
package diagram
