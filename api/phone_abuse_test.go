package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"resale/api"
	"resale/jobs"
	"resale/sms/smstest"
	"resale/store/storetest"
)

// #35 the caps on codes: a minute between codes to a number, five an
// hour to a number and to an account, ten an hour from an address; past
// one, 429 with Retry-After, and nothing is sent.
func TestPhoneCodeCaps(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	_, token := m.account("Nadia", "Buyer")
	// each code is sent before the next is asked (a new code to a number
	// or for an account replaces one not sent yet)
	ask := func(ip, token, phone string) int {
		st := m.post(ip, "/api/me/phone", token, map[string]string{"phone": phone}).Code
		m.settle("sms_phone_code")
		return st
	}
	if st := ask("198.51.100.1", token, "01712000001"); st != http.StatusAccepted {
		t.Fatalf("the first code: %d", st)
	}
	rec := m.post("198.51.100.2", "/api/me/phone", token, map[string]string{"phone": "+8801712000001"})
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if ra, _ := strconv.Atoi(rec.Header().Get("Retry-After")); ra < 1 || ra > 60 {
		t.Errorf("Retry-After = %q, want within the minute", rec.Header().Get("Retry-After"))
	}
	// the account: four more numbers within the hour, then no more
	for i := 2; i <= 5; i++ {
		if st := ask(fmt.Sprintf("198.51.100.%d", 10+i), token, fmt.Sprintf("0171200000%d", i)); st != http.StatusAccepted {
			t.Fatalf("code %d of the account: %d", i, st)
		}
	}
	if st := ask("198.51.100.30", token, "01712000006"); st != http.StatusTooManyRequests {
		t.Fatalf("a sixth code in an hour for the account: %d", st)
	}
	// the address: ten codes an hour, whoever asks
	for i := 1; i <= 10; i++ {
		_, other := m.account(fmt.Sprintf("Person%d", i), "Buyer")
		if st := ask("203.0.113.9", other, fmt.Sprintf("0181200%04d", i)); st != http.StatusAccepted {
			t.Fatalf("code %d from the address: %d", i, st)
		}
	}
	_, last := m.account("Last", "Buyer")
	if st := ask("203.0.113.9", last, "01912000001"); st != http.StatusTooManyRequests {
		t.Fatalf("an eleventh code from the address: %d", st)
	}
	if st := m.post("203.0.113.9", "/api/auth/phone", "", map[string]string{"phone": "01912000002"}).Code; st != http.StatusTooManyRequests {
		t.Fatalf("a sign-in code from the full address: %d", st)
	}
	// and the number: five codes an hour, whoever asks
	for i := 0; i < 4; i++ {
		m.earlier()
		_, other := m.account(fmt.Sprintf("Taker%d", i), "Buyer")
		if st := ask(fmt.Sprintf("192.0.2.%d", 100+i), other, "01712000001"); st != http.StatusAccepted {
			t.Fatalf("code %d to the number: %d", i+2, st)
		}
	}
	m.earlier()
	_, other := m.account("Sixth", "Buyer")
	if st := ask("192.0.2.200", other, "01712000001"); st != http.StatusTooManyRequests {
		t.Fatalf("a sixth code to the number within the hour: %d", st)
	}
	m.settle("sms_phone_code")
	if n := len(m.gw.Messages()); n != 5+10+4 {
		t.Errorf("the stand-in got %d messages, want the 19 codes answered 202", n)
	}
}

// SMS_DAILY_LIMIT is counted in the database: two instances of the shop
// (two servers and their job runners) on one database send at most that
// many in a day between them.
func TestSMSDailyLimitIsSharedByInstances(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	gw, srv := smstest.Start(t)
	limit := func(o *api.Options) { o.SMSDailyLimit = 3 }
	servers := []*testServer{newSMSServer(t, pool, limit), newSMSServer(t, pool, limit)}
	for range servers {
		startSMSJobs(t, pool, srv.URL, func(o *jobs.Options) { o.SMSDailyLimit = 3 })
	}
	m := &smsShop{testServer: servers[0], gw: gw}
	accepted := 0
	for i := range 8 {
		_, token := m.account(fmt.Sprintf("P%d", i), "Buyer")
		s := &smsShop{testServer: servers[i%2], gw: gw}
		switch st := s.post(fmt.Sprintf("198.51.100.%d", i+1), "/api/me/phone", token, map[string]string{"phone": fmt.Sprintf("0171300000%d", i)}).Code; st {
		case http.StatusAccepted:
			accepted++
		case http.StatusTooManyRequests: // today's are all sent: the server knows it too
		default:
			t.Fatalf("code %d: %d", i, st)
		}
	}
	m.settle("sms_phone_code")
	if n := len(gw.Messages()); n != 3 || accepted < 3 {
		t.Fatalf("%d codes accepted, %d sent; want 3 sent", accepted, n)
	}
	var sent int
	if err := pool.QueryRow(context.Background(), `SELECT sent FROM sms_days`).Scan(&sent); err != nil || sent != 3 {
		t.Fatalf("sms_days.sent = %d (%v)", sent, err)
	}
	_, token := m.account("Late", "Buyer")
	rec := servers[1].do(http.MethodPost, "/api/me/phone", jsonReader(t, map[string]string{"phone": "01713999999"}), bearer(token))
	wantError(t, rec, http.StatusTooManyRequests, "throttled")
}

// SMS pumping: many addresses and accounts flood both routes with numbers
// at once; the stand-in receives no more than the caps allow.
func TestSMSFloodStaysWithinTheCaps(t *testing.T) {
	t.Parallel()
	m := newSMSShop(t, nil, nil)
	owner, _ := m.account("Owner", "Seller")
	m.verify(owner, "+8801711111111")
	tokens := make([]string, 4)
	for i := range tokens {
		_, tokens[i] = m.account(fmt.Sprintf("Pumper%d", i), "Buyer")
	}
	var wg sync.WaitGroup
	var verifyOK, loginOK atomic.Int64
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ip := fmt.Sprintf("203.0.113.%d", i%8+1)
			number := fmt.Sprintf("0191%07d", i)
			if i%10 == 0 {
				number = "01711111111" // the owner's, again and again
			}
			if postAt(m.handler, ip, "/api/me/phone", tokens[i%4], map[string]string{"phone": number}) == http.StatusAccepted {
				verifyOK.Add(1)
			}
			if postAt(m.handler, ip, "/api/auth/phone", "", map[string]string{"phone": number}) == http.StatusAccepted {
				loginOK.Add(1)
			}
		}()
	}
	wg.Wait()
	m.settle("sms_phone_code")
	msgs := m.gw.Messages()
	perNumber := map[string]int{}
	for _, msg := range msgs {
		perNumber[msg.To]++
	}
	// four accounts, five codes an hour each; the owner's number, one a
	// minute (a verify code refused as taken, a sign-in code or none);
	// every other number belongs to nobody, so its sign-in code goes nowhere
	if v := verifyOK.Load(); v > 4*5 {
		t.Errorf("%d verify codes accepted, more than four accounts' caps", v)
	}
	if len(msgs) > 4*5+1 || int64(len(msgs)) > verifyOK.Load()+1 {
		t.Errorf("the stand-in got %d messages (verify codes accepted %d, sign-in %d)", len(msgs), verifyOK.Load(), loginOK.Load())
	}
	for to, n := range perNumber {
		if n > 1 {
			t.Errorf("%s got %d codes within the minute", to, n)
		}
	}
	if loginOK.Load()+verifyOK.Load() > 8*10 {
		t.Errorf("%d codes accepted from 8 addresses, more than their caps", loginOK.Load()+verifyOK.Load())
	}
}
