package benthos

import (
	"context"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/require"
)

func benchProcessor(b *testing.B) *Processor {
	conf, err := ProcessorSpec().ParseYAML("schema: "+yamlString(testSchema), nil)
	require.NoError(b, err)
	p, err := NewProcessor(conf, service.MockResources())
	require.NoError(b, err)
	return p
}

// BenchmarkProcess measures one message through the jsonheal processor
// (the service.Message wrapper included), per kind of record.
func BenchmarkProcess(b *testing.B) {
	for _, k := range []kind{kindClean, kindFenced, kindRepaired, kindEnumCase, kindBadEnum} {
		r := fixture(int(k) + int(kindCount)*100)
		b.Run(r.outcome+"/"+kindName[k], func(b *testing.B) {
			p := benchProcessor(b)
			ctx := context.Background()
			b.SetBytes(int64(len(r.raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := process(ctx, p, service.NewMessage([]byte(r.raw))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var kindName = map[kind]string{
	kindClean: "clean", kindFenced: "fenced", kindProse: "prose", kindControl: "control",
	kindRepaired: "missing_comma", kindEnumCase: "enum_case", kindBadEnum: "bad_enum",
	kindSyntax: "syntax", kindTruncated: "truncated",
}

// BenchmarkProcessBatch measures a batch of 90 mixed records (every kind
// in turn) through jsonheal_batch without a model.
func BenchmarkProcessBatch(b *testing.B) {
	conf, err := BatchProcessorSpec().ParseYAML("schema: "+yamlString(testSchema), nil)
	require.NoError(b, err)
	p, err := NewBatchProcessor(conf, service.MockResources())
	require.NoError(b, err)
	recs := fixtures(90)
	size := 0
	for _, r := range recs {
		size += len(r.raw)
	}
	ctx := context.Background()
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		batch := make(service.MessageBatch, len(recs))
		for i, r := range recs {
			batch[i] = service.NewMessage([]byte(r.raw))
		}
		if _, err := p.ProcessBatch(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
}
