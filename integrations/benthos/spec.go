package benthos

import (
	"sync"

	"github.com/redpanda-data/benthos/v4/public/service"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/sanitize"
)

// Config field names, shared by both processors.
const (
	fieldSchema         = "schema"
	fieldSchemaPath     = "schema_path"
	fieldAssertFormat   = "assert_format"
	fieldStrict         = "strict"
	fieldCloseTruncated = "close_truncated"
	fieldMinConfidence  = "min_confidence"
	fieldAllow          = "allow"
	fieldDeny           = "deny"
	fieldNonFinite      = "non_finite_strings"
	fieldSchemaFixes    = "schema_fixes"
	fieldMaxDepth       = "max_depth"
	fieldMaxBytes       = "max_bytes"
	fieldOneLine        = "one_line"

	fieldHeal           = "heal"
	fieldBaseURL        = "base_url"
	fieldModel          = "model"
	fieldAPIKey         = "api_key"
	fieldAPIKeyEnv      = "api_key_env"
	fieldMaxAttempts    = "max_attempts"
	fieldBudgetTokens   = "budget_tokens"
	fieldTimeout        = "timeout"
	fieldAttemptTimeout = "attempt_timeout"
	fieldMaxTokens      = "max_tokens"
	fieldSystemPrompt   = "system_prompt"
	fieldMaxInFlight    = "max_in_flight"
	fieldTaskID         = "task_id"
	fieldRespFormat     = "response_format"
)

// defaultBaseURL is OpenAI's; any OpenAI-compatible server works.
const defaultBaseURL = "https://api.openai.com/v1"

// lintedFields are the fields with a lint rule, made once and shared by
// both processors' specs: Benthos parses a lint rule (Bloblang) when the
// field is made, and the plugin registers at each start of the binary.
var lintedFields = sync.OnceValue(func() struct{ allow, deny, schemaFixes *service.ConfigField } {
	return struct{ allow, deny, schemaFixes *service.ConfigField }{
		allow: service.NewStringListField(fieldAllow).
			Description("Repair kinds to allow; when set, every other switchable kind is off (see `jsonheal repair -kinds`). Empty allows them all.").
			Default([]any{}).
			Example([]any{"trailing_comma", "missing_comma", "python_literal"}).
			LintRule(kindLint(fieldAllow)),
		deny: service.NewStringListField(fieldDeny).
			Description("Repair kinds to turn off: what they would repair is a syntax error instead.").
			Default([]any{}).
			Example([]any{"unquoted_value", "inner_quote", "mismatched_bracket"}).
			LintRule(kindLint(fieldDeny)),
		schemaFixes: service.NewStringListField(fieldSchemaFixes).
			Description("Schema-guided fixes allowed: rename, enum_case, coerce, wrap_array, default. An empty list allows none.").
			Default([]any{"rename", "enum_case", "coerce", "wrap_array", "default"}).
			LintRule(nameLint(fieldSchemaFixes, "fix", fixRuleNames())),
	}
})

