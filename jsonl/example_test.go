package jsonl_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// A Cleaner reads model outputs, one record per line (pretty-printed and
// fenced records too), and writes clean JSON Lines in input order; what it
// cannot save goes to the rejects with its line, reason and raw bytes.
func ExampleCleaner() {
	schema, _ := validate.Compile([]byte(`{"type":"object","required":["id"]}`), validate.Options{})
	in := strings.Join([]string{
		`{"id": 1, "ok": true}`,
		`{'id': 2, 'ok': True,}`,
		"```json",
		`{"id": 3,`,
		` "ok": false}`,
		"```",
		`{"name": "no id"}`,
		`{"id": 5, "note": "cut off`,
	}, "\n") + "\n"

	var out, rejects bytes.Buffer
	c := jsonl.NewCleaner(jsonl.Options{Schema: jsonl.SchemaValidator(schema)})
	st, err := c.Run(context.Background(), strings.NewReader(in), &out, &rejects)
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(out.Bytes())
	fmt.Println(st.Records, "records:", st.Clean, "clean,", st.Repaired, "repaired,", st.Rejected, "rejected")
	fmt.Println(st.RejectedBy)
	// Output:
	// {"id": 1, "ok": true}
	// {"id": 2, "ok": true}
	// {"id": 3,  "ok": false}
	// 5 records: 1 clean, 2 repaired, 2 rejected
	// map[schema:1 truncated:1]
}
