package png

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// encode writes img as a PNG (ISO/IEC 15948): 8-bit RGB when every pixel
// is opaque, else 8-bit RGBA with non-premultiplied colours, each row
// filtered by Up (the difference from the row above: the rows of a board
// differ little), compressed by deflate (RFC 1951, see deflater) in a
// zlib stream (RFC 1950) in one IDAT chunk. image/png's encoder tries
// five filters on every row and keeps the one whose sum of differences is
// least: that choice was 40% of the time of a 600-pixel picture, for
// files a few per cent smaller; compress/flate's fastest level was then
// more than half of the rest. The bytes depend only on img, not on the
// platform: everything here is integer arithmetic.
func encode(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	opaque := true
	for y := range height {
		row := img.Pix[y*img.Stride : y*img.Stride+4*width]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				opaque = false
				break
			}
		}
		if !opaque {
			break
		}
	}
	bpp, colorType := 3, byte(2)
	if !opaque {
		bpp, colorType = 4, 6
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, colorType // bit depth, colour type; deflate, filters, no interlace

	z := deflaters.Get().(*deflater)
	defer deflaters.Put(z)
	z.reset(bpp)
	n := bpp * width
	var prev, cur []byte // non-premultiplied rows (RGBA only)
	if !opaque {
		prev, cur = make([]byte, n), make([]byte, n)
	}
	zero := make([]byte, 4*width)
	prevRow := zero
	for y := range height {
		row := img.Pix[y*img.Stride : y*img.Stride+4*width]
		out := z.row(1 + n)
		out[0] = 2 // Up
		f := out[1:]
		switch {
		case !opaque:
			unpremultiply(cur, row)
			for i := range n {
				f[i] = cur[i] - prev[i]
			}
			prev, cur = cur, prev
		case bytes.Equal(row, prevRow):
			clear(f)
		default:
			// Four bytes at a time, subtracted without borrows between
			// them; each pixel's fourth byte (alpha: 0) is overwritten by
			// the next pixel, the last one's by nothing (row's slack).
			g := f[:len(f)+1]
			for x, j := 0, 0; j < len(row); x, j = x+3, j+4 {
				a, b := binary.LittleEndian.Uint32(row[j:]), binary.LittleEndian.Uint32(prevRow[j:])
				binary.LittleEndian.PutUint32(g[x:], ((a|0x80808080)-(b&0x7f7f7f7f))^((a^^b)&0x80808080))
			}
		}
		prevRow = row
		z.write()
	}
	idat := z.finish()
	head := append(make([]byte, 0, 64), "\x89PNG\r\n\x1a\n"...)
	head = appendChunk(head, "IHDR", ihdr[:])
	head = binary.BigEndian.AppendUint32(head, uint32(len(idat)))
	head = append(head, "IDAT"...)
	if _, err := w.Write(head); err != nil {
		return err
	}
	if _, err := w.Write(idat); err != nil {
		return err
	}
	tail := binary.BigEndian.AppendUint32(nil, crc32.Update(crc32.ChecksumIEEE([]byte("IDAT")), crc32.IEEETable, idat))
	_, err := w.Write(appendChunk(tail, "IEND", nil))
	return err
}

// unpremultiply writes the pixels of row (premultiplied RGBA) to dst as
// PNG's RGBA, whose colours are not premultiplied, as image/png does.
func unpremultiply(dst, row []byte) {
	for j := 0; j < len(row); j += 4 {
		a := uint32(row[j+3])
		switch a {
		case 0xff:
			copy(dst[j:j+4], row[j:j+4])
		case 0:
			dst[j], dst[j+1], dst[j+2], dst[j+3] = 0, 0, 0, 0
		default:
			// color.NRGBAModel's conversion, from 16 bits per channel.
			a16 := a | a<<8
			for k := range 3 {
				c := uint32(row[j+k]) | uint32(row[j+k])<<8
				dst[j+k] = uint8((c * 0xffff / a16) >> 8)
			}
			dst[j+3] = uint8(a)
		}
	}
}

// appendChunk appends a PNG chunk: length, type, data, CRC of type and
// data.
func appendChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[len(b)-len(data)-4:]))
}

// deflaters keeps deflaters (and their buffers) between pictures.
var deflaters = sync.Pool{New: func() any { return new(deflater) }}

