package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"resale/api"
	"resale/payments"
	"resale/payments/sslcommerz"
	"resale/payments/sslcommerztest"
)

// gatewayMarket is a market served over a real listener, with SSLCommerz
// through its stand-in, which posts its notices (IPNs) to that listener.
type gatewayMarket struct {
	*market
	gw       *sslcommerztest.Server
	srv      *httptest.Server
	payments *payments.Service
}

func newGatewayMarket(t *testing.T) *gatewayMarket {
	t.Helper()
	var h atomic.Value // the market's handler, once it is built
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.Load().(http.Handler).ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	gw := sslcommerztest.New(t, sslcommerztest.Options{})
	var svc *payments.Service
	m := newMarketWith(t, func(o *api.Options) { withPayments(nil, gw, srv.URL)(o); svc = o.Payments })
	h.Store(m.handler)
	return &gatewayMarket{market: m, gw: gw, srv: srv, payments: svc}
}

// bookOnline books the laptop to be paid through SSLCommerz.
func (m *gatewayMarket) bookOnline(token, pid string) string {
	m.t.Helper()
	id, code := m.book(token, pid, map[string]any{"paymentMethod": "sslcommerz"})
	if code != http.StatusCreated {
		m.t.Fatalf("book: %d", code)
	}
	return id
}

// start asks for a checkout of the booking and answers its session key
// on the stand-in.
func (m *gatewayMarket) start(token, bid string) string {
	m.t.Helper()
	rec := m.postJSON("/api/payments/sslcommerz/session", token, map[string]any{"bookingId": bid})
	var out struct {
		GatewayURL string `json:"gatewayUrl"`
	}
	decode(m.t, rec, &out)
	key, ok := strings.CutPrefix(out.GatewayURL, m.gw.URL+"/EasyCheckOut/")
	if rec.Code != http.StatusOK || !ok {
		m.t.Fatalf("session: %d %s", rec.Code, rec.Body.String())
	}
	return key
}

// finish presses a button on the gateway's page (pay with bKash, fail,
// cancel) and answers the browser's way back.
func (m *gatewayMarket) finish(key, action string) sslcommerztest.Return {
	m.t.Helper()
	ret, err := m.gw.Finish(context.Background(), key, action, "bkash")
	if err != nil {
		m.t.Fatal(err)
	}
	return ret
}

