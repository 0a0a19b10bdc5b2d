package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/internal/ssetest"
)

// liveMarket is a market served over a real listener, with its
// live-update streams fed from the database, heartbeats every 100 ms, and
// read and write timeouts far shorter than a stream lasts.
type liveMarket struct {
	*market
	srv *httptest.Server
}

func newLiveMarket(t *testing.T) *liveMarket {
	t.Helper()
	m := newMarketWith(t, func(o *api.Options) { o.EventHeartbeat = 100 * time.Millisecond })
	srv := httptest.NewUnstartedServer(m.handler)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Config.WriteTimeout = 300 * time.Millisecond
	srv.Start()
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		m.handler.(*api.Server).WatchEvents(ctx)
	}()
	// before the server closes: it waits for the streams, which end when
	// the instance stops hearing events
	t.Cleanup(func() { cancel(); <-watching })
	lm := &liveMarket{market: m, srv: srv}
	// hearing events before the test spends a ticket of its own: a stream
	// opened earlier is answered 503 (a busy machine was seen to take a
	// second); the admin's throwaway stream waits for that
	lm.open(m.admin.AccessToken, "", nil).Close()
	return lm
}

// ticket gets a stream ticket for the session.
func (m *liveMarket) ticket(token string) string {
	m.t.Helper()
	rec := m.do(http.MethodPost, "/api/events/ticket", nil, bearer(token))
	var out struct {
		Ticket string `json:"ticket"`
	}
	decode(m.t, rec, &out)
	if rec.Code != http.StatusOK || len(out.Ticket) != 43 {
		m.t.Fatalf("ticket: %d %s", rec.Code, rec.Body.String())
	}
	return out.Ticket
}