// A deflater writes a zlib stream of the rows given to it, compressed by
// a deflate made for filtered pictures: the only matches it looks for are
// runs, of one byte (distance 1: the zeros of a row like the one above)
// or of one pixel (distance bpp: a stone's edge across a row), so each
// byte is looked at once and a run of zeros eight bytes at a time; the
// tokens of every 32,768 are written as a block with its own Huffman
// codes (dynamic Huffman, RFC 1951 3.2.7). On a 600-pixel board this
// gives files within a few per cent of compress/flate's fastest level,
// in a fraction of its time.
type deflater struct {
	bpp    int
	buf    []byte   // the history (histLen bytes) then the row being written
	hist   int      // how many bytes of history buf holds (0 at the start)
	s1, s2 uint64   // the Adler-32 sums (RFC 1950 8.2), reduced per row
	tokens []uint32 // a literal byte, or match | length<<8 | distance
	litF   [286]uint32
	distF  [30]uint32
	out    []byte // the zlib stream
	bits   uint64 // bits not yet in out, the first in the low bits
	nbits  uint
}

const (
	adlerMod  = 65521 // the largest prime below 2^16
	histLen   = 8
	match     = 1 << 31
	maxTokens = 1 << 15
)

func (z *deflater) reset(bpp int) {
	z.bpp, z.hist = bpp, 0
	z.s1, z.s2 = 1, 0
	z.tokens = z.tokens[:0]
	z.litF, z.distF = [286]uint32{}, [30]uint32{}
	z.bits, z.nbits = 0, 0
	// zlib header: deflate with a 32K window, "fastest" (FLEVEL 0), no
	// dictionary; 0x7801 is a multiple of 31 (RFC 1950 2.2).
	z.out = append(z.out[:0], 0x78, 0x01)
}

// row returns the space for the next row of n bytes (with room for one
// byte more).
func (z *deflater) row(n int) []byte {
	if cap(z.buf) < histLen+n+1 {
		z.buf = append(make([]byte, 0, histLen+n+1), z.buf...)
	}
	z.buf = z.buf[:histLen+n]
	return z.buf[histLen:]
}

// write compresses the row filled since row.
func (z *deflater) write() {
	p := z.buf
	lo := histLen - z.hist // the first byte a match may copy
	bpp := z.bpp
	// The Adler-32 sums are counted here, a run of l bytes c at once:
	// s1 grows by l*c and s2 by l*s1 + c*l(l+1)/2. Between reductions
	// (every 1<<20 bytes at most) they stay far below 2^64.
	s1, s2 := z.s1, z.s2
	since := 0
	for i := histLen; i < len(p); {
		if len(z.tokens) >= maxTokens {
			z.block(false)
		}
		if since >= 1<<20 {
			s1, s2, since = s1%adlerMod, s2%adlerMod, 0
		}
		if i-1 >= lo {
			if l := runLength(p[i:], p[i-1]); l >= 3 {
				z.addMatch(l, 1)
				c, n := uint64(p[i-1]), uint64(l)
				s2 += n*s1 + c*n*(n+1)/2
				s1 += n * c
				i += l
				since += l
				continue
			}
		}
		if i-bpp >= lo {
			if l := matchLength(p[i:], p[i-bpp:]); l >= 3 {
				z.addMatch(l, bpp)
				for _, c := range p[i : i+l] {
					s1 += uint64(c)
					s2 += s1
				}
				i += l
				since += l
				continue
			}
		}
		c := p[i]
		z.tokens = append(z.tokens, uint32(c))
		z.litF[c]++
		s1 += uint64(c)
		s2 += s1
		i++
		since++
	}
	z.s1, z.s2 = s1%adlerMod, s2%adlerMod
	// Keep the last bytes as history for the next row.
	copy(p[:histLen], p[len(p)-histLen:])
	z.hist = min(histLen, z.hist+len(p)-histLen)
}

func (z *deflater) addMatch(l, d int) {
	z.tokens = append(z.tokens, match|uint32(l)<<8|uint32(d))
	z.litF[lengthSym[l]]++
	z.distF[d-1]++
}

// runLength returns how many of the first 258 bytes of p are c.
func runLength(p []byte, c byte) int {
	n := min(len(p), 258)
	pat := uint64(c) * 0x0101010101010101
	k := 0
	for k+8 <= n {
		if x := binary.LittleEndian.Uint64(p[k:]) ^ pat; x != 0 {
			return k + trailingZeroBytes(x)
		}
		k += 8
	}
	for k < n && p[k] == c {
		k++
	}
	return k
}

// matchLength returns how many of the first 258 bytes of p equal those of
// q (q starts before p in the same buffer: they may overlap).
func matchLength(p, q []byte) int {
	n := min(len(p), 258)
	k := 0
	for k < n && p[k] == q[k] {
		k++
	}
	return k
}

// trailingZeroBytes returns the number of low zero bytes of x != 0.
func trailingZeroBytes(x uint64) int {
	n := 0
	for x&0xff == 0 {
		x >>= 8
		n++
	}
	return n
}

