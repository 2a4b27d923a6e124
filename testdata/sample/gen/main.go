// Command gen writes the bundled sample of model outputs
// (testdata/sample/outputs.jsonl) and, with -bytes, large benchmark inputs
// in the same style. Its output depends only on its flags: the same flags
// give the same bytes.
//
//	go run ./testdata/sample/gen                       # the sample (300 records)
//	go run ./testdata/sample/gen -bytes 200MB -broken 0.05 -o /tmp/bench.jsonl
//	go run ./testdata/sample/gen -bytes 200MB -broken 0.05 -o /tmp/bench.jsonl.zst
//
// An output name ending in .gz or .zst is compressed (gzip, zstd).
//
// Every record is a support-ticket triage object meant to match
// testdata/sample/schema.json (a copy of testdata/schemas/llm.schema.json).
// A fraction of them (-broken) is broken the way models break their
// output: markdown fences, prose around the JSON, raw newlines in strings,
// truncation, values wrong for the schema, broken syntax (trailing commas,
// single quotes) and unfilled template placeholders (not repairable).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/jsonl"
)

type customer struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	Email          string `json:"email"`
	Tier           string `json:"tier"`
	AccountAgeDays int    `json:"account_age_days,omitempty"`
}

type entity struct {
	Type       string `json:"type"`
	Value      string `json:"value"`
	Start      int    `json:"start"`
	End        int    `json:"end"`
	Normalized any    `json:"normalized"`
}

type action struct {
	Kind   string         `json:"kind"`
	Params map[string]any `json:"params"`
	Amount float64        `json:"amount,omitempty"`
	Due    string         `json:"due,omitempty"`
}

type escalation struct {
	Team   string `json:"team"`
	Reason string `json:"reason"`
	Level  int    `json:"level"`
}

type ticket struct {
	ID            string      `json:"id"`
	Version       int         `json:"version"`
	CreatedAt     string      `json:"created_at"`
	Customer      customer    `json:"customer"`
	Channel       string      `json:"channel"`
	Language      string      `json:"language"`
	Subject       string      `json:"subject"`
	Summary       string      `json:"summary"`
	Category      string      `json:"category"`
	Priority      string      `json:"priority"`
	Sentiment     string      `json:"sentiment"`
	Confidence    float64     `json:"confidence"`
	Tags          []string    `json:"tags"`
	Entities      []entity    `json:"entities"`
	Actions       []action    `json:"actions"`
	RequiresHuman bool        `json:"requires_human"`
	SLAHours      int         `json:"sla_hours"`
	Escalation    *escalation `json:"escalation"`
	RelatedIDs    []string    `json:"related_ids"`
	Reasoning     string      `json:"reasoning"`
}

var (
	names     = []string{"Ana Lima", "Jonas Müller", "Chloé Martin", "山田 太郎", "Priya Natarajan", "José Álvarez", "Olamide Bello", "Søren Kierkegaard", "Zoë O'Neill", "Nguyễn Văn An"}
	channels  = []string{"email", "chat", "phone", "web", "social"}
	languages = []string{"en", "en-US", "pt-BR", "de", "fr", "ja", "es-MX"}
	subjects  = []string{"Charged twice for November", "Cannot log in after password reset", "Package arrived damaged", "App crashes when exporting PDF", "Please delete my account", "Refund still not received", "Wrong size shipped", "Feature request: dark mode", "API returns 500 on /v2/orders", "Invoice shows wrong VAT"}
	cats      = []string{"billing", "technical", "account", "shipping", "feedback", "other"}
	prios     = []string{"low", "medium", "high", "urgent"}
	sents     = []string{"negative", "neutral", "positive"}
	tagPool   = []string{"refund", "duplicate-charge", "login", "password", "damaged", "export", "pdf", "gdpr", "vat", "api", "v2", "dark-mode", "shipping-delay"}
	kinds     = []string{"refund", "reply", "reset_password", "create_bug", "escalate", "close"}
	teams     = []string{"billing", "engineering", "legal", "management"}
	sentences = []string{
		"The customer reports two identical charges for the same subscription period.",
		"They already tried clearing the cache and reinstalling the app.",
		"O cliente pede o estorno da cobrança duplicada o quanto antes.",
		"Der Kunde schreibt, dass die Sendung beschädigt ankam — Fotos liegen bei.",
		"Le client signale que l'export PDF plante systématiquement.",
		"お客様はパスワードの再設定後にログインできないと報告しています。",
		"Policy allows automatic refunds under 100 BRL for pro customers.",
		"Logs show a \"timeout\" on the payment gateway at 14:02 UTC.",
		"Path mentioned by the user: C:\\Users\\ana\\Downloads\\invoice.pdf",
		"Tone is frustrated but polite; a quick apology should help. ✓",
	}
)

