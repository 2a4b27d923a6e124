package benthos

import (
	"context"
	"io"

	"github.com/redpanda-data/benthos/v4/public/service"

	"github.com/jsonheal/jsonheal/jsonl"
)

// Metadata keys set by the jsonheal_records scanner.
const (
	// MetaLine: the 1-based input line where the record starts.
	MetaLine = "jsonheal_line"
	// MetaLines: how many input lines the record spans.
	MetaLines = "jsonheal_lines"
	// MetaOffset: the byte offset in the input where the record starts.
	MetaOffset = "jsonheal_offset"
	// MetaCut: true when the record was still open where the splitter
	// ended it (the next line starts a record, or the input ended): it is
	// truncated.
	MetaCut = "jsonheal_cut"
	// MetaTooLarge: true when the record is larger than max_record_bytes;
	// the message then holds only its first bytes and the jsonheal
	// processors reject it (class too_large).
	MetaTooLarge = "jsonheal_too_large"
	// MetaSize: the record's size in bytes (its full size when too large).
	MetaSize = "jsonheal_size"
)

const fieldMaxRecordBytes = "max_record_bytes"

// RecordsScannerSpec returns the config spec of the jsonheal_records
// scanner.
func RecordsScannerSpec() *service.ConfigSpec {
	return service.NewConfigSpec().
		Beta().
		Summary("Splits a byte stream into JSON Lines records the way `jsonheal clean` does: records that span lines (pretty-printed values, raw newlines in strings, markdown fences, an introduction line) stay whole, and a truncated record never swallows the record after it.").
		Description(`Uses jsonheal's record splitter (jsonl.Splitter), so a file read with
` + "`scanner: { jsonheal_records: {} }`" + ` gives the same records, in the same
order, as ` + "`jsonheal clean`" + ` reads from it. Blank lines between records are
skipped and a UTF-8 byte order mark is dropped. Every message carries
` + "`jsonheal_line`, `jsonheal_lines`, `jsonheal_offset`, `jsonheal_size`, `jsonheal_cut` and `jsonheal_too_large`" + `.
A record larger than ` + "`max_record_bytes`" + ` is not held in memory: its message
holds its first 4 KiB and ` + "`jsonheal_too_large: true`" + `, and the jsonheal
processors reject it.`).
		Fields(
			service.NewIntField(fieldMaxRecordBytes).
				Description("Size cap of one record.").
				Default(jsonl.DefaultMaxRecordBytes),
		)
}

// registerRecordsScanner adds the jsonheal_records scanner to env.
func registerRecordsScanner(env *service.Environment) error {
	return env.RegisterBatchScannerCreator("jsonheal_records", RecordsScannerSpec(),
		func(conf *service.ParsedConfig, _ *service.Resources) (service.BatchScannerCreator, error) {
			max, err := conf.FieldInt(fieldMaxRecordBytes)
			if err != nil {
				return nil, err
			}
			return &recordsScannerCreator{opts: jsonl.SplitOptions{MaxRecordBytes: int64(max)}}, nil
		})
}

type recordsScannerCreator struct {
	opts jsonl.SplitOptions
}

// Create starts splitting rdr; the source is acknowledged once every record
// has been.
func (c *recordsScannerCreator) Create(rdr io.ReadCloser, ack service.AckFunc, _ *service.ScannerSourceDetails) (service.BatchScanner, error) {
	return service.AutoAggregateBatchScannerAcks(&recordsScanner{
		r:  rdr,
		sp: jsonl.NewSplitter(rdr, c.opts),
	}, ack), nil
}

// Close releases nothing.
func (c *recordsScannerCreator) Close(context.Context) error { return nil }

type recordsScanner struct {
	r  io.ReadCloser
	sp *jsonl.Splitter
}

// NextBatch returns the next record as a one-message batch, or io.EOF.
func (s *recordsScanner) NextBatch(ctx context.Context) (service.MessageBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rec, err := s.sp.Next()
	if err != nil {
		return nil, err
	}
	// rec.Data aliases the splitter's buffer: the message gets its own copy.
	msg := service.NewMessage(append([]byte(nil), rec.Data...))
	msg.MetaSetMut(MetaLine, rec.Line)
	msg.MetaSetMut(MetaLines, int64(rec.Lines))
	msg.MetaSetMut(MetaOffset, rec.Offset)
	msg.MetaSetMut(MetaSize, rec.Size)
	msg.MetaSetMut(MetaCut, rec.Cut)
	msg.MetaSetMut(MetaTooLarge, rec.TooLarge)
	return service.MessageBatch{msg}, nil
}

// Close closes the input.
func (s *recordsScanner) Close(context.Context) error { return s.r.Close() }
