package benthos

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/redpanda-data/benthos/v4/public/service"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
)

// Names of the schema-guided fix rules, as in schemafix.Rule.String.
var fixRuleByName = map[string]schemafix.Rule{
	"rename":     schemafix.Rename,
	"enum_case":  schemafix.EnumCase,
	"coerce":     schemafix.Coerce,
	"wrap_array": schemafix.WrapArray,
	"default":    schemafix.Default,
}

var confidenceByName = map[string]sanitize.Confidence{
	"guess":   sanitize.Guess,
	"likely":  sanitize.Likely,
	"certain": sanitize.Certain,
}

// settings is a parsed config.
type settings struct {
	schemaText     []byte
	schema         *validate.Schema
	sanitize       sanitize.Options
	closeTruncated bool
	minConfidence  sanitize.Confidence
	disabledFixes  schemafix.Rule
	oneLine        bool
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
		if s.schemaText, err = validate.ReadSchemaFile(path); err != nil {
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
	s.sanitize.MaxInput = int64(maxBytes)

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
	s.sanitize.MinConfidence = c
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
	allowed := schemafix.Rule(0)
	for _, n := range names {
		r, ok := fixRuleByName[strings.TrimSpace(n)]
		if !ok {
			return nil, fmt.Errorf("schema_fixes: unknown fix %q (want rename, enum_case, coerce, wrap_array or default)", n)
		}
		allowed |= r
	}
	s.disabledFixes = schemafix.All &^ allowed

	if s.oneLine, err = conf.FieldBool(fieldOneLine); err != nil {
		return nil, err
	}
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
		return nil, nil // no model: the fast layers only
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
