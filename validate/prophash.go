package validate

// propTable finds a member name among the names of "properties" with one
// multiplicative hash of its length and three of its bytes and one string
// comparison: a perfect hash chosen at compile time. Schemas whose names
// defeat it (none found within the tries) use the map instead.
type propTable struct {
	slots []int32 // index in node.props + 1; 0: empty
	seed  uint32
	shift uint8
}

// maxPerfectHashProps bounds the names given a perfect hash; larger
// property lists use the map.
const maxPerfectHashProps = 256

// propKey mixes a name's length and its first, middle and last bytes.
func propKey(name string) uint32 {
	n := len(name)
	if n == 0 {
		return 0
	}
	return uint32(n) ^ uint32(name[0])<<8 ^ uint32(name[n/2])<<16 ^ uint32(name[n-1])<<24
}

// newPropTable returns a perfect hash of names, or nil when it finds none.
func newPropTable(names []string) *propTable {
	if len(names) == 0 || len(names) > maxPerfectHashProps {
		return nil
	}
	keys := make([]uint32, len(names))
	for i, name := range names {
		keys[i] = propKey(name)
	}
	bits := 1
	for 1<<bits < 2*len(names) {
		bits++
	}
	// A fixed sequence of odd seeds: the same schema always gets the same
	// table.
	seed := uint32(0x9e3779b1)
	for size := bits; size <= bits+2; size++ {
		slots := make([]int32, 1<<size)
		shift := uint8(32 - size)
		for range 200 {
			seed = seed*0x01000193 + 0x7f4a7c15 | 1
			clear(slots)
			ok := true
			for i, k := range keys {
				h := (k * seed) >> shift
				if slots[h] != 0 {
					ok = false
					break
				}
				slots[h] = int32(i + 1)
			}
			if ok {
				return &propTable{slots: slots, seed: seed, shift: shift}
			}
		}
	}
	return nil
}

// lookup returns the index of name in props, or -1.
func (t *propTable) lookup(name string, props []prop) int {
	i := int(t.slots[(propKey(name)*t.seed)>>t.shift]) - 1
	if i >= 0 && props[i].name == name {
		return i
	}
	return -1
}