func commonFields(batch bool) []*service.ConfigField {
	linted := lintedFields()
	healFields := []*service.ConfigField{
		service.NewStringField(fieldModel).
			Description("Model name sent in each request, for example `gpt-4o-mini`. Empty leaves the model off (the fast layers only), so a generated config never calls a model by itself.").
			Default(""),
		service.NewURLField(fieldBaseURL).
			Description("Base URL of an OpenAI-compatible chat-completions API (ending in `/v1`).").
			Default(defaultBaseURL),
		service.NewStringField(fieldAPIKey).
			Description("API key sent as a bearer token. Takes precedence over `api_key_env`.").
			Secret().Default(""),
		service.NewStringField(fieldAPIKeyEnv).
			Description("Environment variable holding the API key, read when `api_key` is empty. Empty sends no key.").
			Default("OPENAI_API_KEY"),
		service.NewIntField(fieldMaxAttempts).
			Description("Model attempts per record (not transport retries): 2 is the first call and one correction with diagnostics.").
			Default(heal.DefaultMaxAttempts),
		service.NewIntField(fieldBudgetTokens).
			Description("Stop healing a record once its prompt plus completion tokens reach this many; 0 means no limit.").
			Default(0),
		service.NewDurationField(fieldTimeout).
			Description("Time limit for healing one record, backoff included; 0s means none.").
			Default("0s"),
		service.NewDurationField(fieldAttemptTimeout).
			Description("Time limit of each model call.").
			Default(heal.DefaultAttemptTimeout.String()),
		service.NewIntField(fieldMaxTokens).
			Description("max_tokens of each answer; 0 leaves it to the server.").
			Default(0),
		service.NewInterpolatedStringField(fieldTaskID).
			Description("Names the record in traces and dead letters (for example `${! meta(\"kafka_key\") }`), and is the base of its Idempotency-Key, so a redelivered record reuses its keys. Must be unique per record; empty draws a random key per delivery.").
			Default(""),
		service.NewBoolField(fieldRespFormat).
			Description("Also send the schema as `response_format` (`json_schema`); the answer is validated locally all the same.").
			Default(false),
		service.NewStringField(fieldSystemPrompt).
			Description("System prompt; empty means a built-in one that asks for the corrected record and includes the schema.").
			Default("").Advanced(),
	}
	if batch {
		healFields = append(healFields, service.NewIntField(fieldMaxInFlight).
			Description("Records of one batch healed by the model at the same time.").
			Default(4))
	}
	return []*service.ConfigField{
		service.NewStringField(fieldSchema).
			Description("Inline JSON Schema every message must match (drafts 4, 6, 7, 2019-09, 2020-12). Empty with an empty `schema_path` accepts any single JSON value.").
			Default("").
			Example(`{"type":"object","required":["id"],"properties":{"id":{"type":"integer"}}}`),
		service.NewStringField(fieldSchemaPath).
			Description("Path of a JSON Schema file; an alternative to `schema`.").
			Default(""),
		service.NewBoolField(fieldAssertFormat).
			Description("Make `format` an assertion in every draft.").
			Default(false).Advanced(),
		service.NewBoolField(fieldStrict).
			Description("Allow only certain repairs: fence and prose removal, control-byte escapes and truncation handling; anything else is rejected.").
			Default(false),
		service.NewBoolField(fieldCloseTruncated).
			Description("Close a truncated record with minimal closers instead of rejecting it; it then carries `jsonheal_truncated: true`.").
			Default(false),
		linted.allow,
		linted.deny,
		service.NewStringEnumField(fieldMinConfidence, "guess", "likely", "certain").
			Description("Confidence floor of repairs and schema fixes: a record that needs a weaker one goes to the model, or is rejected with the guess named. The default, `likely`, keeps guesses (a repair that picks one reading of ambiguous bytes) out of the output unless you ask for them with `guess`.").
			Default("likely"),
		service.NewBoolField(fieldNonFinite).
			Description("Keep undefined, NaN and Infinity as strings instead of turning them into null.").
			Default(false),
		linted.schemaFixes,
		service.NewBoolField(fieldOneLine).
			Description("Put an accepted record whose JSON spans lines (pretty-printed) on one line, line breaks between tokens becoming spaces, as `jsonheal clean` writes JSON Lines. false keeps the bytes of a valid record as they are.").
			Default(true),
		service.NewIntField(fieldMaxDepth).
			Description("Nesting limit of a record.").
			Default(sanitize.DefaultMaxDepth).Advanced(),
		service.NewIntField(fieldMaxBytes).
			Description("Reject a record whose repaired form would exceed this many bytes; 0 means no limit.").
			Default(0).Advanced(),
		service.NewObjectField(fieldHeal, healFields...).
			Description("Model settings. When set, a record that sanitize, validation and the schema fixes could not save is sent to the model with its diagnostics, and the answer is validated locally. Truncated records are never sent: a model cannot know what was cut off.").
			Optional(),
	}
}

// ProcessorSpec returns the config spec of the jsonheal processor.
func ProcessorSpec() *service.ConfigSpec {
	return service.NewConfigSpec().
		Beta().
		Categories("Parsing", "Utility").
		Summary("Repairs and validates JSON messages in place with jsonheal; dead-letters the ones it cannot save.").
		Description(specDescription).
		Fields(commonFields(false)...).
		LintRule(schemaLint)
}

// BatchProcessorSpec returns the config spec of the jsonheal_batch
// processor.
func BatchProcessorSpec() *service.ConfigSpec {
	return service.NewConfigSpec().
		Beta().
		Categories("Parsing", "Utility").
		Summary("The jsonheal processor over batches: the records of a batch that need the model are healed concurrently; the batch keeps its order.").
		Description(specDescription).
		Fields(commonFields(true)...).
		LintRule(schemaLint)
}

const schemaLint = `root = if this.schema.or("") != "" && this.schema_path.or("") != "" { [ "set schema or schema_path, not both" ] }`

const specDescription = `
Each message is sanitized (fences, prose, control bytes, invalid UTF-8,
broken syntax, truncation) under the repair policy (allow, deny,
min_confidence, strict), validated against the schema, and fixed by the
enabled schema-guided fixes. A message that needed changes gets the repaired bytes
and the metadata ` + "`jsonheal_repaired`, `jsonheal_fixes`, `jsonheal_fix_list`, `jsonheal_truncated` and `jsonheal_outcome`" + `.

A message that cannot be saved keeps its original bytes, is flagged as
errored, and carries ` + "`jsonheal_error`, `jsonheal_class`, `jsonheal_layer` and `jsonheal_diagnostics`" + `
(and ` + "`jsonheal_dead_letter`" + ` when the model was tried). Route it with a
` + "`switch`" + ` output on ` + "`errored()`" + `.

Counters: ` + "`jsonheal_messages` (outcome), `jsonheal_fixes` (layer, reason), `jsonheal_rejects` (layer, reason), `jsonheal_model_calls` (result) and `jsonheal_model_tokens` (kind)" + `.`
