package png

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
)

// encode writes img as a PNG (ISO/IEC 15948): 8-bit RGB when every pixel
// is opaque, else 8-bit RGBA with non-premultiplied colours, each row
// filtered by Up (the difference from the row above: the rows of a board
// differ little), compressed by zlib at BestSpeed in one IDAT chunk.
// image/png's encoder tries five filters on every row and keeps the one
// whose sum of differences is least: that choice was 40% of the time of a
// 600-pixel picture, for files a few per cent smaller. The bytes depend
// only on img (and compress/flate's code), not on the platform.
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
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, colorType // bit depth, colour type; deflate, filters, no interlace
	writeChunk(bw, "IHDR", ihdr[:])

	// The IDAT data, compressed into a buffer that becomes one chunk.
	idat := &chunkBuffer{data: make([]byte, 0, width*height/4+1024)}
	z, _ := zlib.NewWriterLevel(idat, zlib.BestSpeed)
	n := bpp * width
	prev := make([]byte, n)
	cur := make([]byte, n)
	out := make([]byte, 1+n)
	out[0] = 2 // Up
	for y := range height {
		row := img.Pix[y*img.Stride : y*img.Stride+4*width]
		if opaque {
			for x, j := 0, 0; j < len(row); x, j = x+3, j+4 {
				cur[x], cur[x+1], cur[x+2] = row[j], row[j+1], row[j+2]
			}
		} else {
			unpremultiply(cur, row)
		}
		for i := range n {
			out[1+i] = cur[i] - prev[i]
		}
		if _, err := z.Write(out); err != nil {
			return err
		}
		prev, cur = cur, prev
	}
	if err := z.Close(); err != nil {
		return err
	}
	writeChunk(bw, "IDAT", idat.data)
	writeChunk(bw, "IEND", nil)
	return bw.Flush()
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

// chunkBuffer collects the compressed data.
type chunkBuffer struct{ data []byte }

func (c *chunkBuffer) Write(p []byte) (int, error) {
	c.data = append(c.data, p...)
	return len(p), nil
}

// writeChunk writes a PNG chunk: length, type, data, CRC of type and data.
func writeChunk(w *bufio.Writer, typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	w.Write(head[:])
	w.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	w.Write(sum[:])
}
