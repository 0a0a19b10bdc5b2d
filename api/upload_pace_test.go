package api_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"resale/api"
)

// slowSender is a sign-up whose photo arrives over a real connection a
// few bytes at a time.
type slowSender struct {
	conn   net.Conn
	start  time.Time
	answer chan string // the status line, or why none came
}

// sendSlowly opens a sign-up from client address ip (X-Forwarded-For)
// declaring a 200 KB body, sends chunk bytes of it every tick (none after
// the form's first lines when chunk is 0), and reads the answer.
func sendSlowly(t *testing.T, addr, ip string, chunk int, tick time.Duration) *slowSender {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	head := "--B\r\nContent-Disposition: form-data; name=\"image\"; filename=\"me.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
	fmt.Fprintf(conn, "POST /api/auth/signup HTTP/1.1\r\nHost: shop\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 200000\r\nX-Forwarded-For: %s\r\n\r\n%s", ip, head)
	s := &slowSender{conn: conn, start: time.Now(), answer: make(chan string, 1)}
	stop := make(chan struct{})
	go func() {
		defer close(stop)
		line, err := bufio.NewReader(conn).ReadString('\n')
		if err != nil {
			s.answer <- "no answer: " + err.Error()
			return
		}
		s.answer <- strings.TrimSpace(line)
	}()
	if chunk > 0 {
		go func() {
			t := time.NewTicker(tick)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					if _, err := conn.Write(bytes.Repeat([]byte{0xff}, chunk)); err != nil {
						return
					}
				}
			}
		}()
	}
	return s
}

// ended waits for the server to end the upload and says how long after
// its start.
func (s *slowSender) ended(t *testing.T, within time.Duration) (string, time.Duration) {
	t.Helper()
	select {
	case a := <-s.answer:
		return a, time.Since(s.start)
	case <-time.After(within):
		t.Fatalf("a slow upload still held after %v", within)
		return "", 0
	}
}

// Issue #31 F2: slow anonymous senders over real connections cannot hold
// the upload slots. They may hold only the anonymous share, so a signed-in
// upload still gets a slot meanwhile; one that trickles below the minimum
// rate is cut off soon after its grace, one that keeps the rate at the
// upload's time limit; then the slots are free again.
func TestSlowUploadsCannotHoldTheSlots(t *testing.T) {
	t.Parallel()
	base := newMarket(t)
	_, loopback, _ := net.ParseCIDR("127.0.0.0/8")
	s := newTestServerWith(t, base.store, func(o *api.Options) {
		o.TrustedProxies = []*net.IPNet{loopback}
		o.UploadSlots, o.UploadAnonymousSlots, o.UploadsPerClient = 3, 2, 2
		o.UploadMinRate, o.UploadGrace, o.UploadMaxTime = 1024, 300*time.Millisecond, 3*time.Second
		o.RequestTimeout = time.Minute
	})
	srv := httptest.NewServer(s.handler)
	t.Cleanup(srv.Close)
	addr := srv.Listener.Addr().String()

	// two anonymous sign-ups keeping the minimum rate (2 KB/s) hold the
	// anonymous share; a third anonymous one finds no slot
	holders := []*slowSender{
		sendSlowly(t, addr, "203.0.113.1", 200, 100*time.Millisecond),
		sendSlowly(t, addr, "203.0.113.2", 200, 100*time.Millisecond),
	}
	time.Sleep(300 * time.Millisecond) // admitted: the server is reading them
	third := sendSlowly(t, addr, "203.0.113.3", 200, 100*time.Millisecond)
	if a, took := third.ended(t, 5*time.Second); !strings.HasPrefix(a, "HTTP/1.1 503") {
		t.Errorf("a third anonymous upload while two hold the anonymous share: %q after %v, want 503", a, took)
	}

	// a signed-in user's photo still gets a slot meanwhile
	body, ctype := multipartBody(t, nil, filePart{"image", "a.jpg", otherPhoto(t)})
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/images", body)
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Authorization", "Bearer "+base.seller.AccessToken)
	req.Header.Set("X-Forwarded-For", "198.51.100.9")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Errorf("a signed-in upload while anonymous slow senders hold theirs: %d", res.StatusCode)
	}
	for _, h := range holders {
		select {
		case a := <-h.answer:
			t.Fatalf("a holder ended before the signed-in upload: %q", a)
		default:
		}
	}

	// a sender that stops is cut off soon after its grace
	stalled := sendSlowly(t, addr, "203.0.113.4", 0, 0)
	if a, took := stalled.ended(t, 10*time.Second); took > 2*time.Second {
		t.Errorf("a stalled upload ended after %v (%q), want soon after the 300 ms grace", took, a)
	}
	// the ones keeping the rate end at the time limit
	for _, h := range holders {
		if a, took := h.ended(t, 10*time.Second); took < 2500*time.Millisecond || took > 6*time.Second {
			t.Errorf("a holder ended after %v (%q), want at the 3 s limit", took, a)
		}
	}
	// and the slots are free again: an anonymous sign-up goes through
	rec := s.postForm("/api/auth/signup", "", []string{"userName", "Late", "email", "late@example.com", "password", "correct horse battery", "role", "Buyer"},
		filePart{"image", "me.jpg", photoJPEG(t)})
	if rec.Code != http.StatusCreated {
		t.Errorf("a sign-up once the slow senders are gone: %d %s", rec.Code, rec.Body)
	}
}
