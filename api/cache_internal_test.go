package api

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

// The kept answers' size counts each answer once: the same list kept
// again (two requests that made it at once) replaces it, and only past
// maxKeptTotal is everything dropped, saying so (#38).
func TestKeptAnswersSizeCap(t *testing.T) {
	var logs syncBuffer
	k := &catalogueCache{live: true, gen: 1, log: slog.New(slog.NewJSONHandler(&logs, nil))}
	body := make([]byte, maxKeptAnswer)
	put := func(uri string) {
		k.mu.Lock()
		defer k.mu.Unlock()
		k.putLocked(cacheKey{uri: uri}, k.gen, keptAnswer{body: body})
	}
	for range 64 {
		put("/api/products?category=ASUS")
	}
	if k.size != maxKeptAnswer || len(k.answers) != 1 {
		t.Fatalf("one list kept 64 times: size %d, %d answers", k.size, len(k.answers))
	}
	n := maxKeptTotal / maxKeptAnswer
	for i := 1; i < n; i++ {
		put("/api/products?limit=" + string(rune('a'+i)))
	}
	if logs.String() != "" || len(k.answers) != n {
		t.Fatalf("at the cap: %d answers, %s", len(k.answers), logs.String())
	}
	put("/api/products?limit=over")
	if len(k.answers) != 1 || k.size != maxKeptAnswer {
		t.Fatalf("past the cap: %d answers, %d bytes", len(k.answers), k.size)
	}
	var line struct {
		Msg     string `json:"msg"`
		Reason  string `json:"reason"`
		Answers int    `json:"answers"`
		Bytes   int    `json:"bytes"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(logs.String())), &line); err != nil {
		t.Fatalf("%v: %s", err, logs.String())
	}
	if line.Msg != "kept catalogue answers dropped" || line.Reason != dropSizeCap || line.Answers != n || line.Bytes != maxKeptTotal {
		t.Errorf("log line: %+v", line)
	}
}
