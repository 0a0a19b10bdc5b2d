package main

import (
	"io"
	"sync"
	"time"
)

// maxLogBacklog bounds the log lines waiting to be written: past it, the
// request that logs waits for the writer instead of growing the backlog.
const maxLogBacklog = 1 << 20

// logLinger is the least time between two writes of the log under load:
// a fast reader (a pipe to the journal) took each line or two as it came,
// a write and a wakeup of the reader for each, a sixth of a kept answer's
// cost (#38). A crash loses at most this long's lines.
const logLinger = time.Millisecond

// logWriter passes the log's lines to w from a goroutine of its own. While
// one write is under way, the lines logged meanwhile gather and go in the
// next single write, and the next write waits until logLinger has passed
// since the one before: under load, one system call carries many
// requests' lines (a request's own line was a third of a kept answer's
// system calls), and when the server is idle each line is written at once.
// Nothing is dropped: past maxLogBacklog a caller waits, and Close writes
// what is left.
type logWriter struct {
	w    io.Writer
	mu   sync.Mutex
	room *sync.Cond // signalled when the backlog is taken
	buf  []byte     // the lines waiting, whole
	shut bool       // closed: lines go straight to w
	wake chan struct{}
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

func newLogWriter(w io.Writer) *logWriter {
	l := &logWriter{w: w, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	l.room = sync.NewCond(&l.mu)
	go l.run()
	return l
}

// Write queues p (slog writes one whole line a call, under its own lock).
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	for len(l.buf) >= maxLogBacklog && !l.shut {
		l.room.Wait()
	}
	if l.shut {
		defer l.mu.Unlock()
		return l.w.Write(p)
	}
	l.buf = append(l.buf, p...)
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default: // the writer is woken already, and takes this line too
	}
	return len(p), nil
}

func (l *logWriter) run() {
	defer close(l.done)
	var out []byte
	var last time.Time // when the last write began
	for {
		select {
		case <-l.wake:
			// under load, at most one write a logLinger: the lines of
			// the meantime gather (an idle server's line goes at once)
			if d := logLinger - time.Since(last); d > 0 {
				select {
				case <-time.After(d):
				case <-l.stop:
				}
			}
		case <-l.stop:
			// the rest, written before any line that follows (those
			// wait for the lock, then go straight to w)
			l.mu.Lock()
			defer l.mu.Unlock()
			l.shut = true
			l.w.Write(l.buf) //nolint:errcheck // nowhere to say it
			l.buf = nil
			l.room.Broadcast()
			return
		}
		l.mu.Lock()
		out, l.buf = l.buf, out[:0]
		l.room.Broadcast()
		l.mu.Unlock()
		if len(out) > 0 {
			// the linger counts from when the write began, not from
			// when the lock above was asked for
			last = time.Now()
			l.w.Write(out) //nolint:errcheck // nowhere to say it
		}
	}
}

// Close writes the lines still waiting; later lines go straight to w.
func (l *logWriter) Close() {
	l.once.Do(func() { close(l.stop) })
	<-l.done
}
