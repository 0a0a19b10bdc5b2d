package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowWriter records each write it is given and takes its time over it,
// as a pipe to a busy journal does.
type slowWriter struct {
	mu     sync.Mutex
	writes []string
	delay  time.Duration
}

func (w *slowWriter) Write(p []byte) (int, error) {
	time.Sleep(w.delay)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

func (w *slowWriter) all() (string, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.writes, ""), len(w.writes)
}

// Every line arrives whole and in order, lines logged during a write go
// together in the next, Close writes the rest, and a line after Close is
// written at once.
func TestLogWriterGathersLines(t *testing.T) {
	out := &slowWriter{delay: 2 * time.Millisecond}
	l := newLogWriter(out)
	var want bytes.Buffer
	var mu sync.Mutex // slog writes a line a call under a lock of its own
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				mu.Lock()
				line := fmt.Sprintf("g%d line %d\n", g, i)
				want.WriteString(line)
				l.Write([]byte(line))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	l.Close()
	got, writes := out.all()
	if got != want.String() {
		t.Fatalf("the lines arrived otherwise than logged: %d bytes, want %d", len(got), want.Len())
	}
	if writes >= 1600/4 {
		t.Errorf("1,600 lines logged while writes took 2 ms went in %d writes; want them gathered", writes)
	}
	l.Write([]byte("after\n"))
	if got, _ := out.all(); !strings.HasSuffix(got, "after\n") {
		t.Errorf("a line after Close was not written at once")
	}
	l.Close() // twice is harmless
}

// An idle server's line is written without waiting for company.
func TestLogWriterIdleLineAtOnce(t *testing.T) {
	out := &slowWriter{}
	l := newLogWriter(out)
	defer l.Close()
	l.Write([]byte("one\n"))
	deadline := time.Now().Add(5 * time.Second)
	for {
		if got, _ := out.all(); got == "one\n" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("an idle line was not written")
		}
		time.Sleep(time.Millisecond)
	}
}

// A writer slower than the lines holds the backlog near maxLogBacklog:
// callers wait instead of growing it.
func TestLogWriterBoundsBacklog(t *testing.T) {
	out := &slowWriter{delay: 20 * time.Millisecond}
	l := newLogWriter(out)
	line := bytes.Repeat([]byte("x"), 4095)
	line = append(line, '\n')
	most := 0
	for range 2000 { // 8 MB against a 1 MB bound
		l.Write(line)
		l.mu.Lock()
		most = max(most, len(l.buf))
		l.mu.Unlock()
	}
	l.Close()
	if most > maxLogBacklog+len(line) {
		t.Errorf("the backlog reached %d bytes, bound %d", most, maxLogBacklog)
	}
	if got, _ := out.all(); len(got) != 2000*len(line) {
		t.Errorf("%d bytes written, want %d", len(got), 2000*len(line))
	}
}

// Under load the writes are logLinger apart at least, however fast the
// writer: a pipe to the journal took a write for every one or two
// requests' lines, a sixth of a kept answer's cost (#38). Counted over the
// whole run rather than gap by gap: a loaded machine may pause the writer
// between its clock and its write, which moves one write nearer the next
// but never adds one.
func TestLogWriterLingersUnderLoad(t *testing.T) {
	out := &timedWriter{}
	start := time.Now()
	l := newLogWriter(out)
	for i := range 20000 {
		l.Write(fmt.Appendf(nil, "line %d\n", i))
	}
	l.Close()
	took := time.Since(start)
	out.mu.Lock()
	defer out.mu.Unlock()
	if out.n != 20000 {
		t.Fatalf("%d lines written, want 20000", out.n)
	}
	// the first write at once, one a logLinger after it, and Close's
	if most := int(took/logLinger) + 2; len(out.at) > most {
		t.Errorf("%d writes in %v, want at most %d: one a %v", len(out.at), took, most, logLinger)
	}
	if len(out.at) < 2 {
		t.Errorf("%d writes of 20,000 lines: the lines did not gather while one was written", len(out.at))
	}
}

// timedWriter notes when each write began and counts the lines.
type timedWriter struct {
	mu sync.Mutex
	at []time.Time
	n  int
}

func (w *timedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.at = append(w.at, time.Now())
	w.n += bytes.Count(p, []byte("\n"))
	return len(p), nil
}
