package charset_test

import (
	"fmt"

	"github.com/sgf-toolkit/sgf/charset"
)

func ExampleLookup() {
	for _, ca := range []string{"UTF8", "ISO8859_1", "gb2312", "SJIS", "klingon"} {
		cs, err := charset.Lookup(ca)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(ca, "->", cs.Name(), cs.LeadBytes())
	}
	// Output:
	// UTF8 -> UTF-8 ASCIISafe
	// ISO8859_1 -> ISO-8859-1 ASCIISafe
	// gb2312 -> GB2312 GBK
	// SJIS -> Shift_JIS ShiftJIS
	// charset "klingon": unknown charset
}

func ExampleDecode() {
	gbk, _ := charset.Lookup("GBK")
	s, faults := charset.Decode(gbk, []byte("\xba\xda\xc6\xe5 \xd6")) // 黑棋, then a cut character
	fmt.Printf("%q\n", s)
	for _, f := range faults {
		fmt.Printf("fault at byte %d, %d byte(s), incomplete=%v\n", f.Offset, f.Len, f.Incomplete)
	}
	// Output:
	// "黑棋 �"
	// fault at byte 5, 1 byte(s), incomplete=true
}

func ExampleAppendDecode() {
	var buf []byte
	var faults []charset.Fault
	for _, v := range []string{"Gr\xfc\xdfe", "caf\xe9"} {
		buf, faults = charset.AppendDecode(buf[:0], charset.Default, []byte(v), faults[:0])
		fmt.Println(string(buf), len(faults))
	}
	// Output:
	// Grüße 0
	// café 0
}

func ExampleCharset_LeadBytes() {
	for _, name := range []string{"UTF-8", "EUC-KR", "Shift_JIS", "GB18030", "Big5", "UTF-16LE"} {
		cs, _ := charset.Lookup(name)
		fmt.Println(name, cs.LeadBytes(), cs.MultiByte())
	}
	// Output:
	// UTF-8 ASCIISafe false
	// EUC-KR ASCIISafe false
	// Shift_JIS ShiftJIS true
	// GB18030 GBK true
	// Big5 Big5 true
	// UTF-16LE NotASCII true
}

func ExampleDetect() {
	// PW[白] from a GNU Go regression file without CA[]: one GB2312
	// character, so the confidence is modest.
	d := charset.Detect([][]byte{[]byte("\xb0\xd7"), []byte("GNU Go")})
	fmt.Println(d.Charset, d.Confidence > 0.6 && d.Confidence < 0.9)
	fmt.Println(charset.Detect([][]byte{[]byte("柯洁")}).Charset)
	// Output:
	// GBK true
	// UTF-8
}

func ExampleDetectFile() {
	d := charset.DetectFile([]byte("\xfe\xff\x00(\x00;\x00)"))
	s, _ := charset.Decode(d.Charset, []byte("\xfe\xff\x00(\x00;\x00)")[d.BOM:])
	fmt.Println(d.Charset, d.BOM, s)
	// Output:
	// UTF-16BE 2 (;)
}

func ExampleVerify() {
	// A Fox player name declared CA[UTF-8] but cut in the middle of 因.
	v := charset.Verify(charset.UTF8, [][]byte{[]byte("你若有\xe5\x9b")})
	fmt.Println(v.Verdict, v.Charset, v.Offset)

	// CA[gb2312] holding a character only GBK has.
	gb2312, _ := charset.Lookup("gb2312")
	v = charset.Verify(gb2312, [][]byte{[]byte("\xba\xda\x81\x40")})
	fmt.Println(v.Verdict, v.Charset, v.Offset)
	// Output:
	// truncated UTF-8 9
	// superset GBK 2
}
