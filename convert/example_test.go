package convert_test

import (
	"fmt"
	"strings"

	"github.com/sgf-toolkit/sgf"
	"github.com/sgf-toolkit/sgf/convert"
)

func ExampleConvert() {
	old := "(;FF[3]GaMe[1]KI[11]PB[J\xfcrgen]\n;B[dd]L[aa][bb];W[tt])"
	out, changes, err := convert.Convert([]byte(old), convert.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", out)
	for _, c := range changes {
		fmt.Println(c.Code, c.Node, c.Before, "->", c.After)
	}
	// Output:
	// (;FF[4]CA[UTF-8]GM[1]KM[5.5]PB[Jürgen]
	// ;B[dd]LB[aa:a][bb:b];W[])
	// identifier 0 GaMe[1] -> GM[1]
	// komi 0 KI[11] -> KM[5.5]
	// ff 0 FF[3] -> FF[4]
	// charset 0  -> CA[UTF-8]
	// label 1 L[aa][bb] -> LB[aa:a][bb:b]
	// pass 2 W[tt] -> W[]
}

// A collection whose games are in different charsets is converted in one
// call; each game is decoded with its own CA.
func ExampleCollection() {
	src := "(;CA[ISO-8859-1]PB[J\xfcrgen])(;CA[GB18030]PB[\xba\xda])(;CA[UTF-8]PB[黑])"
	c, err := sgf.Parse([]byte(src))
	if err != nil {
		panic(err)
	}
	out, _, err := convert.Collection(c, convert.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", out)
	// Output:
	// (;FF[4]CA[UTF-8]PB[Jürgen])(;FF[4]CA[UTF-8]PB[黑])(;FF[4]CA[UTF-8]PB[黑])
}

func ExampleOptions_dropObsolete() {
	out, changes, _ := convert.Convert([]byte("(;FF[3]BS[1]WS[0]PB[a])"), convert.Options{DropObsolete: true})
	fmt.Printf("%s\n", out)
	fmt.Println(changes[0])
	// Output:
	// (;FF[4]CA[UTF-8]PB[a])
	// game 1 node 0: obsolete: deleted BS[1] (BS (Black species) is not defined in FF[4]; deleted as asked)
}

func ExampleChange_String() {
	_, changes, _ := convert.Convert([]byte("(;FF[4]CA[UTF-8];M[aa])"), convert.Options{})
	fmt.Println(changes[0])
	// Output:
	// game 1 node 1: mark: M[aa] -> MA[aa] (FF[4] has no M; MA (a cross) marks an empty point, TR (a triangle) a stone)
}

func ExampleCode() {
	var names []string
	for _, c := range convert.Codes() {
		names = append(names, fmt.Sprintf("%s/%d", c, c.SGFC()))
	}
	fmt.Println(strings.Join(names, " "))
	// Output:
	// ff/0 charset/0 undecodable/71 identifier/16 label/40 mark/40 komi/59 view/52 pass/0 obsolete/40 merged/28 dropped/0 closed/9 unread/0 player/0
}
