package benthos

import "runtime/debug"

// Module paths whose versions Version and BenthosVersion report.
const (
	jsonhealModule = "github.com/jsonheal/jsonheal"
	benthosModule  = "github.com/redpanda-data/benthos/v4"
)

// MetricBuildInfo is a gauge set to 1 with the jsonheal version as its
// version label, so that dashboards can tell which jsonheal a pipeline runs.
const MetricBuildInfo = "jsonheal_build_info"

// Version returns the version of the jsonheal library built into this
// binary, as recorded in its build information: a tag such as v1.2.0, or
// "(devel)" when built from a source tree (a replace directive).
func Version() string { return moduleVersion(jsonhealModule) }

// BenthosVersion returns the version of the Benthos core built in.
func BenthosVersion() string { return moduleVersion(benthosModule) }

func moduleVersion(path string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	if bi.Main.Path == path {
		return orDevel(bi.Main.Version)
	}
	for _, d := range bi.Deps {
		if d.Path != path {
			continue
		}
		if d.Replace != nil {
			if d.Replace.Version == "" {
				return "(devel)" // a local directory
			}
			return d.Replace.Version
		}
		return orDevel(d.Version)
	}
	return "(unknown)"
}

func orDevel(v string) string {
	if v == "" {
		return "(devel)"
	}
	return v
}
