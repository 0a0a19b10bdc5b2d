package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"resale/internal/ssetest"
	"resale/store/storetest"
)

// Live updates across instances: a stream open on one instance gets the
// events of changes made through the other; a ticket opens one stream on
// any instance; a reconnect to the other instance resumes after the last
// id seen; and an instance shutting down ends its streams at once instead
// of waiting out its shutdown timeout, so clients move to the other.
func TestLiveEventsAcrossInstances(t *testing.T) {
	t.Parallel()
	shared := map[string]string{
		"DATABASE_URL":     storetest.EmptyURL(t),
		"JWT_SECRET":       strings.Repeat("s", 32),
		"SHUTDOWN_TIMEOUT": "30s",
	}
	ctxA, stopA := context.WithCancel(context.Background())
	defer stopA()
	ctxB, stopB := context.WithCancel(context.Background())
	defer stopB()
	a := startInstances(t, ctxA, 1, shared)[0]
	b := startInstances(t, ctxB, 1, shared)[0]

	seller := signUp(t, a.base, "Sam Seller", "sam@example.com", "Seller")
	buyer := signUp(t, b.base, "Bea Buyer", "bea@example.com", "Buyer")

	onA, first := openStream(t, a, seller.AccessToken, "", nil)
	t.Run("a ticket opens one stream, on any instance", func(t *testing.T) {
		for _, in := range []*instance{a, b} {
			code, _, body := call(t, http.MethodGet, in.base+"/api/events?ticket="+first, "", nil, nil)
			var e struct {
				Message string `json:"message"`
			}
			mustDecode(t, body, &e)
			if code != http.StatusUnauthorized || e.Message == "" {
				t.Errorf("the used ticket on %s: %d %s", in.base, code, body)
			}
		}
	})

	// listed on A, booked through B: the seller's stream on A hears it
	booking := listOnABookThroughB(t, a, b, seller, buyer)
	got, _ := nextEvent(t, onA)
	if want := `booking {"id":"` + booking + `","status":"pending"}`; got != want {
		t.Fatalf("on A: %s, want %s", got, want)
	}
	got, last := nextEvent(t, onA)
	if !strings.HasPrefix(got, "notification ") || !strings.Contains(got, `"kind":"booking_received"`) {
		t.Fatalf("on A: %s, want the booking_received notification", got)
	}
	onA.Close()

	// while away, the buyer cancels through B; the seller comes back on B
	if code, _, body := call(t, http.MethodDelete, b.base+"/api/bookings/"+booking, buyer.AccessToken, nil, nil); code != http.StatusOK {
		t.Fatalf("cancel: %d %s", code, body)
	}
	onB, _ := openStream(t, b, seller.AccessToken, "", http.Header{"Last-Event-ID": {strconv.FormatInt(last, 10)}})
	got, id := nextEvent(t, onB)
	if want := `booking {"id":"` + booking + `","status":"cancelled"}`; got != want || id <= last {
		t.Fatalf("resumed on B after %d: %d %s, want %s", last, id, got, want)
	}
	if got, _ := nextEvent(t, onB); !strings.Contains(got, `"kind":"booking_cancelled"`) {
		t.Fatalf("resumed on B: %s, want the booking_cancelled notification", got)
	}
	onB.Close()

	t.Run("shutdown ends the streams at once", func(t *testing.T) {
		checkShutdownEndsStreams(t, a, b, stopA, seller.AccessToken)
	})

	stopB()
	select {
	case code := <-b.done:
		if code != 0 {
			t.Errorf("B exited %d; logs:\n%s", code, b.logs)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("B did not stop; logs:\n%s", b.logs)
	}
	for _, in := range []*instance{a, b} {
		if strings.Contains(in.logs.String(), "level=ERROR") {
			t.Errorf("errors logged:\n%s", in.logs)
		}
	}
}

// openStream opens a stream for the session (token) on in, with a new
// ticket, waiting while in is not yet hearing events (503); it returns
// the ticket it used.
func openStream(t *testing.T, in *instance, token, query string, header http.Header) (*ssetest.Stream, string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		code, _, body := call(t, http.MethodPost, in.base+"/api/events/ticket", token, nil, nil)
		var ticket struct {
			Ticket string `json:"ticket"`
		}
		mustDecode(t, body, &ticket)
		if code != http.StatusOK || ticket.Ticket == "" {
			t.Fatalf("ticket: %d %s", code, body)
		}
		s, res, err := ssetest.Open(in.base+"/api/events?ticket="+ticket.Ticket+query, header)
		if err != nil {
			t.Fatal(err)
		}
		if s != nil {
			t.Cleanup(s.Close)
			return s, ticket.Ticket
		}
		body, _ = io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("stream on %s: %d %s", in.base, res.StatusCode, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// nextEvent is the stream's next event as "name data", and its id.
func nextEvent(t *testing.T, s *ssetest.Stream) (string, int64) {
	t.Helper()
	ev, err := s.NextEvent(10 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	id, err := strconv.ParseInt(ev.ID, 10, 64)
	if err != nil {
		t.Fatalf("event id %q", ev.ID)
	}
	var data map[string]string
	mustDecode(t, []byte(ev.Data), &data)
	b, _ := json.Marshal(data)
	return ev.Name + " " + string(b), id
}

// listOnABookThroughB lists the seller's HP on a and books it for the
// buyer through b; it returns the booking's id.
func listOnABookThroughB(t *testing.T, a, b *instance, seller, buyer session) string {
	t.Helper()
	code, body := postJSON(t, a.base+"/api/products", seller.AccessToken, map[string]any{
		"productName": "HP EliteBook 840 G5", "picture": seller.User.UserPhoto, "sellPrice": 38000, "orginalPrice": 95000,
		"category": "HP", "condition": "good", "location": "Mirpur, Dhaka", "used": "3", "number": "01711-000000",
	})
	if code != http.StatusCreated {
		t.Fatalf("add product: %d %s", code, body)
	}
	var product, booking struct {
		InsertedID string `json:"insertedId"`
	}
	mustDecode(t, body, &product)
	code, body = postJSON(t, b.base+"/api/bookings", buyer.AccessToken, map[string]any{
		"ProductId": product.InsertedID, "number": "01811223344", "meetLocation": "Mirpur 10 circle",
	})
	if code != http.StatusCreated {
		t.Fatalf("book through B: %d %s", code, body)
	}
	mustDecode(t, body, &booking)
	return booking.InsertedID
}

// checkShutdownEndsStreams stops a (stopA) with the seller's (token)
// stream open on it: the stream ends at once and a stops well within its
// 30 s shutdown timeout; the client reconnects to b, which goes on.
func checkShutdownEndsStreams(t *testing.T, a, b *instance, stopA context.CancelFunc, token string) {
	s, _ := openStream(t, a, token, "", nil)
	start := time.Now()
	stopA()
	if !s.Ended(5 * time.Second) {
		t.Fatal("A's stream did not end")
	}
	select {
	case code := <-a.done:
		if code != 0 {
			t.Errorf("A exited %d; logs:\n%s", code, a.logs)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("A did not stop (its shutdown timeout is 30 s); logs:\n%s", a.logs)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("A took %s to stop", took)
	}
	// the client reconnects to B, which goes on
	s, _ = openStream(t, b, token, "&lastEventId=0", nil)
	if got, _ := nextEvent(t, s); !strings.HasPrefix(got, "booking ") {
		t.Errorf("the replay on B starts with %s", got)
	}
}
