// Package benthos plugs jsonheal into Benthos (github.com/redpanda-data/benthos/v4,
// MIT core) and therefore into Redpanda Connect, which builds on the same
// public/service plugin API.
//
// Importing the package registers two processors:
//
//   - jsonheal: sanitizes and validates each message in place, calling a
//     model (optional) for a record the fast layers could not repair;
//   - jsonheal_batch: the same per message, but the records of a batch that
//     need a model are healed concurrently, and the batch keeps its order.
//
// A repaired message carries metadata (jsonheal_repaired, jsonheal_fixes,
// jsonheal_truncated, ...). A message that cannot be saved keeps its
// original bytes, is marked with an error (route it with `switch` and
// `errored()`), and carries jsonheal_error, jsonheal_class, jsonheal_layer
// and jsonheal_diagnostics. Counters by layer and reason go to the
// manager's metrics.
//
// This is its own Go module, so users of the jsonheal library never inherit
// Benthos's dependencies.
package benthos