func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

func text(r *rand.Rand, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = pick(r, sentences)
	}
	return strings.Join(parts, " ")
}

func newTicket(r *rand.Rand, i int) *ticket {
	t := &ticket{
		ID:        fmt.Sprintf("TCK-%06d", i),
		Version:   1 + r.IntN(3),
		CreatedAt: fmt.Sprintf("2026-%02d-%02dT%02d:%02d:00Z", 1+r.IntN(11), 1+r.IntN(28), r.IntN(24), r.IntN(60)),
		Customer: customer{
			ID: "C" + strconv.Itoa(1000+r.IntN(9000)), Name: pick(r, names), Tier: pick(r, []string{"free", "pro", "enterprise"}),
			AccountAgeDays: r.IntN(2000),
		},
		Channel:       pick(r, channels),
		Language:      pick(r, languages),
		Subject:       pick(r, subjects),
		Summary:       text(r, 2+r.IntN(3)),
		Category:      pick(r, cats),
		Priority:      pick(r, prios),
		Sentiment:     pick(r, sents),
		Confidence:    float64(50+r.IntN(50)) / 100,
		RequiresHuman: r.IntN(4) == 0,
		SLAHours:      []int{4, 8, 24, 48, 72}[r.IntN(5)],
		Reasoning:     text(r, 1+r.IntN(3)),
	}
	t.Customer.Email = strings.ToLower(strings.ReplaceAll(strings.Fields(t.Customer.Name)[0], "'", "")) + "@example.com"
	for _, k := range r.Perm(len(tagPool))[:1+r.IntN(3)] {
		t.Tags = append(t.Tags, tagPool[k])
	}
	t.Entities = []entity{{Type: "amount", Value: "49.90", Start: 41, End: 46, Normalized: 49.9}}
	if r.IntN(2) == 0 {
		t.Entities = append(t.Entities, entity{Type: "order_id", Value: "ORD-" + strconv.Itoa(10000+r.IntN(90000)), Start: 90, End: 99})
	}
	t.Actions = []action{{Kind: pick(r, kinds), Params: map[string]any{"template": "ack", "notify": true}}}
	if t.Category == "billing" {
		t.Actions = append(t.Actions, action{Kind: "refund", Params: map[string]any{"currency": "BRL", "partial": false}, Amount: 49.90, Due: "2026-12-02"})
	}
	if t.Priority == "urgent" {
		t.Escalation = &escalation{Team: pick(r, teams), Reason: "urgent ticket from a " + t.Customer.Tier + " customer", Level: 1 + r.IntN(3)}
	}
	t.RelatedIDs = []string{}
	if r.IntN(3) == 0 {
		t.RelatedIDs = append(t.RelatedIDs, fmt.Sprintf("TCK-%06d", r.IntN(i+1)))
	}
	return t
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	// Keep non-ASCII text as models write it.
	s := string(b)
	s = strings.ReplaceAll(s, `\u003c`, "<")
	s = strings.ReplaceAll(s, `\u003e`, ">")
	s = strings.ReplaceAll(s, `\u0026`, "&")
	return s
}

// breakSchema makes the ticket valid JSON but wrong for the schema, the
// way models get it wrong.
func breakSchema(r *rand.Rand, t *ticket) string {
	switch r.IntN(6) {
	case 0:
		t.Priority = strings.ToUpper(t.Priority[:1]) + t.Priority[1:] // "High"
	case 1:
		t.Confidence = float64(101+r.IntN(90)) / 100
	case 2:
		t.ID = strings.TrimPrefix(t.ID, "TCK-")
	case 3:
		s := marshal(t)
		return strings.Replace(s, `"sla_hours":`+strconv.Itoa(t.SLAHours), `"sla_hours":"`+strconv.Itoa(t.SLAHours)+`"`, 1)
	case 4:
		s := marshal(t)
		return strings.Replace(s, `,"reasoning":`, `,"notes":"model added this","reasoning":`, 1)
	case 5:
		s := marshal(t)
		i := strings.Index(s, `,"reasoning":`)
		return s[:i] + "}"
	}
	return marshal(t)
}

