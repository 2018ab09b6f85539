package webtech

import (
	"fmt"
	"math"
)

// multiMatcher finds which of a fixed set of literals occur in a document in
// one pass (an Aho-Corasick automaton compiled to a DFA over byte classes).
// HTML rules are literal checks, and scanning a 500 KB page once instead of
// once per literal keeps Detect fast. It is immutable after construction.
type multiMatcher struct {
	class  [256]uint16 // byte -> class; class 0 is "a byte no literal contains"
	nclass int
	delta  []uint16  // delta[state*nclass+class] = next state
	out    [][]int32 // literal ids recognised on entering each state
	n      int       // number of literals
	lens   []int     // byte length of each literal
}

// newMultiMatcher compiles the literals; literal i is reported as id i.
// Empty literals never match.
func newMultiMatcher(literals []string) *multiMatcher {
	m := &multiMatcher{n: len(literals), lens: make([]int, len(literals))}
	for id, lit := range literals {
		m.lens[id] = len(lit)
		for i := 0; i < len(lit); i++ {
			if m.class[lit[i]] == 0 {
				m.nclass++
				m.class[lit[i]] = uint16(m.nclass)
			}
		}
	}
	m.nclass++ // class 0 plus one per distinct byte

	// Trie with dense child tables; -1 marks "no child yet".
	children := [][]int32{m.newRow()}
	out := [][]int32{nil}
	for id, lit := range literals {
		if lit == "" {
			continue
		}
		s := int32(0)
		for i := 0; i < len(lit); i++ {
			c := m.class[lit[i]]
			next := children[s][c]
			if next < 0 {
				next = int32(len(children))
				children[s][c] = next
				children = append(children, m.newRow())
				out = append(out, nil)
			}
			s = next
		}
		out[s] = append(out[s], int32(id))
	}

	// Breadth-first: failure links, merged outputs and the DFA table.
	if len(children) > math.MaxUint16 {
		panic(fmt.Sprintf("webtech: %d matcher states exceed the uint16 table", len(children)))
	}
	fail := make([]int32, len(children))
	m.delta = make([]uint16, len(children)*m.nclass)
	queue := make([]int32, 0, len(children))
	for c := 0; c < m.nclass; c++ {
		if next := children[0][c]; next >= 0 {
			m.delta[c] = uint16(next)
			queue = append(queue, next)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		out[s] = append(out[s], out[fail[s]]...)
		for c := 0; c < m.nclass; c++ {
			next := children[s][c]
			if next < 0 {
				m.delta[int(s)*m.nclass+c] = m.delta[int(fail[s])*m.nclass+c]
				continue
			}
			fail[next] = int32(m.delta[int(fail[s])*m.nclass+c])
			m.delta[int(s)*m.nclass+c] = uint16(next)
			queue = append(queue, next)
		}
	}
	m.out = out
	return m
}

func (m *multiMatcher) newRow() []int32 {
	row := make([]int32, m.nclass)
	for i := range row {
		row[i] = -1
	}
	return row
}

// scan reports, by id, which literals occur in doc.
func (m *multiMatcher) scan(doc []byte) []bool { return m.scanIn(doc, nil, nil) }

// scanIn reports, by id, which literals occur in doc where rg allows them:
// place[id] says where literal id counts (nil: anywhere).
func (m *multiMatcher) scanIn(doc []byte, place []uint8, rg *regions) []bool {
	found := make([]bool, m.n)
	remaining := m.n
	delta, class, nclass, out := m.delta, &m.class, m.nclass, m.out
	s := 0
	for i, b := range doc {
		s = int(delta[s*nclass+int(class[b])])
		if out[s] == nil {
			continue
		}
		for _, id := range out[s] {
			if found[id] {
				continue
			}
			if place != nil && place[id] != placeAnywhere && !rg.allows(place[id], i+1-m.lens[id]) {
				continue
			}
			found[id] = true
			remaining--
		}
		if remaining == 0 {
			break
		}
	}
	return found
}
