package heal

import (
	"sync"
	"sync/atomic"

	"github.com/jsonheal/jsonheal/sanitize"
)

// maxSanitizerPools bounds the option sets that get a pool of their own.
// A process uses a handful (one per Healer configuration); past the bound
// a check builds its sanitizer afresh rather than grow the table.
const maxSanitizerPools = 64

// sanitizerPool is the pool of sanitizers of one option set.
type sanitizerPool struct {
	opts sanitize.Options
	pool sync.Pool
}

// sanitizerPools holds one pool per sanitize.Options seen, in a slice
// replaced whole on a miss (copy on write): a check finds its pool by
// comparing option sets, with no lock and no allocation.
var (
	sanitizerPools   atomic.Pointer[[]*sanitizerPool]
	sanitizerPoolsMu sync.Mutex
)

// poolFor returns the pool of sanitizers built with opts, or nil when the
// table is full.
func poolFor(opts *sanitize.Options) *sanitizerPool {
	if p := findPool(sanitizerPools.Load(), opts); p != nil {
		return p
	}
	sanitizerPoolsMu.Lock()
	defer sanitizerPoolsMu.Unlock()
	old := sanitizerPools.Load()
	if p := findPool(old, opts); p != nil {
		return p
	}
	var pools []*sanitizerPool
	if old != nil {
		pools = *old
	}
	if len(pools) >= maxSanitizerPools {
		return nil
	}
	p := &sanitizerPool{opts: *opts}
	o := p.opts
	p.pool.New = func() any { return sanitize.New(o) }
	grown := append(pools[:len(pools):len(pools)], p)
	sanitizerPools.Store(&grown)
	return p
}

func findPool(pools *[]*sanitizerPool, opts *sanitize.Options) *sanitizerPool {
	if pools == nil {
		return nil
	}
	for _, p := range *pools {
		if p.opts == *opts {
			return p
		}
	}
	return nil
}

// getSanitizer returns a sanitizer built with opts, and the pool to put it
// back into (nil: none).
func getSanitizer(opts *sanitize.Options) (*sanitize.Sanitizer, *sanitizerPool) {
	p := poolFor(opts)
	if p == nil {
		return sanitize.New(*opts), nil
	}
	return p.pool.Get().(*sanitize.Sanitizer), p
}

// put returns z to its pool, if it has one.
func (p *sanitizerPool) put(z *sanitize.Sanitizer) {
	if p != nil {
		p.pool.Put(z)
	}
}
