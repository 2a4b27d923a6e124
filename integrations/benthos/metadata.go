package benthos

import "github.com/redpanda-data/benthos/v4/public/service"

// Metadata keys set by the processors.
const (
	// MetaOutcome: clean, sanitized, fixed, healed or rejected (every
	// message).
	MetaOutcome = "jsonheal_outcome"
	// MetaRepaired: true when the bytes were changed (accepted messages).
	MetaRepaired = "jsonheal_repaired"
	// MetaFixes: the number of repairs made (accepted messages).
	MetaFixes = "jsonheal_fixes"
	// MetaFixList: the repairs, a list of objects with layer, kind,
	// confidence and line/column (sanitize) or path (schema); set only
	// when there are some.
	MetaFixList = "jsonheal_fix_list"
	// MetaTruncated: true when the record was truncated and closed
	// (close_truncated); it is then complete JSON but not the whole record.
	MetaTruncated = "jsonheal_truncated"
	// MetaModelAttempts: model attempts made for this record, when the
	// model was asked.
	MetaModelAttempts = "jsonheal_model_attempts"

	// MetaError: the rejection, one line (rejected messages).
	MetaError = "jsonheal_error"
	// MetaClass: the failure class: syntax, truncated, schema, auth, ...
	MetaClass = "jsonheal_class"
	// MetaLayer: where it failed: sanitize, validate or model.
	MetaLayer = "jsonheal_layer"
	// MetaDiagnostics: compact diagnostics, one line per problem.
	MetaDiagnostics = "jsonheal_diagnostics"
	// MetaDeadLetter: the replayable heal.DeadLetter as JSON, when the
	// model was tried and gave up.
	MetaDeadLetter = "jsonheal_dead_letter"
)

var rejectKeys = []string{MetaError, MetaClass, MetaLayer, MetaDiagnostics, MetaDeadLetter}

// outcomeValues are an outcome's jsonheal_outcome value and its label
// values of jsonheal_messages, made once: boxing the string for the
// metadata, or passing it as a variadic label, would cost an allocation
// per message.
type outcomeValues struct {
	meta   any
	labels []string
}

// outcomes holds the values of each Outcome constant.
var outcomes = func() map[string]outcomeValues {
	m := map[string]outcomeValues{}
	for _, o := range []string{OutcomeClean, OutcomeSanitized, OutcomeFixed, OutcomeHealed, OutcomeRejected} {
		m[o] = outcomeValues{meta: o, labels: []string{o}}
	}
	return m
}()
var acceptKeys = []string{MetaRepaired, MetaFixes, MetaFixList, MetaTruncated}

// apply writes the verdict into msg: the repaired bytes and metadata, or the
// error and its diagnostics (the original bytes are kept for the dead
// letter).
func apply(msg *service.Message, v *verdict) {
	msg.MetaSetMut(MetaOutcome, outcomes[v.outcome].meta)
	if v.attempts > 0 {
		msg.MetaSetMut(MetaModelAttempts, int64(v.attempts))
	} else {
		msg.MetaDelete(MetaModelAttempts)
	}
	if r := v.reject; r != nil {
		for _, k := range acceptKeys {
			msg.MetaDelete(k)
		}
		msg.MetaSetMut(MetaError, r.Error())
		msg.MetaSetMut(MetaClass, r.Class)
		msg.MetaSetMut(MetaLayer, r.Layer)
		msg.MetaSetMut(MetaDiagnostics, r.Diagnostics)
		if v.dead != nil {
			msg.MetaSetMut(MetaDeadLetter, string(v.dead))
		} else {
			msg.MetaDelete(MetaDeadLetter)
		}
		msg.SetError(r)
		return
	}
	for _, k := range rejectKeys {
		msg.MetaDelete(k)
	}
	if v.changed || v.reflowed {
		msg.SetBytes(v.doc)
	}
	msg.MetaSetMut(MetaRepaired, v.changed)
	msg.MetaSetMut(MetaFixes, int64(len(v.fixes)))
	msg.MetaSetMut(MetaTruncated, v.truncated)
	if len(v.fixes) == 0 {
		msg.MetaDelete(MetaFixList)
		return
	}
	list := make([]any, 0, len(v.fixes))
	for _, f := range v.fixes {
		m := map[string]any{"layer": f.layer, "kind": f.kind}
		if f.confidence != "" {
			m["confidence"] = f.confidence
		}
		if f.line > 0 {
			m["line"], m["column"] = int64(f.line), int64(f.column)
		}
		if f.path != "" || f.layer == LayerSchema {
			m["path"] = f.path
		}
		list = append(list, m)
	}
	msg.MetaSetMut(MetaFixList, list)
}
