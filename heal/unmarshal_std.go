//go:build !amd64 && !arm64

package heal

import "encoding/json"

// unmarshal decodes JSON into v with encoding/json: sonic supports 64-bit
// amd64 and arm64 only.
func unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
