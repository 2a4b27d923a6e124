// Command benthos-jsonheal is a Benthos binary with the jsonheal and
// jsonheal_batch processors, the jsonheal_records scanner, a prometheus
// metrics exporter and the MIT core components (pure and io: file,
// stdin/stdout, HTTP, sockets, generate, switch, broker, ...).
//
//	benthos-jsonheal -c config.yaml
//	benthos-jsonheal --version
package main

import (
	"context"

	_ "github.com/redpanda-data/benthos/v4/public/components/io"
	_ "github.com/redpanda-data/benthos/v4/public/components/pure"
	"github.com/redpanda-data/benthos/v4/public/service"

	jsonheal "github.com/jsonheal/jsonheal/integrations/benthos"
)

// version and dateBuilt may be set with -ldflags "-X main.version=v1.2.3
// -X main.dateBuilt=2026-12-03"; version defaults to the jsonheal
// library's version from the build information.
var version, dateBuilt string

func main() {
	if err := jsonheal.RegisterPrometheus(service.GlobalEnvironment()); err != nil {
		panic(err)
	}
	v := version
	if v == "" {
		v = jsonheal.Version()
	}
	if dateBuilt == "" {
		dateBuilt = "unknown"
	}
	service.RunCLI(context.Background(),
		service.CLIOptSetBinaryName("benthos-jsonheal"),
		service.CLIOptSetProductName("benthos-jsonheal"),
		service.CLIOptSetVersion("jsonheal "+v+", benthos "+jsonheal.BenthosVersion(), dateBuilt),
	)
}