// back posts the browser's way back to the shop and answers where the
// shop sends it on.
func (m *gatewayMarket) back(ret sslcommerztest.Return) *url.URL {
	m.t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(ret.URL, ret.Form)
	if err != nil {
		m.t.Fatal(err)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusSeeOther || err != nil || loc.Path != "/dashboard/mybooking" {
		m.t.Fatalf("back to the shop: %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	return loc
}

// postIPN posts a notice to the shop as the gateway would.
func (m *gatewayMarket) postIPN(form url.Values) int {
	m.t.Helper()
	res, err := http.PostForm(m.srv.URL+"/api/payments/sslcommerz/ipn", form)
	if err != nil {
		m.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// paid is how many payments the booking has and their sum in paisa, and
// how many of the ledger's payment rows say SSLCommerz.
func (m *gatewayMarket) paid(bid string) (n, sum, ledger int) {
	m.t.Helper()
	m.scalar(&n, "SELECT count(*) FROM payments WHERE booking_id = $1::text::bigint", bid)
	m.scalar(&sum, "SELECT coalesce(sum(amount), 0)::int FROM payments WHERE booking_id = $1::text::bigint", bid)
	m.scalar(&ledger, "SELECT count(*) FROM ledger WHERE kind = 'payment' AND method = 'sslcommerz' AND booking_id = $1::text::bigint", bid)
	return n, sum, ledger
}

func (m *gatewayMarket) wantPaidOnce(step, bid string) {
	m.t.Helper()
	if n, sum, ledger := m.paid(bid); n != 1 || sum != 3800000 || ledger != 1 {
		m.t.Fatalf("%s: %d payments of %d paisa, %d ledger rows; want one of 3800000", step, n, sum, ledger)
	}
	if b := m.bookingAs(m.buyer.AccessToken, bid); b.Status != "paid" {
		m.t.Fatalf("%s: booking %+v, want paid", step, b)
	}
}

// The usual order: the notice first, then the buyer's browser. The
// payment is validated and recorded once, the booking paid, the laptop
// sold, the buyer sent to My Booking with the outcome.
func TestSSLCommerzPaysABooking(t *testing.T) {
	t.Parallel()
	for name, mode := range map[string]sslcommerztest.IPNMode{
		"notice first": sslcommerztest.IPNBeforeBrowser, "browser first": sslcommerztest.IPNHeld, "both at once": sslcommerztest.IPNConcurrent,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m := newGatewayMarket(t)
			m.gw.SetIPNMode(mode)
			pid := m.addProduct(m.seller.AccessToken, nil)
			bid := m.bookOnline(m.buyer.AccessToken, pid)
			key := m.start(m.buyer.AccessToken, bid)
			loc := m.back(m.finish(key, "pay"))
			if q := loc.Query(); q.Get("payment") != "paid" || q.Get("booking") != bid {
				t.Errorf("sent on to %s", loc)
			}
			for _, d := range m.gw.DeliverHeldIPNs(context.Background()) {
				if d.Status != http.StatusOK {
					t.Errorf("the held notice: %d %v", d.Status, d.Err)
				}
			}
			m.wantPaidOnce(name, bid)
			if _, ok := m.productState(pid); ok {
				t.Error("the paid laptop is still for sale")
			}
			m.wantNoticeCount(name, m.seller.User.ID, "payment_received", 1)
			for _, n := range []notificationWire{m.noticeOf(m.buyer.AccessToken, "payment_receipt"), m.noticeOf(m.seller.AccessToken, "payment_received")} {
				if !strings.Contains(n.Body, "38,000 Tk") || !strings.Contains(n.Body, "online through SSLCommerz") || strings.Contains(n.Body, "card") {
					t.Errorf("%s: %q", n.Kind, n.Body)
				}
			}
			if n := m.gw.Count("validate"); n < 1 || n > 2 {
				t.Errorf("validated %d times, want once per arrival", n)
			}
		})
	}
}

// The gateway's notice replayed word for word, ten at once, and a forged
// one (a val_id the gateway never issued) record nothing more.
func TestSSLCommerzNoticeReplayedOrForged(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	key := m.start(m.buyer.AccessToken, bid)
	ret := m.finish(key, "pay")
	ipns := m.gw.IPNs()
	if len(ipns) != 1 || ipns[0].Status != http.StatusOK {
		t.Fatalf("notices: %+v", ipns)
	}
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code := m.postIPN(ipns[0].Form); code != http.StatusOK {
				t.Errorf("replayed notice: %d", code)
			}
		}()
	}
	wg.Wait()
	m.back(ret)
	m.wantPaidOnce("replayed", bid)

	// a forged notice for another booking of the same laptop's buyer
	other := m.bookOnline(m.otherBuyer.AccessToken, m.addProduct(m.seller.AccessToken, nil))
	otherKey := m.start(m.otherBuyer.AccessToken, other)
	var tranID string
	m.scalar(&tranID, "SELECT payment_intent_id FROM bookings WHERE id = $1::text::bigint", other)
	m.postIPN(m.gw.ForgeIPN(tranID, "38000.00"))
	if n, _, _ := m.paid(other); n != 0 {
		t.Fatalf("a forged notice recorded %d payments", n)
	}
	if m.gw.Status(otherKey) != "PENDING" {
		t.Errorf("the forged booking's session: %s", m.gw.Status(otherKey))
	}
	for _, bad := range []url.Values{{}, {"tran_id": {"pi_123"}, "val_id": {"x"}}, {"tran_id": {"sslc_zz"}, "val_id": {"x"}}} {
		if code := m.postIPN(bad); code != http.StatusBadRequest {
			t.Errorf("notice %v: %d, want 400", bad, code)
		}
	}
}

// The gateway says another amount was paid than the booking's price (a
// session tampered with, a price changed): the money is recorded and
// refunded, never taken as the booking's payment.
func TestSSLCommerzAmountMismatchIsRefunded(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	key := m.start(m.buyer.AccessToken, bid)
	var tranID string
	m.scalar(&tranID, "SELECT payment_intent_id FROM bookings WHERE id = $1::text::bigint", bid)
	m.gw.Tamper(tranID, map[string]string{"amount": "100.00", "currency_amount": "100.00"})
	loc := m.back(m.finish(key, "pay"))
	if got := loc.Query().Get("payment"); got != "refunded" {
		t.Errorf("outcome %q, want refunded", got)
	}
	var status string
	m.scalar(&status, "SELECT status FROM payments WHERE booking_id = $1::text::bigint", bid)
	if status != "refunded" || m.gw.Refunded(tranID) != 10000 {
		t.Errorf("payment %s, refunded %d paisa; want refunded 10000", status, m.gw.Refunded(tranID))
	}
	if b := m.bookingAs(m.buyer.AccessToken, bid); b.Status == "paid" {
		t.Errorf("booking paid by the wrong amount: %+v", b)
	}
}

// A failed or cancelled payment changes nothing; the buyer tries again
// and pays. The earlier attempt is retired.
func TestSSLCommerzCancelThenRetry(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	for _, action := range []string{"cancel", "fail"} {
		loc := m.back(m.finish(m.start(m.buyer.AccessToken, bid), action))
		want := map[string]string{"cancel": "cancelled", "fail": "failed"}[action]
		if q := loc.Query(); q.Get("payment") != want || q.Get("booking") != bid {
			t.Errorf("%s: sent on to %s", action, loc)
		}
		if n, _, _ := m.paid(bid); n != 0 {
			t.Fatalf("%s: %d payments", action, n)
		}
	}
	m.back(m.finish(m.start(m.buyer.AccessToken, bid), "pay"))
	m.wantPaidOnce("after two tries", bid)
	var retired int
	m.scalar(&retired, "SELECT count(*) FROM retired_payment_intents WHERE booking_id = $1::text::bigint", bid)
	if retired != 2 {
		t.Errorf("%d attempts retired, want the 2 before", retired)
	}
	wantError(t, m.postJSON("/api/payments/sslcommerz/session", m.buyer.AccessToken, map[string]any{"bookingId": bid}), http.StatusConflict, "paid")
}

// The laptop was sold to someone else while this buyer was on the
// gateway's page: the money is recorded and refunded through the
// gateway's refund API, once.
func TestSSLCommerzSoldMeanwhileIsRefunded(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	key := m.start(m.buyer.AccessToken, bid)
	if rec := m.do(http.MethodPut, "/api/products/"+pid+"/sold", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("sold outside: %d %s", rec.Code, rec.Body.String())
	}
	var tranID string
	m.scalar(&tranID, "SELECT payment_intent_id FROM bookings WHERE id = $1::text::bigint", bid)
	loc := m.back(m.finish(key, "pay"))
	if got := loc.Query().Get("payment"); got != "refunded" {
		t.Errorf("outcome %q, want refunded", got)
	}
	m.payments.Reconcile(context.Background())
	if got := m.gw.Refunded(tranID); got != 3800000 {
		t.Errorf("refunded %d paisa, want 3800000 once", got)
	}
	if n := m.gw.Count("refund"); n != 1 {
		t.Errorf("%d refund calls, want 1", n)
	}
	var refunds int
	m.scalar(&refunds, "SELECT count(*) FROM ledger WHERE kind = 'refund' AND booking_id = $1::text::bigint", bid)
	if refunds != 1 {
		t.Errorf("%d refund rows in the ledger, want 1", refunds)
	}
}

// The notice is lost and the buyer's tab closed: the reconciliation asks
// the transaction query API and records the payment, once.
func TestSSLCommerzReconcileFindsALostPayment(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	m.gw.SetIPNMode(sslcommerztest.IPNNever)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	m.finish(m.start(m.buyer.AccessToken, bid), "pay") // the tab closes
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := m.paid(bid); n != 0 {
		t.Fatalf("a fresh attempt was reconciled: %d", n)
	}
	m.exec("UPDATE bookings SET created_at = now() - interval '10 minutes' WHERE id = $1::text::bigint", bid)
	for range 2 {
		if err := m.payments.Reconcile(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	m.wantPaidOnce("reconciled", bid)
}

// A gateway that hangs: starting a checkout answers 502 in time and
// changes nothing the buyer can see; a browser coming back while the
// Validation API hangs is told the payment is pending, and the
// reconciliation records it once the gateway answers.
func TestSSLCommerzGatewayTimesOut(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	m.gw.SetIPNMode(sslcommerztest.IPNNever)
	key := m.start(m.buyer.AccessToken, bid)
	ret := m.finish(key, "pay")

	m.gw.SetHang(true)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ret.URL, strings.NewReader(ret.Form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if loc := res.Header.Get("Location"); !strings.Contains(loc, "payment=pending") {
		t.Errorf("while the gateway hangs: %d %q", res.StatusCode, loc)
	}
	wantError(t, m.postJSON("/api/payments/sslcommerz/session", m.otherBuyer.AccessToken,
		map[string]any{"bookingId": m.bookOnline(m.otherBuyer.AccessToken, m.addProduct(m.seller.AccessToken, nil))}), http.StatusBadGateway, "payment_service")
	m.gw.SetHang(false)

	m.exec("UPDATE bookings SET created_at = now() - interval '10 minutes' WHERE id = $1::text::bigint", bid)
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	m.wantPaidOnce("after the gateway came back", bid)
}

// Only the booking's buyer starts a checkout, only while it can be paid,
// and only where SSLCommerz is set up.
func TestSSLCommerzSessionRefusals(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	path := "/api/payments/sslcommerz/session"
	wantError(t, m.postJSON(path, m.otherBuyer.AccessToken, map[string]any{"bookingId": bid}), http.StatusNotFound, "not_found")
	wantError(t, m.postJSON(path, m.seller.AccessToken, map[string]any{"bookingId": bid}), http.StatusNotFound, "not_found")
	wantError(t, m.postJSON(path, "", map[string]any{"bookingId": bid}), http.StatusUnauthorized, "unauthorized")
	wantError(t, m.postJSON(path, m.buyer.AccessToken, map[string]any{"bookingId": "x"}), http.StatusBadRequest, "invalid")
	wantError(t, m.postJSON(path, m.buyer.AccessToken, map[string]any{"bookingId": bid, "amount": 1}), http.StatusBadRequest, "invalid")
	if n := m.gw.Count("session"); n != 0 {
		t.Errorf("%d sessions started by refused requests", n)
	}
	if rec := m.do(http.MethodDelete, "/api/bookings/"+bid, nil, bearer(m.buyer.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("cancel: %d", rec.Code)
	}
	wantError(t, m.postJSON(path, m.buyer.AccessToken, map[string]any{"bookingId": bid}), http.StatusNotFound, "not_found")

	plain := newMarket(t)
	other, _ := plain.book(plain.buyer.AccessToken, plain.addProduct(plain.seller.AccessToken, nil), nil)
	wantError(t, plain.postJSON(path, plain.buyer.AccessToken, map[string]any{"bookingId": other}), http.StatusServiceUnavailable, "payments_off")
	if rec := plain.do(http.MethodPost, "/payments/sslcommerz/success", strings.NewReader("tran_id=x"),
		http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}); rec.Code != http.StatusNotFound {
		t.Errorf("the way back where SSLCommerz is off: %d", rec.Code)
	}
}

// Hostile posts to the gateway's routes (the notice and the three ways
// back) and hostile checkouts: each gets a clear answer and not one row
// changes. A real val_id of one booking's payment posted with another
// booking's tran_id (or another shop's) pays nothing.
func TestHostileSSLCommerzPosts(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	paidFor := m.bookOnline(m.buyer.AccessToken, m.addProduct(m.seller.AccessToken, nil))
	m.back(m.finish(m.start(m.buyer.AccessToken, paidFor), "pay"))
	realVal := m.gw.IPNs()[0].Form.Get("val_id")
	open := m.bookOnline(m.otherBuyer.AccessToken, m.addProduct(m.seller.AccessToken, nil))
	m.start(m.otherBuyer.AccessToken, open)
	var openTran string
	m.scalar(&openTran, "SELECT payment_intent_id FROM bookings WHERE id = $1::text::bigint", open)

	before := dbFingerprint(t, m.testServer)
	forms := []string{
		"", "tran_id=", "val_id=" + realVal, "tran_id=" + openTran + "&val_id=" + realVal,
		"tran_id=" + url.QueryEscape("sslc_1'; DROP TABLE payments;--_x") + "&val_id=1",
		"tran_id=sslc_" + strings.Repeat("9", 40) + "_x&val_id=1", "tran_id=sslc_-1_x&val_id=1",
		"tran_id=" + openTran + "&val_id=" + url.QueryEscape("../../etc/passwd"),
		"tran_id=" + openTran + "&val_id=" + strings.Repeat("v", 5000),
		"tran_id=" + openTran + "&status=VALID&amount=38000.00",
		"%zz=%", "tran_id=" + openTran + "&tran_id=" + url.QueryEscape("sslc_1_x") + "&val_id=" + realVal,
	}
	form := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	for _, body := range forms {
		rec := m.do(http.MethodPost, "/api/payments/sslcommerz/ipn", strings.NewReader(body), form)
		if rec.Code != http.StatusBadRequest && !(rec.Code == http.StatusOK && strings.Contains(rec.Body.String(), `"failed"`)) {
			t.Errorf("notice %.60q: %d %s", body, rec.Code, rec.Body.String())
		}
		for _, way := range []string{"success", "fail", "cancel"} {
			rec := m.do(http.MethodPost, "/payments/sslcommerz/"+way, strings.NewReader(body), form)
			if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther && rec.Code != http.StatusBadRequest ||
				strings.Contains(loc, "payment=paid") || strings.Contains(loc, "payment=refunded") {
				t.Errorf("%s %.60q: %d %q", way, body, rec.Code, loc)
			}
		}
	}
	big := "tran_id=" + openTran + "&pad=" + strings.Repeat("x", 64<<10)
	if rec := m.do(http.MethodPost, "/api/payments/sslcommerz/ipn", strings.NewReader(big), form); rec.Code != http.StatusBadRequest && rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a 64 KB notice: %d", rec.Code)
	}
	for _, id := range []string{`""`, `"0"`, `"-1"`, `"1e3"`, `null`, `5`, `["1"]`, `"` + strings.Repeat("9", 30) + `"`, `"` + paidFor + `' OR 1=1"`} {
		rec := m.do(http.MethodPost, "/api/payments/sslcommerz/session", strings.NewReader(`{"bookingId":`+id+`}`),
			http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + m.buyer.AccessToken}})
		if rec.Code != http.StatusBadRequest && rec.Code != http.StatusNotFound {
			t.Errorf("checkout of %s: %d %s", id, rec.Code, rec.Body.String())
		}
	}
	if after := dbFingerprint(t, m.testServer); after != before {
		t.Fatalf("hostile gateway posts changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if n, _, _ := m.paid(open); n != 0 {
		t.Fatalf("the open booking was paid by another's val_id: %d", n)
	}
}

// The ledger's SSLCommerz money, summed, is what the gateway says was
// paid less what it refunded, to the Tk: two laptops paid with bKash and
// Nagad, and one paid after it was sold elsewhere (refunded).
func TestSSLCommerzLedgerReconciles(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	var tranIDs []string
	for i, price := range []int{38000, 1001, 999} {
		pid := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": price})
		bid := m.bookOnline(m.buyer.AccessToken, pid)
		key := m.start(m.buyer.AccessToken, bid)
		if i == 2 {
			if rec := m.do(http.MethodPut, "/api/products/"+pid+"/sold", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
				t.Fatalf("sold outside: %d", rec.Code)
			}
		}
		ret, err := m.gw.Finish(context.Background(), key, "pay", []string{"bkash", "nagad", "rocket"}[i])
		if err != nil {
			t.Fatal(err)
		}
		m.back(ret)
		var tranID string
		m.scalar(&tranID, "SELECT transaction_id FROM payments WHERE booking_id = $1::text::bigint", bid)
		tranIDs = append(tranIDs, tranID)
	}
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	// the gateway's side, through its own transaction query API
	client := sslcommerz.New(sslcommerz.Config{StoreID: sslcommerztest.DefaultStoreID, StorePassword: sslcommerztest.DefaultStorePassword, APIBase: m.gw.URL})
	var gatewayNet int64
	for _, id := range tranIDs {
		list, err := client.QueryByTranID(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range list {
			if s := strings.ToUpper(v.Status); s == "VALID" || s == "VALIDATED" {
				tk, err := sslcommerz.ParseAmount(v.Amount)
				if err != nil {
					t.Fatal(err)
				}
				gatewayNet += tk
			}
		}
		gatewayNet -= m.gw.Refunded(id) / 100
	}
	var ledgerNet int64
	m.scalar(&ledgerNet, "SELECT coalesce(sum(amount), 0)::bigint FROM ledger WHERE method = 'sslcommerz' AND kind IN ('payment', 'refund')")
	if want := int64(38000 + 1001); gatewayNet != want || ledgerNet != want {
		t.Fatalf("SSLCommerz money: gateway %d, ledger %d, want %d", gatewayNet, ledgerNet, want)
	}
}

// Choosing the method a booking has again keeps its open checkout: the
// buyer who pays on the gateway's page meanwhile has paid the booking,
// not a retired attempt to refund. Another method retires it.
func TestSSLCommerzSameMethodKeepsTheCheckout(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	key := m.start(m.buyer.AccessToken, bid)
	path := "/api/bookings/" + bid + "/payment-method"
	if rec := m.send(http.MethodPut, path, m.buyer.AccessToken, map[string]any{"paymentMethod": "sslcommerz"}); rec.Code != http.StatusOK {
		t.Fatalf("the same method again: %d %s", rec.Code, rec.Body.String())
	}
	if loc := m.back(m.finish(key, "pay")); loc.Query().Get("payment") != "paid" {
		t.Fatalf("paid on the kept checkout, sent on to %s", loc)
	}
	m.wantPaidOnce("the kept checkout", bid)

	// another laptop: cash retires the checkout, and paying it is refunded
	other := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "Dell Latitude 5490"})
	ob := m.bookOnline(m.buyer.AccessToken, other)
	key = m.start(m.buyer.AccessToken, ob)
	if rec := m.send(http.MethodPut, "/api/bookings/"+ob+"/payment-method", m.buyer.AccessToken, map[string]any{"paymentMethod": "cash"}); rec.Code != http.StatusOK {
		t.Fatalf("to cash: %d %s", rec.Code, rec.Body.String())
	}
	if loc := m.back(m.finish(key, "pay")); loc.Query().Get("payment") != "refunded" {
		t.Fatalf("paid on a retired checkout, sent on to %s", loc)
	}
}

// A post about a payment that does not carry the gateway's signature (a
// field changed on the way, the signature stripped) is refused before the
// gateway is asked; the signed one, word for word, pays the booking.
func TestSSLCommerzUnsignedNoticeRefused(t *testing.T) {
	t.Parallel()
	m := newGatewayMarket(t)
	m.gw.SetIPNMode(sslcommerztest.IPNHeld)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid := m.bookOnline(m.buyer.AccessToken, pid)
	ret := m.finish(m.start(m.buyer.AccessToken, bid), "pay")
	tampered := map[string]func(url.Values){
		"amount changed":     func(f url.Values) { f.Set("amount", "1.00") },
		"signature stripped": func(f url.Values) { f.Del("verify_sign") },
		"keys stripped":      func(f url.Values) { f.Del("verify_key") },
		"signature of another": func(f url.Values) {
			f.Set("verify_sign", sslcommerz.SignIPN(f, strings.Split(f.Get("verify_key"), ","), "another store's password"))
		},
	}
	for name, change := range tampered {
		f := url.Values{}
		for k, v := range ret.Form {
			f[k] = append([]string(nil), v...)
		}
		change(f)
		if code := m.postIPN(f); code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", name, code)
		}
	}
	if n := m.gw.Count("validate"); n != 0 {
		t.Fatalf("the gateway was asked %d times about unsigned posts", n)
	}
	if n, _, _ := m.paid(bid); n != 0 {
		t.Fatalf("unsigned posts recorded %d payments", n)
	}
	if code := m.postIPN(ret.Form); code != http.StatusOK {
		t.Fatalf("the signed notice: %d", code)
	}
	m.wantPaidOnce("signed", bid)
}
