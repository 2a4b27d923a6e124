//go:build !unix

package bench

import "time"

// processCPU is not available here: the cpu-MB/s metric is left out.
func processCPU() time.Duration { return 0 }
