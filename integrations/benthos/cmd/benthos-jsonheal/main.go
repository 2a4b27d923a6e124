// Command benthos-jsonheal is a Benthos binary with the jsonheal and
// jsonheal_batch processors and the MIT core components (pure and io:
// file, stdin/stdout, HTTP, sockets, generate, switch, broker, ...).
//
//	benthos-jsonheal -c config.yaml
package main

import (
	"context"

	_ "github.com/redpanda-data/benthos/v4/public/components/io"
	_ "github.com/redpanda-data/benthos/v4/public/components/pure"
	"github.com/redpanda-data/benthos/v4/public/service"

	_ "github.com/jsonheal/jsonheal/integrations/benthos"
)

func main() {
	service.RunCLI(context.Background())
}
