package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"resale/checkreport"
	"resale/checkreport/hwread"
)

// shop is a stand-in for the shop's POST /api/checks: it decodes the body
// as the server will (unknown fields refused, size capped), validates it
// and keeps what it received.
type shop struct {
	mu   sync.Mutex
	got  []checkreport.Submission
	reqs []*http.Request
}

func (s *shop) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, checkreport.MaxBodyBytes))
	dec.DisallowUnknownFields()
	var sub checkreport.Submission
	if err := dec.Decode(&sub); err != nil {
		http.Error(w, `{"message":"bad JSON"}`, http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.got, s.reqs = append(s.got, sub), append(s.reqs, r)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if fields := sub.Validate(time.Now()); len(fields) != 0 {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]any{"message": "The report is not valid", "fields": fields})
		return
	}
	if sub.Code == "GONE-404" {
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"message":"This code is not known or was used","code":"not_found"}`))
		return
	}
	w.WriteHeader(http.StatusCreated)
	w.Write([]byte(`{"message":"The listing shows this laptop as checked."}`))
}

func (s *shop) received() []checkreport.Submission {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]checkreport.Submission(nil), s.got...)
}

// start runs resale-check against a stand-in shop, reading the recorded
// laptop, with stdin as the person's answers.
func start(t *testing.T, stdin string, args ...string) (*shop, int, string, string) {
	t.Helper()
	s := &shop{}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	var out, errOut bytes.Buffer
	e := env{
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut, client: srv.Client(),
		read: func(ctx context.Context) checkreport.Report {
			return hwread.Read(ctx, hwread.Options{Root: "../../checkreport/hwread/testdata/laptop", Version: "v1.2.3", Now: time.Now()})
		},
	}
	args = append([]string{"--shop", srv.URL}, args...)
	code := run(context.Background(), args, e)
	return s, code, out.String(), errOut.String()
}

func TestRefusedSendsNothing(t *testing.T) {
	t.Parallel()
	for _, answer := range []string{"n\n", "\n", "", "yes please\n", "Y es\n"} {
		s, code, out, _ := start(t, answer, "7KQ4-9MXP")
		if code != exitNotSent || len(s.received()) != 0 {
			t.Fatalf("answer %q: exit %d, %d sent; want nothing sent", answer, code, len(s.received()))
		}
		for _, shown := range []string{"Send? [y/N]", "Nothing was sent.", "LENOVO", "SAMSUNG MZVLB512HBJQ-000L7, NVMe, 512 GB",
			"holds 81% of its design (46170 of 57000 mWh), 212 cycles", "1920 × 1200", "16 GB", "PF2XK9QZ"} {
			if !strings.Contains(out, shown) {
				t.Errorf("answer %q: the summary does not show %q:\n%s", answer, shown, out)
			}
		}
	}
}

func TestAcceptedSendsOnce(t *testing.T) {
	t.Parallel()
	s, code, out, errOut := start(t, "y\n", "7KQ4-9MXP")
	got := s.received()
	if code != exitOK || len(got) != 1 {
		t.Fatalf("exit %d, %d sent (stderr %q); want one POST", code, len(got), errOut)
	}
	r := s.reqs[0]
	if r.Method != http.MethodPost || r.URL.Path != "/api/checks" || r.Header.Get("Content-Type") != "application/json" ||
		r.Header.Get("User-Agent") != "resale-check/v1.2.3" {
		t.Fatalf("request %s %s %v", r.Method, r.URL.Path, r.Header)
	}
	sub := got[0]
	if sub.Code != "7KQ4-9MXP" || sub.Handover || *sub.Serial != "PF2XK9QZ" || sub.CPU.Cores != 4 || sub.Batteries[0].DesignCapacity != 57000 {
		t.Fatalf("the shop got %+v", sub)
	}
	if !strings.Contains(out, "Sent. The shop says: The listing shows this laptop as checked.") {
		t.Fatalf("the shop's answer is not shown:\n%s", out)
	}
}

func TestYesAndHandover(t *testing.T) {
	t.Parallel()
	s, code, out, _ := start(t, "", "--handover", "482913", "--yes")
	got := s.received()
	if code != exitOK || len(got) != 1 || !got[0].Handover || got[0].Code != "482913" {
		t.Fatalf("exit %d, got %+v", code, got)
	}
	if strings.Contains(out, "Send?") || !strings.Contains(out, "the hand-over check") {
		t.Fatalf("--yes asked, or the hand-over was not named:\n%s", out)
	}
}

func TestJSONSendsNothing(t *testing.T) {
	t.Parallel()
	for _, flag := range []string{"--json", "--dry-run"} {
		s, code, out, _ := start(t, "y\n", flag, "7KQ4-9MXP")
		var sub checkreport.Submission
		if err := json.Unmarshal([]byte(out), &sub); err != nil || code != exitOK {
			t.Fatalf("%s: exit %d, output is not the JSON: %v\n%s", flag, code, err, out)
		}
		if sub.Code != "7KQ4-9MXP" || sub.Screen.Width != 1920 || len(s.received()) != 0 {
			t.Fatalf("%s: printed %+v, sent %d", flag, sub, len(s.received()))
		}
	}
}

func TestShopRefusal(t *testing.T) {
	t.Parallel()
	s, code, _, errOut := start(t, "y\n", "GONE-404")
	if code != exitNotSent || len(s.received()) != 1 ||
		!strings.Contains(errOut, "The shop did not take the report (404): This code is not known or was used") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

func TestWrongUse(t *testing.T) {
	t.Parallel()
	for name, args := range map[string][]string{
		"no code":           {"--shop", "https://shop.example"},
		"two codes":         {"--shop", "https://shop.example", "123456", "654321"},
		"not a code":        {"--shop", "https://shop.example", "12 34"},
		"no shop":           {"123456"},
		"plain http":        {"--shop", "http://shop.example", "123456"},
		"a path":            {"--shop", "https://shop.example/api", "123456"},
		"a user in the URL": {"--shop", "https://me@shop.example", "123456"},
	} {
		var out, errOut bytes.Buffer
		read := func(context.Context) checkreport.Report {
			t.Fatalf("%s: read the machine", name)
			return checkreport.Report{}
		}
		code := run(context.Background(), args, env{stdin: strings.NewReader("y\n"), stdout: &out, stderr: &errOut, read: read})
		if code != exitWrongUse || !strings.HasPrefix(errOut.String(), "resale-check: ") {
			t.Errorf("%s: exit %d, stderr %q", name, code, errOut.String())
		}
	}
}
