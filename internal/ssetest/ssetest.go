// Package ssetest reads a Server-Sent Events stream for tests, as a
// browser's EventSource would: fields id, event and data, and comments.
package ssetest

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// Event is one dispatched event; a comment line comes as an Event with
// only Comment set.
type Event struct {
	ID, Name, Data string
	Comment        string
}

// Stream is an open stream.
type Stream struct {
	Response *http.Response
	events   chan Event
	done     chan struct{}
	err      error
	cancel   context.CancelFunc
}

// ErrEnded is returned by Next once the server ended the stream.
var ErrEnded = errors.New("ssetest: the stream ended")

// Open sends GET url with header. A 200 answer is returned as a Stream
// being read; any other status as the response alone (its body unread).
func Open(url string, header http.Header) (*Stream, *http.Response, error) {
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		cancel()
		return nil, nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		return nil, nil, err
	}
	if res.StatusCode != http.StatusOK {
		cancel()
		return nil, res, nil
	}
	s := &Stream{Response: res, events: make(chan Event, 1024), done: make(chan struct{}), cancel: cancel}
	go s.read(res.Body)
	return s, res, nil
}

func (s *Stream) read(body io.ReadCloser) {
	defer close(s.done)
	defer body.Close()
	sc := bufio.NewScanner(body)
	var ev Event
	var data []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if data != nil {
				ev.Data = strings.Join(data, "\n")
				s.events <- ev
			}
			ev, data = Event{}, nil
		case strings.HasPrefix(line, ":"):
			s.events <- Event{Comment: strings.TrimSpace(line[1:])}
		default:
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "id":
				ev.ID = value
			case "event":
				ev.Name = value
			case "data":
				data = append(data, value)
			}
		}
	}
	s.err = sc.Err()
}

// Next is the next event or comment, waiting up to timeout; ErrEnded
// once the server ended the stream.
func (s *Stream) Next(timeout time.Duration) (Event, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case ev := <-s.events:
		return ev, nil
	case <-s.done:
		select {
		case ev := <-s.events:
			return ev, nil
		default:
		}
		return Event{}, ErrEnded
	case <-t.C:
		return Event{}, errors.New("ssetest: nothing within " + timeout.String())
	}
}

// NextEvent is Next, skipping comments.
func (s *Stream) NextEvent(timeout time.Duration) (Event, error) {
	deadline := time.Now().Add(timeout)
	for {
		ev, err := s.Next(time.Until(deadline))
		if err != nil || ev.Comment == "" {
			return ev, err
		}
	}
}

// Ended waits up to timeout for the server to end the stream, skipping
// what it sends meanwhile.
func (s *Stream) Ended(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		_, err := s.Next(time.Until(deadline))
		if errors.Is(err, ErrEnded) {
			return true
		}
		if err != nil {
			return false
		}
	}
}

// Close ends the stream from the client's side.
func (s *Stream) Close() {
	s.cancel()
	<-s.done
}
