package bench

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/jsonheal/jsonheal/validate"
)

// The big-document case of issue #26: a JSON array of support tickets
// against a strict 2020-12 schema ($ref, pattern, enum, uniqueItems,
// additionalProperties: false), generated here (the same shape as
// scripts/gen-tickets.py writes for the CLI measurements).

const ticketsSchema = "../testdata/schemas/tickets.schema.json"

var (
	ticketsOnce sync.Once
	tickets32   []byte
)

// ticketsDoc returns about 32 MiB of valid tickets.
func ticketsDoc() []byte {
	ticketsOnce.Do(func() { tickets32 = genTickets(32 << 20) })
	return tickets32
}

func genTickets(size int) []byte {
	rng := rand.New(rand.NewPCG(26, 26))
	status := []string{"open", "pending", "resolved", "closed"}
	prio := []string{"low", "medium", "high", "urgent"}
	tags := []string{"billing", "login", "api", "ui", "mobile", "export", "sso", "email", "bug", "p1", "refund", "eu-west"}
	words := strings.Fields("cannot reset password after upgrade invoice shows wrong total export to csv times out")
	var b bytes.Buffer
	b.WriteString("[\n")
	for n := 0; b.Len() < size-600; n++ {
		if n > 0 {
			b.WriteString(",\n")
		}
		var title []string
		for range 3 + rng.IntN(7) {
			title = append(title, words[rng.IntN(len(words))])
		}
		perm := rng.Perm(len(tags))[:rng.IntN(5)]
		var tg []string
		for _, p := range perm {
			tg = append(tg, `"`+tags[p]+`"`)
		}
		fmt.Fprintf(&b, `{"id":"TCK-%06d","status":%q,"priority":%q,"title":%q,"tags":[%s],`+
			`"assignee":{"id":%d,"email":"user%d@example.com","name":"User %d"},"created":"2026-%02d-%02dT%02d:%02d:%02dZ",`+
			`"estimate":%.1f,"watchers":[{"id":%d,"email":"w%d@example.com"}]}`,
			n%1000000, status[rng.IntN(4)], prio[rng.IntN(4)], strings.Join(title, " "), strings.Join(tg, ","),
			1+rng.IntN(5000), n, n, 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60),
			rng.Float64()*40, 5000+n, n)
	}
	b.WriteString("\n]\n")
	return b.Bytes()
}

// BenchmarkBigTickets validates 32 MiB of tickets with jsonheal (from
// bytes and through ValidateReader) and santhosh-tekuri v6 (decode and
// validate). Run: go test -run XXX -bench BigTickets -benchtime 3x
func BenchmarkBigTickets(b *testing.B) {
	schema := readFile(b, ticketsSchema)
	doc := ticketsDoc()
	s, err := validate.Compile(schema, validate.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("jsonheal", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			if d, err := s.Validate(doc); d != nil || err != nil {
				b.Fatal(d, err)
			}
		}
	})
	b.Run("jsonheal-reader", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			if d, err := s.ValidateReader(bytes.NewReader(doc)); d != nil || err != nil {
				b.Fatal(d, err)
			}
		}
	})
	b.Run("santhosh-v6", func(b *testing.B) {
		v := santhoshValidator(b, schema)
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			if n := v(doc); n != 0 {
				b.Fatal(n)
			}
		}
	})
}

// TestBigTicketsPeersAgree: the generated tickets are valid for both.
func TestBigTicketsPeersAgree(t *testing.T) {
	schema := readFile(t, ticketsSchema)
	doc := genTickets(1 << 20)
	if n := jsonhealValidator(t, schema)(doc); n != 0 {
		t.Fatalf("jsonheal: %d errors", n)
	}
	if n := santhoshValidator(t, schema)(doc); n != 0 {
		t.Fatalf("santhosh: %d errors", n)
	}
}
