package formats_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf/formats"
)

func ExampleRead() {
	gib := []byte(`\HS
\[GAMEBLACKNAME=Lee (9D)\]
\[GAMEWHITENAME=Park (8D)\]
\[GAMEINFOMAIN=GBKIND:3,GTIME:600-30-3,GRLT:3,ZIPSU:0,GONGJE:65,LINE:19\]
\HE
\GS
2 1 0
60 0 &4
INI 0 1 0 &4
STO 0 2 1 15 3
STO 0 3 2 3 15
SKI 0 4
\GE
`)
	f := formats.Sniff(gib)
	res, err := formats.Read(gib, f, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Name(), res.Charset.Name)
	c, _ := res.Collection()
	info := c.Game(0).Info()
	fmt.Println(info.PlayerBlack, info.RankBlack, info.PlayerWhite, info.RankWhite, info.Result, info.Komi)
	fmt.Printf("%s", res.SGF)
	// Output:
	// Tygem GIB UTF-8
	// Lee 9D Park 8D B+R 6.5
	// (;GM[1]FF[4]CA[UTF-8]SZ[19]
	// PB[Lee]
	// BR[9D]
	// PW[Park]
	// WR[8D]
	// KM[6.5]
	// TM[600]
	// OT[3x30 byo-yomi]
	// RE[B+R]
	// XH[GAMEINFOMAIN=GBKIND:3,GTIME:600-30-3,GRLT:3,ZIPSU:0,GONGJE:65,LINE:19]
	// ;B[pd];W[dp];B[])
}