// finish writes the last block and the checksum and returns the zlib
// stream (valid until the deflater is used again).
func (z *deflater) finish() []byte {
	z.block(true)
	for z.nbits > 0 {
		z.out = append(z.out, byte(z.bits))
		z.bits >>= 8
		z.nbits -= min(z.nbits, 8)
	}
	return binary.BigEndian.AppendUint32(z.out, uint32(z.s2<<16|z.s1))
}

// put writes the n low bits of v (n <= 32).
func (z *deflater) put(v uint32, n uint) {
	z.bits |= uint64(v) << z.nbits
	z.nbits += n
	if z.nbits >= 32 {
		z.out = binary.LittleEndian.AppendUint32(z.out, uint32(z.bits))
		z.bits >>= 32
		z.nbits -= 32
	}
}

// The lengths of matches (RFC 1951 3.2.5): symbols 257-285, each with a
// base length and a number of extra bits.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	lengthSym   [259]uint16 // of a length 3-258
	// The order in which the lengths of the code length code are sent.
	clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

func init() {
	for s := range lengthBase {
		hi := 259
		if s+1 < len(lengthBase) {
			hi = int(lengthBase[s+1])
		}
		for l := int(lengthBase[s]); l < hi; l++ {
			lengthSym[l] = uint16(257 + s)
		}
	}
	lengthSym[258] = 285 // 258 is its own symbol, not 284 with extra bits 31
}

// block writes the tokens gathered as one block with dynamic Huffman
// codes (distances 1-4 only: their symbols have no extra bits).
func (z *deflater) block(final bool) {
	z.litF[256]++ // end of block
	var litL [286]uint8
	var distL [30]uint8
	var litC [286]uint16
	var distC [30]uint16
	huffmanLengths(z.litF[:], litL[:], 15)
	huffmanLengths(z.distF[:], distL[:], 15)
	canonicalCodes(litL[:], litC[:])
	canonicalCodes(distL[:], distC[:])
	nlit, ndist := 286, 30
	for nlit > 257 && litL[nlit-1] == 0 {
		nlit--
	}
	for ndist > 1 && distL[ndist-1] == 0 {
		ndist--
	}

	// The code lengths, run-length coded (RFC 1951 3.2.7).
	var seq [286 + 30]uint8
	copy(seq[:], litL[:nlit])
	copy(seq[nlit:], distL[:ndist])
	lens := seq[:nlit+ndist]
	type clItem struct{ sym, extra, nextra uint8 }
	var items [286 + 30]clItem
	ni := 0
	var clF [19]uint32
	emit := func(sym, extra, nextra uint8) {
		items[ni] = clItem{sym, extra, nextra}
		ni++
		clF[sym]++
	}
	for i := 0; i < len(lens); {
		l := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				k := min(run, 138)
				emit(18, uint8(k-11), 7)
				run -= k
			}
			if run >= 3 {
				emit(17, uint8(run-3), 3)
				run = 0
			}
		} else {
			emit(l, 0, 0)
			run--
			for run >= 3 {
				k := min(run, 6)
				emit(16, uint8(k-3), 2)
				run -= k
			}
		}
		for ; run > 0; run-- {
			emit(l, 0, 0)
		}
	}
	var clL [19]uint8
	var clC [19]uint16
	huffmanLengths(clF[:], clL[:], 7)
	canonicalCodes(clL[:], clC[:])
	nclen := 19
	for nclen > 4 && clL[clOrder[nclen-1]] == 0 {
		nclen--
	}

	var bfinal uint32
	if final {
		bfinal = 1
	}
	z.put(bfinal|2<<1, 3) // BFINAL, BTYPE 10: dynamic Huffman codes
	z.put(uint32(nlit-257), 5)
	z.put(uint32(ndist-1), 5)
	z.put(uint32(nclen-4), 4)
	for _, s := range clOrder[:nclen] {
		z.put(uint32(clL[s]), 3)
	}
	for _, it := range items[:ni] {
		z.put(uint32(clC[it.sym]), uint(clL[it.sym]))
		if it.nextra > 0 {
			z.put(uint32(it.extra), uint(it.nextra))
		}
	}
	for _, t := range z.tokens {
		if t&match == 0 {
			z.put(uint32(litC[t]), uint(litL[t]))
			continue
		}
		l, d := int(t>>8&0x1ff), int(t&0xff)
		s := lengthSym[l]
		z.put(uint32(litC[s]), uint(litL[s]))
		if e := lengthExtra[s-257]; e > 0 {
			z.put(uint32(l-int(lengthBase[s-257])), uint(e))
		}
		z.put(uint32(distC[d-1]), uint(distL[d-1])) // distances 1-4: codes 0-3, no extra bits
	}
	z.put(uint32(litC[256]), uint(litL[256]))
	z.tokens = z.tokens[:0]
	z.litF, z.distF = [286]uint32{}, [30]uint32{}
}
