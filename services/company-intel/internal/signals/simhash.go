package signals

import "math/bits"

// SimHash is Charikar's 64-bit similarity hash of a token list: each
// token's 64-bit hash adds its weight (the token's count) to the bit
// positions where the hash has a 1 and subtracts it where it has a 0; the
// result has a 1 wherever the sum is positive. Texts that share most of
// their tokens get hashes a few bits apart.
func SimHash(toks []string) uint64 {
	if len(toks) == 0 {
		return 0
	}
	var v [64]int
	for _, t := range toks {
		h := hash64(t)
		for b := range 64 {
			if h&(1<<b) != 0 {
				v[b]++
			} else {
				v[b]--
			}
		}
	}
	var out uint64
	for b := range 64 {
		if v[b] > 0 {
			out |= 1 << b
		}
	}
	return out
}

// Hamming is the number of bits in which a and b differ.
func Hamming(a, b uint64) int { return bits.OnesCount64(a ^ b) }

// NearDuplicate is the SimHash distance at or below which two texts are
// the same text (reference §5.4, after Manku et al. 2007).
const NearDuplicate = 3

// hash64 is 64-bit FNV-1a followed by the SplitMix64 finaliser, which
// spreads FNV's weak low-bit mixing over all 64 bits.
func hash64(s string) uint64 {
	const (
		offset = 14695981039346656037
		prime  = 1099511628211
	)
	h := uint64(offset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime
	}
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}
