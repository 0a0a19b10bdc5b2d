package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The kept answers' size counts each answer once: the same list kept
// again (two requests that made it at once) replaces it, and past
// maxKeptTotal answers are evicted down to keptAfterEvict, not all of
// them, saying so (#38).
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
		put("/api/products?limit=" + strconv.Itoa(i))
	}
	if logs.String() != "" || len(k.answers) != n {
		t.Fatalf("at the cap: %d answers, %s", len(k.answers), logs.String())
	}
	put("/api/products?limit=over")
	want := keptAfterEvict / maxKeptAnswer // what is left after evicting, the new answer included
	if len(k.answers) != want || k.size != want*maxKeptAnswer {
		t.Fatalf("past the cap: %d answers, %d bytes; want %d answers", len(k.answers), k.size, want)
	}
	if _, ok := k.answers[cacheKey{uri: "/api/products?limit=over"}]; !ok {
		t.Error("the answer that went past the cap was not kept")
	}
	var line struct {
		Msg     string `json:"msg"`
		Reason  string `json:"reason"`
		Answers int    `json:"answers"`
		Bytes   int    `json:"bytes"`
		Kept    int    `json:"kept"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(logs.String())), &line); err != nil {
		t.Fatalf("%v: %s", err, logs.String())
	}
	evicted := n + 1 - want
	if line.Msg != "kept catalogue answers evicted" || line.Reason != dropSizeCap || line.Answers != evicted || line.Bytes != evicted*maxKeptAnswer || line.Kept != want-1 {
		t.Errorf("log line: %+v, want %d evicted", line, evicted)
	}
}

// An answer is kept the second time its key is asked for, or at once
// when identical requests waited for it; a stream of answers asked for
// once (a price slider's lists, a crawler's pages) is not kept and does
// not push out what is asked for often (#38).
func TestKeptAnswersAdmittedOnSecondSight(t *testing.T) {
	k := &catalogueCache{live: true, gen: 1}
	body := make([]byte, 4<<10)
	// make is one request's answer landing, as lead lands it; waiters
	// is how many identical requests joined it meanwhile
	make := func(uri string, waiters int) {
		key := cacheKey{uri: uri, gzip: true}
		_, f, lead := k.join(context.Background(), key)
		if !lead {
			t.Fatalf("%s: kept already or in flight", uri)
		}
		for range waiters {
			if _, g, lead := k.join(context.Background(), key); g != f || lead {
				t.Fatalf("%s: a waiter did not join the flight", uri)
			}
		}
		k.land(key, f, flightResult{shared: true, status: http.StatusOK, answer: keptAnswer{body: body}})
	}
	kept := func(uri string) bool {
		_, ok := k.get(cacheKey{uri: uri, gzip: true})
		return ok
	}

	make("/api/products?category=HP", 0)
	if kept("/api/products?category=HP") {
		t.Fatal("kept the first time it was asked for")
	}
	make("/api/products?category=HP", 0)
	if !kept("/api/products?category=HP") {
		t.Fatal("not kept the second time")
	}
	if _, ok := k.get(cacheKey{uri: "/api/products?category=HP"}); ok {
		t.Error("the plain answer counts as seen because the gzip one was")
	}

	// waited for: kept at once
	make("/api/products?category=ASUS", 3)
	if !kept("/api/products?category=ASUS") {
		t.Error("an answer three requests waited for was not kept")
	}

	// a sweep of lists asked for once each, more than the cap would hold
	// and more than the keys remembered: none kept, and the two stay
	sweep := maxKeptTotal/len(body) + maxSeen
	for i := range sweep {
		make("/api/products?category=HP&maxPrice="+strconv.Itoa(i), 0)
	}
	k.mu.RLock()
	n, seen := len(k.answers), len(k.seen)
	k.mu.RUnlock()
	if n != 2 || !kept("/api/products?category=HP") || !kept("/api/products?category=ASUS") {
		t.Errorf("after %d lists asked for once: %d kept, want the two asked for twice", sweep, n)
	}
	if seen > maxSeen {
		t.Errorf("%d keys remembered, more than %d", seen, maxSeen)
	}

	// a change drops what was kept, not what was seen: the next request
	// of a list asked for before keeps it again
	k.changed(dropNotice, "")
	make("/api/products?category=ASUS", 0)
	if !kept("/api/products?category=ASUS") {
		t.Error("a list asked for before the change was not kept again at its first request after it")
	}
}

// A kept gzip answer sent squeezeAfterHits times is compressed again at
// the best level, after no request waits for it: smaller, the same
// content, its Content-Length and the kept size following; one sent fewer
// times stays as made, and an answer a change dropped meanwhile is not
// brought back (#38).
func TestKeptAnswerSqueezed(t *testing.T) {
	var plain bytes.Buffer
	for i := range 200 {
		fmt.Fprintf(&plain, `{"id":%d,"name":"HP EliteBook 840 G%d Core i5 8GB RAM 256GB SSD","price":%d,"condition":"excellent"},`, i, i%9, 30000+i*37)
	}
	var fast bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&fast, gzip.BestSpeed)
	zw.Write(plain.Bytes())
	zw.Close()
	made := func() keptAnswer {
		return newKeptAnswer(http.Header{"Content-Type": {"application/json"}, "Content-Encoding": {"gzip"}}, fast.Bytes())
	}

	k := &catalogueCache{live: true, gen: 1}
	key := cacheKey{uri: "/api/products?category=HP", gzip: true}
	for range 2 { // kept the second time
		_, f, _ := k.join(context.Background(), key)
		k.land(key, f, flightResult{shared: true, status: http.StatusOK, answer: made()})
	}
	squeezed := func() bool {
		k.mu.RLock()
		defer k.mu.RUnlock()
		return !k.squeezing
	}
	send := func(n int) {
		for range n {
			a, ok := k.get(key)
			if !ok {
				t.Fatal("not kept")
			}
			k.hit(key, a)
		}
		for !squeezed() {
			time.Sleep(time.Millisecond)
		}
	}
	send(squeezeAfterHits - 1)
	if a, _ := k.get(key); len(a.body) != fast.Len() {
		t.Fatalf("compressed again after %d sends, want %d", squeezeAfterHits-1, squeezeAfterHits)
	}
	send(1)
	a, _ := k.get(key)
	if len(a.body) >= fast.Len() {
		t.Fatalf("kept at %d bytes, as made %d: not compressed again", len(a.body), fast.Len())
	}
	zr, err := gzip.NewReader(bytes.NewReader(a.body))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, plain.Bytes()) {
		t.Fatalf("compressed again, the content changed (%v)", err)
	}
	if len(a.length) != 1 || a.length[0] != strconv.Itoa(len(a.body)) || k.size != len(a.body) {
		t.Errorf("Content-Length %v, kept size %d, for %d bytes", a.length, k.size, len(a.body))
	}

	// dropped by a change before its turn: stays dropped
	other := cacheKey{uri: "/api/products?category=ASUS", gzip: true}
	k.mu.Lock()
	k.putLocked(other, k.gen, made())
	k.squeezeLocked(other, k.answers[other])
	k.gen++
	k.dropLocked(dropChange, "")
	k.mu.Unlock()
	for !squeezed() {
		time.Sleep(time.Millisecond)
	}
	if _, ok := k.get(other); ok || k.size != 0 {
		t.Errorf("a dropped answer came back compressed again (kept size %d)", k.size)
	}
}
