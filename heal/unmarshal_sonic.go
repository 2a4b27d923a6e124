//go:build amd64 || arm64

package heal

import "github.com/bytedance/sonic"

// unmarshal decodes JSON into v with sonic, in encoding/json's manner.
func unmarshal(data []byte, v any) error { return sonic.ConfigStd.Unmarshal(data, v) }