// rawNewlines puts the text fields' newlines and tabs in raw, as models
// often do.
func rawNewlines(r *rand.Rand, t *ticket) string {
	t.Summary = strings.Replace(t.Summary, ". ", ".\n\n", 1+r.IntN(2))
	t.Reasoning = "Steps:\n\t1. " + t.Reasoning + "\n\t2. Reply to the customer."
	s := marshal(t)
	s = strings.ReplaceAll(s, `\n`, "\n")
	return strings.ReplaceAll(s, `\t`, "\t")
}

var prose = []string{"Sure! Here is the triage result: ", "Here's the JSON you asked for:\n", "Analysis complete. ", "Based on the ticket, the classification is "}
var after = []string{"", " Let me know if you need anything else.", "\nI hope this helps!"}

func broken(r *rand.Rand, t *ticket) string {
	switch n := r.IntN(100); {
	case n < 18:
		fence := "```json\n"
		if r.IntN(4) == 0 {
			fence = "```\n"
		}
		return fence + marshal(t) + "\n```"
	case n < 30:
		return pick(r, prose) + marshal(t) + pick(r, after)
	case n < 52:
		return rawNewlines(r, t)
	case n < 62: // truncated: the model hit its token limit
		s := marshal(t)
		return s[:len(s)/3+r.IntN(len(s)/2)]
	case n < 64: // pretty-printed, as from a chat UI
		b, _ := json.MarshalIndent(t, "", "  ")
		return string(b)
	case n < 90:
		return breakSchema(r, t)
	case n < 94: // trailing comma
		s := marshal(t)
		return strings.Replace(s, `],"entities"`, `,],"entities"`, 1)
	case n < 97: // single-quoted keys
		s := marshal(t)
		return strings.Replace(strings.Replace(s, `"id":`, `'id':`, 1), `"version":`, `'version':`, 1)
	default: // an unfilled template placeholder: not repairable
		s := marshal(t)
		i := strings.Index(s, `"confidence":`) + len(`"confidence":`)
		j := i + strings.IndexByte(s[i:], ',')
		return s[:i] + "{{confidence}}" + s[j:]
	}
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KB": 1e3, "MB": 1e6, "GB": 1e9} {
		if strings.HasSuffix(s, suffix) {
			s, mult = strings.TrimSuffix(s, suffix), m
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}

func main() {
	out := flag.String("o", "testdata/sample/outputs.jsonl", "output file (- for stdout)")
	n := flag.Int("n", 300, "number of records (ignored with -bytes)")
	size := flag.String("bytes", "", "write records until the file holds this many bytes (e.g. 200MB)")
	frac := flag.Float64("broken", 0.45, "fraction of broken records")
	seed := flag.Uint64("seed", 7, "random seed")
	flag.Parse()
	limit := int64(-1)
	if *size != "" {
		var err error
		if limit, err = parseSize(*size); err != nil {
			fmt.Fprintln(os.Stderr, "gen: bad -bytes:", err)
			os.Exit(2)
		}
	}
	f := os.Stdout
	if *out != "-" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(2)
		}
	}
	comp, err := jsonl.NewWriter(f, jsonl.FormatForName(*out))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	w := bufio.NewWriterSize(comp, 1<<20)
	r := rand.New(rand.NewPCG(*seed, 0x6a736f6e6865616c))
	var written int64
	for i := 0; limit < 0 && i < *n || limit >= 0 && written < limit; i++ {
		t := newTicket(r, i)
		var rec string
		if r.Float64() < *frac {
			rec = broken(r, t)
		} else {
			rec = marshal(t)
		}
		k, _ := w.WriteString(rec)
		w.WriteByte('\n')
		written += int64(k) + 1
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	if err := comp.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	if f != os.Stdout {
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(2)
		}
	}
}
