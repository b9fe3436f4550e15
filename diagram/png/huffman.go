package png

import (
	"cmp"
	"math/bits"
	"slices"
)

// huffmanLengths sets lens[s] to the length of the Huffman code of symbol
// s for the frequencies freq (0: the symbol has no code), at most limit
// bits. A code too long is avoided by halving the frequencies (each kept
// at least 1) and building the code again: simple, and at these sizes
// (286 symbols, a limit of 15) it seldom happens. Ties are broken by the
// symbol, so the lengths depend on freq only. With fewer than two symbols
// used, two get a code of one bit: a complete code, which every inflater
// accepts.
func huffmanLengths(freq []uint32, lens []uint8, limit int) {
	clear(lens)
	var symBuf [288]uint16
	var w [288]uint32
	syms := symBuf[:0]
	for s, f := range freq {
		if f > 0 {
			syms = append(syms, uint16(s))
			w[s] = f
		}
	}
	if len(syms) < 2 {
		lens[0], lens[1] = 1, 1
		if len(syms) == 1 && syms[0] > 1 {
			lens[1], lens[syms[0]] = 0, 1
		}
		return
	}
	n := len(syms)
	var weight [2 * 288]uint32
	var parent [2 * 288]int16
	var depth [2 * 288]uint8
	for {
		slices.SortFunc(syms, func(a, b uint16) int {
			if c := cmp.Compare(w[a], w[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		for i, s := range syms {
			weight[i] = w[s]
		}
		// Two queues: the leaves in order, and the inner nodes, which
		// are made in order of weight.
		leaf, inner, next := 0, n, n
		pick := func() int {
			if leaf < n && (inner >= next || weight[leaf] <= weight[inner]) {
				leaf++
				return leaf - 1
			}
			inner++
			return inner - 1
		}
		for next < 2*n-1 {
			a := pick()
			b := pick()
			weight[next] = weight[a] + weight[b]
			parent[a], parent[b] = int16(next), int16(next)
			next++
		}
		root := 2*n - 2
		depth[root] = 0
		longest := 0
		for k := root - 1; k >= 0; k-- {
			depth[k] = depth[parent[k]] + 1
			if k < n {
				longest = max(longest, int(depth[k]))
			}
		}
		if longest <= limit {
			for i, s := range syms {
				lens[s] = depth[i]
			}
			return
		}
		for _, s := range syms {
			w[s] = (w[s] + 1) / 2
		}
	}
}

// canonicalCodes sets codes[s] to the canonical Huffman code of length
// lens[s] (RFC 1951 3.2.2), its bits reversed: deflate packs a code from
// its first bit, into the low bits of a byte first.
func canonicalCodes(lens []uint8, codes []uint16) {
	var count, next [16]int
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	code := 0
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l > 0 {
			codes[s] = bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
		}
	}
}