// open opens a stream for the session, with query added to the ticket,
// waiting while the instance is not yet hearing events (503).
func (m *liveMarket) open(token, query string, header http.Header) *ssetest.Stream {
	m.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s, res, err := ssetest.Open(m.srv.URL+"/api/events?ticket="+m.ticket(token)+query, header)
		if err != nil {
			m.t.Fatal(err)
		}
		if s != nil {
			m.t.Cleanup(s.Close)
			return s
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || time.Now().After(deadline) {
			m.t.Fatalf("stream: %d %s", res.StatusCode, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// refused opens a stream that must be refused with status and a JSON error.
func (m *liveMarket) refused(url string, header http.Header, status int) {
	m.t.Helper()
	s, res, err := ssetest.Open(url, header)
	if err != nil {
		m.t.Fatal(err)
	}
	if s != nil {
		s.Close()
		m.t.Fatalf("GET %s: a stream, want %d", url, status)
	}
	defer res.Body.Close()
	var e errorJSON
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil || res.StatusCode != status || e.Message == "" ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		m.t.Fatalf("GET %s: %d %q %+v (%v), want %d with a JSON message", url, res.StatusCode, res.Header.Get("Content-Type"), e, err, status)
	}
}

// event is one event as the app reads it.
type event struct {
	id   int64
	name string
	data map[string]string
}

// next is the stream's next event, skipping heartbeats.
func next(t *testing.T, s *ssetest.Stream) event {
	t.Helper()
	ev, err := s.NextEvent(5 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	id, err := strconv.ParseInt(ev.ID, 10, 64)
	if err != nil {
		t.Fatalf("event id %q", ev.ID)
	}
	out := event{id: id, name: ev.Name}
	if err := json.Unmarshal([]byte(ev.Data), &out.data); err != nil {
		t.Fatalf("event data %q: %v", ev.Data, err)
	}
	return out
}

// wantNext checks the next events' names and data.
func wantNext(t *testing.T, s *ssetest.Stream, want ...string) []event {
	t.Helper()
	var got []event
	for _, w := range want {
		ev := next(t, s)
		b, _ := json.Marshal(ev.data)
		if g := ev.name + " " + string(b); g != w {
			t.Fatalf("event %d: %s, want %s", ev.id, g, w)
		}
		got = append(got, ev)
	}
	return got
}

// The live stream: a ticket opens it once; the caller's events arrive as
// they are committed, with heartbeats between, past the server's read and
// write timeouts; a reconnect resumes after the id it names and gets
// nothing twice.
func TestEventStream(t *testing.T) {
	t.Parallel()
	m := newLiveMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)

	ticket := m.ticket(m.seller.AccessToken)
	m.refused(m.srv.URL+"/api/events", nil, http.StatusUnauthorized)
	m.refused(m.srv.URL+"/api/events?ticket=not-a-ticket", nil, http.StatusUnauthorized)
	m.refused(m.srv.URL+"/api/events?ticket="+strings.Repeat("A", 43), nil, http.StatusUnauthorized)
	// a bad resume point is refused before the ticket is spent
	m.refused(m.srv.URL+"/api/events?ticket="+ticket+"&lastEventId=-1", nil, http.StatusBadRequest)
	m.refused(m.srv.URL+"/api/events?ticket="+ticket, http.Header{"Last-Event-Id": {"1 OR 1=1"}}, http.StatusBadRequest)

	s := openWithTicket(t, m, ticket)
	checkHeartbeats(t, s)
	bid, last := checkLiveBooking(t, m, s, pid)
	s.Close()

	// while away: the buyer cancels; the seller is told
	missed := cancelWhileAway(t, m, bid)
	checkResumes(t, m, last, missed)
	// then live, after a replay
	s = m.open(m.seller.AccessToken, "&lastEventId="+strconv.FormatInt(last, 10), nil)
	wantNext(t, s, missed...)
	if rec := m.do(http.MethodPut, "/api/users/"+m.seller.User.Email, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("verify seller: %d %s", rec.Code, rec.Body.String())
	}
	if ev := next(t, s); ev.name != "notification" || ev.data["kind"] != "seller_verified" {
		t.Errorf("live after the replay: %+v", ev)
	}

	// without a resume point nothing is replayed: the next is live
	s = m.open(m.buyer.AccessToken, "", nil)
	if _, code := m.book(m.buyer.AccessToken, pid, nil); code != http.StatusCreated {
		t.Fatalf("book again: %d", code)
	}
	if ev := next(t, s); ev.name != "booking" || ev.data["status"] != "pending" {
		t.Errorf("first event without a resume point: %+v", ev)
	}
}

// openWithTicket opens the stream with a fresh ticket and checks its
// headers; the ticket is then spent.
func openWithTicket(t *testing.T, m *liveMarket, ticket string) *ssetest.Stream {
	t.Helper()
	s, res, err := ssetest.Open(m.srv.URL+"/api/events?ticket="+ticket, http.Header{"Accept-Encoding": {"gzip"}})
	if err != nil || s == nil {
		t.Fatalf("stream with a fresh ticket: %v %v", res, err)
	}
	t.Cleanup(s.Close)
	for k, want := range map[string]string{"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
		"X-Accel-Buffering": "no", "Content-Encoding": "", "X-Content-Type-Options": "nosniff"} {
		if got := s.Response.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	// the ticket is spent
	m.refused(m.srv.URL+"/api/events?ticket="+ticket, nil, http.StatusUnauthorized)

	return s
}

// checkHeartbeats: past the server's read and write timeouts (300 ms),
// heartbeats flow.
func checkHeartbeats(t *testing.T, s *ssetest.Stream) {
	t.Helper()
	hearts := 0
	for start := time.Now(); time.Since(start) < time.Second; {
		ev, err := s.Next(time.Second)
		if err != nil {
			t.Fatalf("after %s: %v", time.Since(start), err)
		}
		if ev.Comment == "ping" {
			hearts++
		}
	}
	if hearts < 3 {
		t.Errorf("%d heartbeats in a second, want about 10", hearts)
	}

}

// checkLiveBooking: a booking reaches its seller's stream as the booking
// and its notification, with increasing ids; the last id is returned.
func checkLiveBooking(t *testing.T, m *liveMarket, s *ssetest.Stream, pid string) (string, int64) {
	t.Helper()
	bid, code := m.book(m.buyer.AccessToken, pid, nil)
	if code != http.StatusCreated {
		t.Fatalf("book: %d", code)
	}
	var received int64
	m.scalar(&received, "SELECT id FROM notifications WHERE kind = 'booking_received'")
	seen := wantNext(t, s,
		`booking {"id":"`+bid+`","status":"pending"}`,
		`notification {"id":"`+strconv.FormatInt(received, 10)+`","kind":"booking_received"}`)
	last := seen[1].id
	if seen[0].id >= last {
		t.Errorf("ids %d then %d: not increasing", seen[0].id, last)
	}

	return bid, last
}

// cancelWhileAway: the buyer cancels while the seller's stream is closed;
// it returns the events the seller missed.
func cancelWhileAway(t *testing.T, m *liveMarket, bid string) []string {
	t.Helper()
	if rec := m.send(http.MethodDelete, "/api/bookings/"+bid, m.buyer.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body.String())
	}
	var cancelled int64
	m.scalar(&cancelled, "SELECT id FROM notifications WHERE kind = 'booking_cancelled' AND user_id = $1", m.seller.User.ID)
	return []string{`booking {"id":"` + bid + `","status":"cancelled"}`,
		`notification {"id":"` + strconv.FormatInt(cancelled, 10) + `","kind":"booking_cancelled"}`}

}

// checkResumes: the missed events are replayed on the app's reconnect (a
// new ticket, lastEventId) and on an EventSource's own (Last-Event-ID,
// which wins over the query's).
func checkResumes(t *testing.T, m *liveMarket, last int64, missed []string) {
	t.Helper()
	for _, resume := range []struct {
		query  string
		header http.Header
	}{
		{"&lastEventId=" + strconv.FormatInt(last, 10), nil},
		{"&lastEventId=0", http.Header{"Last-Event-ID": {strconv.FormatInt(last, 10)}}},
	} {
		s := m.open(m.seller.AccessToken, resume.query, resume.header)
		if got := wantNext(t, s, missed...); got[0].id <= last {
			t.Errorf("resumed with %d after %d", got[0].id, last)
		}
		s.Close()
	}

}

// A stream ends when its session does (logout), when its account is
// deleted, and at once when the server drains for shutdown; a draining
// server opens no new one (503), so the app reconnects elsewhere.
func TestEventStreamEnds(t *testing.T) {
	t.Parallel()
	m := newLiveMarket(t)
	out := m.open(m.buyer.AccessToken, "", nil)
	gone := m.open(m.otherBuyer.AccessToken, "", nil)
	stays := m.open(m.seller.AccessToken, "", nil)

	if rec := m.do(http.MethodPost, "/api/auth/logout", nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusNoContent {
		t.Fatalf("logout: %d", rec.Code)
	}
	if rec := m.do(http.MethodDelete, "/api/users/"+m.otherBuyer.User.ID, nil, bearer(m.admin.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body.String())
	}
	if !out.Ended(2 * time.Second) {
		t.Error("the logged-out session's stream goes on")
	}
	if !gone.Ended(2 * time.Second) {
		t.Error("the deleted account's stream goes on")
	}
	if _, err := stays.Next(time.Second); err != nil {
		t.Fatalf("another session's stream: %v", err)
	}

	if got := m.metric("resale_event_streams "); got != "1" {
		t.Errorf("resale_event_streams = %q, want 1", got)
	}
	ticket := m.ticket(m.seller.AccessToken)
	start := time.Now()
	m.handler.(*api.Server).Drain()
	if !stays.Ended(time.Second) {
		t.Fatal("the stream goes on after Drain")
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Errorf("the stream took %s to end", took)
	}
	m.refused(m.srv.URL+"/api/events?ticket="+ticket, nil, http.StatusServiceUnavailable)
	if got := m.metric("resale_event_streams "); got != "0" {
		t.Errorf("resale_event_streams = %q after Drain, want 0", got)
	}
	if got := m.metric(`resale_event_streams_dropped_total{reason="shutdown"} `); got != "1" {
		t.Errorf("streams dropped at shutdown: %q, want 1", got)
	}
}

// metric is the value of the series line starting with prefix.
func (m *liveMarket) metric(prefix string) string {
	m.t.Helper()
	rec := httptest.NewRecorder()
	m.handler.(*api.Server).MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for line := range strings.SplitSeq(rec.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, prefix); ok {
			return v
		}
	}
	return ""
}
