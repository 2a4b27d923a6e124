package benthos

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal/healtest"
)

// TestCancelledModelCallRejects: a model call cut short by the pipeline's
// context (a hard shutdown) rejects its record in the model layer, with
// its original bytes; it is never passed on as valid.
func TestCancelledModelCallRejects(t *testing.T) {
	srv := healtest.New(healtest.Stall())
	defer srv.Close()
	p, err := newTestProcessor(t, "schema: "+yamlString(testSchema)+strings.ReplaceAll(healYAML(srv.URL, ""), "\n  ", "\n"))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for srv.Calls() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	in := `{"id":1,"status":"lost"}`
	out, err := process(ctx, p, service.NewMessage([]byte(in)))
	require.NoError(t, err)
	var rej *RejectError
	require.ErrorAs(t, out[0].GetError(), &rej)
	assert.Equal(t, LayerModel, rej.Layer)
	assert.Equal(t, "fatal", rej.Class)
	assert.Contains(t, rej.Reason, "context canceled")
	_, hasDeadLetter := out[0].MetaGetMut(MetaDeadLetter)
	assert.True(t, hasDeadLetter, "replayable")
	body, _ := out[0].AsBytes()
	assert.Equal(t, in, string(body))
}
