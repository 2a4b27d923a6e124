//go:build !unix

package benthos

import "time"

// processCPU is not available here: the cpu-ns/record metric reads 0.
func processCPU() time.Duration { return 0 }
