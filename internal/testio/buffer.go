// Package testio holds small helpers for tests that read what a program
// under test wrote.
package testio

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer that goroutines of a server under test may
// write to while the test reads it.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
