package benthos

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/redpanda-data/benthos/v4/public/service"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
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

// Names of the schema-guided fix rules, as in heal.FixRule.String.
var fixRuleByName = map[string]heal.FixRule{
	"rename":     heal.FixRename,
	"enum_case":  heal.FixEnumCase,
	"coerce":     heal.FixCoerce,
	"wrap_array": heal.FixWrapArray,
	"default":    heal.FixDefault,
}

var confidenceByName = map[string]sanitize.Confidence{
	"guess":   sanitize.Guess,
	"likely":  sanitize.Likely,
	"certain": sanitize.Certain,
}

func commonFields(batch bool) []*service.ConfigField {
	healFields := []*service.ConfigField{
		service.NewStringField(fieldModel).
			Description("Model name sent in each request.").
			Example("gpt-4o-mini"),
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
		service.NewStringListField(fieldAllow).
			Description("Repair kinds to allow; when set, every other switchable kind is off (see `jsonheal repair -kinds`). Empty allows them all.").
			Default([]any{}).
			Example([]any{"trailing_comma", "missing_comma", "python_literal"}),
		service.NewStringListField(fieldDeny).
			Description("Repair kinds to turn off: what they would repair is a syntax error instead.").
			Default([]any{}).
			Example([]any{"unquoted_value", "inner_quote", "mismatched_bracket"}),
		service.NewStringEnumField(fieldMinConfidence, "guess", "likely", "certain").
			Description("Confidence floor of repairs and schema fixes: a record that needs a weaker one goes to the model, or is rejected.").
			Default("guess"),
		service.NewBoolField(fieldNonFinite).
			Description("Keep undefined, NaN and Infinity as strings instead of turning them into null.").
			Default(false),
		service.NewStringListField(fieldSchemaFixes).
			Description("Schema-guided fixes allowed: rename, enum_case, coerce, wrap_array, default. An empty list allows none.").
			Default([]any{"rename", "enum_case", "coerce", "wrap_array", "default"}),
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

// settings is a parsed config.
type settings struct {
	schemaText     []byte
	schema         *validate.Schema
	sanitize       sanitize.Options
	closeTruncated bool
	minConfidence  sanitize.Confidence
	disabledFixes  heal.FixRule
	model          *modelSettings
}

// modelSettings are the parsed heal fields.
type modelSettings struct {
	baseURL, model, apiKey string
	maxAttempts            int
	budgetTokens           int
	timeout                time.Duration
	attemptTimeout         time.Duration
	maxTokens              int
	systemPrompt           string
	maxInFlight            int
	taskID                 *service.InterpolatedString
	responseFormat         bool
}

func parseSettings(conf *service.ParsedConfig, batch bool) (*settings, error) {
	s := &settings{}
	inline, err := conf.FieldString(fieldSchema)
	if err != nil {
		return nil, err
	}
	path, err := conf.FieldString(fieldSchemaPath)
	if err != nil {
		return nil, err
	}
	assertFormat, err := conf.FieldBool(fieldAssertFormat)
	if err != nil {
		return nil, err
	}
	switch {
	case inline != "" && path != "":
		return nil, errors.New("set schema or schema_path, not both")
	case inline != "":
		s.schemaText = []byte(inline)
	case path != "":
		if s.schemaText, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("schema_path: %w", err)
		}
	}
	if s.schemaText != nil {
		if s.schema, err = validate.Compile(s.schemaText, validate.Options{AssertFormat: assertFormat}); err != nil {
			return nil, fmt.Errorf("schema does not compile: %w", err)
		}
	}

	if s.sanitize.Strict, err = conf.FieldBool(fieldStrict); err != nil {
		return nil, err
	}
	if s.closeTruncated, err = conf.FieldBool(fieldCloseTruncated); err != nil {
		return nil, err
	}
	depth, err := conf.FieldInt(fieldMaxDepth)
	if err != nil {
		return nil, err
	}
	if depth < 1 {
		return nil, fmt.Errorf("max_depth must be at least 1, not %d", depth)
	}
	if depth != sanitize.DefaultMaxDepth {
		s.sanitize.MaxDepth = depth
	}
	maxBytes, err := conf.FieldInt(fieldMaxBytes)
	if err != nil {
		return nil, err
	}
	if maxBytes < 0 {
		return nil, fmt.Errorf("max_bytes must not be negative, not %d", maxBytes)
	}
	s.sanitize.MaxOutput = int64(maxBytes)

	if s.sanitize.NonFiniteAsString, err = conf.FieldBool(fieldNonFinite); err != nil {
		return nil, err
	}
	floor, err := conf.FieldString(fieldMinConfidence)
	if err != nil {
		return nil, err
	}
	c, ok := confidenceByName[floor]
	if !ok {
		return nil, fmt.Errorf("min_confidence must be guess, likely or certain, not %q", floor)
	}
	s.minConfidence = c
	if c > sanitize.Guess {
		s.sanitize.MinConfidence = c
	}
	allow, err := kindSet(conf, fieldAllow)
	if err != nil {
		return nil, err
	}
	if allow != 0 {
		s.sanitize.Disable = switchableKinds &^ allow
	}
	deny, err := kindSet(conf, fieldDeny)
	if err != nil {
		return nil, err
	}
	s.sanitize.Disable |= deny

	names, err := conf.FieldStringList(fieldSchemaFixes)
	if err != nil {
		return nil, err
	}
	allowed := heal.FixRule(0)
	for _, n := range names {
		r, ok := fixRuleByName[strings.TrimSpace(n)]
		if !ok {
			return nil, fmt.Errorf("schema_fixes: unknown fix %q (want rename, enum_case, coerce, wrap_array or default)", n)
		}
		allowed |= r
	}
	s.disabledFixes = heal.AllFixes &^ allowed

	if conf.Contains(fieldHeal) {
		if s.model, err = parseModel(conf.Namespace(fieldHeal), batch); err != nil {
			return nil, fmt.Errorf("heal: %w", err)
		}
	}
	return s, nil
}

// switchableKinds are the repair kinds allow and deny may name.
var switchableKinds = sanitize.RepairKinds.With(sanitize.KindInvalidUTF8)

// kindSet reads a list of switchable repair kind names.
func kindSet(conf *service.ParsedConfig, field string) (sanitize.KindSet, error) {
	names, err := conf.FieldStringList(field)
	if err != nil {
		return 0, err
	}
	var set sanitize.KindSet
	for _, n := range names {
		k, ok := sanitize.ParseKind(strings.TrimSpace(n))
		if !ok {
			return 0, fmt.Errorf("%s: unknown repair kind %q", field, n)
		}
		if !switchableKinds.Has(k) {
			return 0, fmt.Errorf("%s: %q is always on and cannot be switched", field, n)
		}
		set = set.With(k)
	}
	return set, nil
}

func parseModel(conf *service.ParsedConfig, batch bool) (*modelSettings, error) {
	m := &modelSettings{maxInFlight: 1}
	var err error
	if m.model, err = conf.FieldString(fieldModel); err != nil {
		return nil, err
	}
	if strings.TrimSpace(m.model) == "" {
		return nil, errors.New("model is required")
	}
	u, err := conf.FieldURL(fieldBaseURL)
	if err != nil {
		return nil, err
	}
	m.baseURL = strings.TrimSuffix(u.String(), "/")
	if m.apiKey, err = conf.FieldString(fieldAPIKey); err != nil {
		return nil, err
	}
	keyEnv, err := conf.FieldString(fieldAPIKeyEnv)
	if err != nil {
		return nil, err
	}
	if m.apiKey == "" && keyEnv != "" {
		m.apiKey = os.Getenv(keyEnv)
	}
	if m.maxAttempts, err = conf.FieldInt(fieldMaxAttempts); err != nil {
		return nil, err
	}
	if m.budgetTokens, err = conf.FieldInt(fieldBudgetTokens); err != nil {
		return nil, err
	}
	if m.timeout, err = conf.FieldDuration(fieldTimeout); err != nil {
		return nil, err
	}
	if m.attemptTimeout, err = conf.FieldDuration(fieldAttemptTimeout); err != nil {
		return nil, err
	}
	if m.maxTokens, err = conf.FieldInt(fieldMaxTokens); err != nil {
		return nil, err
	}
	if m.systemPrompt, err = conf.FieldString(fieldSystemPrompt); err != nil {
		return nil, err
	}
	if m.taskID, err = conf.FieldInterpolatedString(fieldTaskID); err != nil {
		return nil, err
	}
	if m.responseFormat, err = conf.FieldBool(fieldRespFormat); err != nil {
		return nil, err
	}
	if batch {
		if m.maxInFlight, err = conf.FieldInt(fieldMaxInFlight); err != nil {
			return nil, err
		}
	}
	switch {
	case m.maxAttempts < 1:
		return nil, fmt.Errorf("max_attempts must be at least 1, not %d", m.maxAttempts)
	case m.budgetTokens < 0 || m.maxTokens < 0:
		return nil, errors.New("budget_tokens and max_tokens must not be negative")
	case m.timeout < 0 || m.attemptTimeout <= 0:
		return nil, errors.New("timeout must not be negative and attempt_timeout must be positive")
	case m.maxInFlight < 1:
		return nil, fmt.Errorf("max_in_flight must be at least 1, not %d", m.maxInFlight)
	}
	return m, nil
}
