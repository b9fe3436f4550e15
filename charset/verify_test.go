package charset

import "testing"

func TestVerify(t *testing.T) {
	lookup := func(name string) Charset {
		cs, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	tests := []struct {
		name     string
		declared string
		texts    []string
		verdict  Verdict
		want     string // Verification.Charset
		text     int
		offset   int
	}{
		{"utf-8 clean", "UTF-8", []string{"柯洁", "9段"}, Clean, "UTF-8", -1, -1},
		{"ascii in anything", "Shift_JIS", []string{"Lee Sedol"}, Clean, "Shift_JIS", -1, -1},
		// Fox: CA[UTF-8] with PB[你若有\xe5\x9b], cut in the middle of 因.
		{"utf-8 cut name", "UTF-8", []string{"2017-09-23", "你若有\xe5\x9b", "9段"}, Truncated, "UTF-8", 1, 9},
		// CA[UTF-8] on GBK text: 黑棋中盘胜 (Black wins by resignation).
		{"utf-8 on gbk", "UTF-8", []string{"\xba\xda\xc6\xe5\xd6\xd0\xc5\xcc\xca\xa4"}, Mismatch, "GBK", 0, 0},
		// CA[gb2312] on text with a GBK-only character (0x81 0x40: 丂).
		{"gb2312 holding gbk", "gb2312", []string{"\xba\xda\x81\x40"}, Superset, "GBK", 0, 2},
		{"gb2312 clean", "gb2312", []string{"\xba\xda"}, Clean, "GB2312", -1, -1},
		{"gbk holding gb18030", "GBK", []string{"\xba\xda\x81\x30\x81\x30"}, Superset, "GB18030", 0, 2},
		{"latin1 holding cp1252", "ISO-8859-1", []string{"it\x92s"}, Superset, "windows-1252", 0, 2},
		{"latin1 clean", "ISO-8859-1", []string{"caf\xe9 cr\xe9\xe9"}, Clean, "ISO-8859-1", -1, -1},
		{"latin1 on utf-8", "ISO-8859-1", []string{"caf\xc3\xa9 cr\xc3\xa9\xc3\xa9"}, Mismatch, "UTF-8", -1, -1},
		{"euc-kr holding uhc", "EUC-KR", []string{"\xb0\xa1\x81\x41"}, Superset, "windows-949", 0, 2},
		{"shift_jis holding cp932", "Shift_JIS", []string{"\x82\xa0\x87\x40"}, Superset, "windows-31j", 0, 2},
		{"big5 holding hkscs", "Big5", []string{"\xa4\x40\x87\x40"}, Superset, "Big5-HKSCS", 0, 2},
		{"ascii with high bytes", "US-ASCII", []string{"Gr\xfc\xdfe aus M\xfcnchen"}, Mismatch, "ISO-8859-1", 0, 2},
		// Damaged text: one corrupt byte in text that is otherwise
		// clearly in the declared charset keeps it (Damaged); the
		// detector alone reads 古<FF>中 / 国 as windows-1251 "№ЕяЦР" / "№ъ".
		{"gbk with a stray 0xff", "GBK", []string{"\xb9\xc5\xff\xd6\xd0", "\xb9\xfa"}, Mismatch, "GBK", 0, 2},
		// 柯洁 / 九段 in UTF-8 with a byte of 洁 replaced.
		{"utf-8 with a corrupt byte", "UTF-8", []string{"\xe6\x9f\xaf\xe6\xb4\xff", "\xe4\xb9\x9d\xe6\xae\xb5"}, Mismatch, "UTF-8", 0, 3},
		// ISO-8859-2 "Dvořák" with a C1 byte inserted.
		{"latin2 with a c1 byte", "ISO-8859-2", []string{"Dvo\xf8\x85\xe1k", "P\xf8\xedli\xb9 \xbelu\xbbou\xe8k\xfd k\xf9\xf2"}, Mismatch, "ISO-8859-2", 0, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var texts [][]byte
			for _, s := range tt.texts {
				texts = append(texts, []byte(s))
			}
			v := Verify(lookup(tt.declared), texts)
			if v.Verdict != tt.verdict || v.Charset.Name() != tt.want {
				t.Errorf("Verify(%s) = %v %v (%v), want %v %s", tt.declared, v.Verdict, v.Charset, v.Detection, tt.verdict, tt.want)
			}
			if v.Text != tt.text || v.Offset != tt.offset {
				t.Errorf("first problem at text %d offset %d, want %d, %d", v.Text, v.Offset, tt.text, tt.offset)
			}
			if v.Damaged != (v.Verdict == Mismatch && v.Charset.Name() == tt.declared) {
				t.Errorf("Damaged = %v with verdict %v, charset %v", v.Damaged, v.Verdict, v.Charset)
			}
			if (v.Verdict == Mismatch) != (v.Detection.Path != "") {
				t.Errorf("Detection %v with verdict %v", v.Detection, v.Verdict)
			}
		})
	}
}

// TestVerifyLibSGFCFiles: every libsgfc++ file's CA[] fits its bytes.
func TestVerifyLibSGFCFiles(t *testing.T) {
	files := []string{
		"encoding-chinese-gb18030.sgf", "encoding-chinese-gbk.sgf", "encoding-simplifiedchinese-gb2312.sgf",
		"encoding-simplifiedchinese-macos.sgf", "encoding-traditionalchinese-big5.sgf", "encoding-traditionalchinese-macos.sgf",
		"encoding-japanese-shiftjis.sgf", "encoding-japanese-macos.sgf", "encoding-japanese-iso2022jp.sgf",
		"encoding-korean-macos.sgf", "encoding-cyrillic-windows.sgf", "encoding-utf8-nobom.sgf",
		"encoding-western-isolatin1.sgf", "encoding-western-isolatin9.sgf", "encoding-western-windowslatin1.sgf",
		"encoding-western-macosroman.sgf",
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			b := readTestdata(t, f)
			cs, err := Lookup(caValue(b))
			if err != nil {
				t.Fatal(err)
			}
			if v := Verify(cs, textValues(b, cs.LeadBytes())); v.Verdict != Clean {
				t.Errorf("Verify(%s) = %v %v at %d:%d", cs, v.Verdict, v.Charset, v.Text, v.Offset)
			}
		})
	}
}

// ISO-2022-JP is valid UTF-8 byte for byte: under CA[UTF-8] its escape
// sequences give it away.
func TestVerifyISO2022JPUnderUTF8(t *testing.T) {
	v := Verify(UTF8, [][]byte{[]byte("\x1b$B$O$/\x1b(B"), []byte("\x1b$BMe@8Lg\x1b(B")})
	if v.Verdict != Mismatch || v.Charset.Name() != "ISO-2022-JP" {
		t.Errorf("Verify = %v %s, want mismatch ISO-2022-JP", v.Verdict, v.Charset.Name())
	}
	v = Verify(UTF8, [][]byte{[]byte("caf\xc3\xa9 \x1b")})
	if v.Verdict != Clean {
		t.Errorf("UTF-8 with a stray ESC: Verify = %v %s, want clean", v.Verdict, v.Charset.Name())
	}
}
