package benthos

import (
	"context"
	"fmt"
	"sync"

	"github.com/redpanda-data/benthos/v4/public/service"
)

// Processor is the jsonheal processor: one message at a time; a record
// that needs the model waits for it in the pipeline thread.
type Processor struct {
	e *engine
}

// BatchProcessor is the jsonheal_batch processor: the fast layers run on
// each message in turn, then the records of the batch that need the model
// are healed concurrently (up to heal.max_in_flight); the batch keeps its
// order.
type BatchProcessor struct {
	e *engine
}

// NewProcessor builds a jsonheal processor from a parsed ProcessorSpec
// config.
func NewProcessor(conf *service.ParsedConfig, mgr *service.Resources) (*Processor, error) {
	s, err := parseSettings(conf, false)
	if err != nil {
		return nil, err
	}
	return &Processor{e: newEngine(s, newCounters(mgr.Metrics()))}, nil
}

// NewBatchProcessor builds a jsonheal_batch processor from a parsed
// BatchProcessorSpec config.
func NewBatchProcessor(conf *service.ParsedConfig, mgr *service.Resources) (*BatchProcessor, error) {
	s, err := parseSettings(conf, true)
	if err != nil {
		return nil, err
	}
	return &BatchProcessor{e: newEngine(s, newCounters(mgr.Metrics()))}, nil
}

// Process repairs and validates msg in place. A message that cannot be
// saved is returned marked with a *RejectError, its bytes untouched.
func (p *Processor) Process(ctx context.Context, msg *service.Message) (service.MessageBatch, error) {
	raw, err := msg.AsBytes()
	if err != nil {
		return nil, err
	}
	v, jv := p.e.checkMessage(msg, raw)
	if v.reject != nil && p.e.wantsModel(jv) {
		id, err := p.e.s.model.taskID.TryString(msg)
		if err != nil {
			return nil, fmt.Errorf("heal.task_id: %w", err)
		}
		v = p.e.heal(ctx, raw, id, v)
	}
	p.e.finish(&v)
	apply(msg, &v)
	p.e.metrics.record(&v)
	if v.reject != nil {
		// Returned as the processor's error, so that Benthos counts it in
		// processor_error; the message (metadata included) is passed on,
		// flagged with it.
		return nil, v.reject
	}
	return service.MessageBatch{msg}, nil
}

// Close releases nothing: the processor holds no connections of its own.
func (p *Processor) Close(context.Context) error { return nil }

// ProcessBatch repairs and validates every message of batch in place and
// returns them in the same order; rejected ones are marked with a
// *RejectError.
func (p *BatchProcessor) ProcessBatch(ctx context.Context, batch service.MessageBatch) ([]service.MessageBatch, error) {
	verdicts := make([]verdict, len(batch))
	raws := make([][]byte, len(batch))
	ids := make([]string, len(batch))
	var needModel []int
	for i, msg := range batch {
		raw, err := msg.AsBytes()
		if err != nil {
			return nil, err
		}
		raws[i] = raw
		v, jv := p.e.checkMessage(msg, raw)
		verdicts[i] = v
		if v.reject != nil && p.e.wantsModel(jv) {
			if ids[i], err = batch.TryInterpolatedString(i, p.e.s.model.taskID); err != nil {
				return nil, fmt.Errorf("heal.task_id: %w", err)
			}
			needModel = append(needModel, i)
		}
	}
	if len(needModel) > 0 {
		p.healAll(ctx, raws, ids, verdicts, needModel)
	}
	out := make(service.MessageBatch, len(batch))
	for i, msg := range batch {
		// SetError (in apply) on a message of the batch counts it in
		// processor_error.
		p.e.finish(&verdicts[i])
		apply(msg, &verdicts[i])
		p.e.metrics.record(&verdicts[i])
		out[i] = msg
	}
	return []service.MessageBatch{out}, nil
}

// healAll heals the records at idx concurrently, at most max_in_flight at
// a time, writing each verdict in its own slot.
func (p *BatchProcessor) healAll(ctx context.Context, raws [][]byte, ids []string, verdicts []verdict, idx []int) {
	limit := make(chan struct{}, p.e.s.model.maxInFlight)
	var wg sync.WaitGroup
	for _, i := range idx {
		limit <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-limit; wg.Done() }()
			verdicts[i] = p.e.heal(ctx, raws[i], ids[i], verdicts[i])
		}()
	}
	wg.Wait()
}

// Close releases nothing: the processor holds no connections of its own.
func (p *BatchProcessor) Close(context.Context) error { return nil }

// Register registers the jsonheal and jsonheal_batch processors and the
// jsonheal_records scanner in env. The package's init registers them in the
// global environment. The prometheus metrics exporter is registered apart
// (RegisterPrometheus), since Redpanda Connect has one of its own.
func Register(env *service.Environment) error {
	if err := registerRecordsScanner(env); err != nil {
		return err
	}
	err := env.RegisterProcessor("jsonheal", ProcessorSpec(),
		func(conf *service.ParsedConfig, mgr *service.Resources) (service.Processor, error) {
			return NewProcessor(conf, mgr)
		})
	if err != nil {
		return err
	}
	return env.RegisterBatchProcessor("jsonheal_batch", BatchProcessorSpec(),
		func(conf *service.ParsedConfig, mgr *service.Resources) (service.BatchProcessor, error) {
			return NewBatchProcessor(conf, mgr)
		})
}

func init() {
	if err := Register(service.GlobalEnvironment()); err != nil {
		panic(err)
	}
}

// RegisterPrometheus registers the prometheus metrics exporter in env
// (benthos-jsonheal does it in the global environment). Do not call it in a
// build that already has one, such as Redpanda Connect's.
func RegisterPrometheus(env *service.Environment) error {
	return registerPrometheus(env)
}
