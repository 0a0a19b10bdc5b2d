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

// Paid promotion (#34): with ADVERTISE_PRICE set, a seller pays the shop
// to advertise, by card (the Stripe stand-in) or through SSLCommerz (its
// stand-in, posting its notices to a real listener).

const promoPrice = 500

type promoMarket struct {
	*gatewayMarket
	stripe *fakeStripe
}

// newPromoMarket is a shop charging promoPrice Tk to advertise, with
// cards (when card) and SSLCommerz.
func newPromoMarket(t *testing.T, card bool) *promoMarket {
	t.Helper()
	var h atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.Load().(http.Handler).ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	gw := sslcommerztest.New(t, sslcommerztest.Options{})
	var f *fakeStripe
	if card {
		f = newFakeStripe(t)
	}
	var svc *payments.Service
	m := newMarketWith(t, func(o *api.Options) {
		withPayments(f, gw, srv.URL)(o)
		svc, o.AdvertisePrice = o.Payments, promoPrice
	})
	h.Store(m.handler)
	return &promoMarket{gatewayMarket: &gatewayMarket{market: m, gw: gw, srv: srv, payments: svc}, stripe: f}
}

type promotionStartWire struct {
	ID           string `json:"_id"`
	Amount       int64  `json:"amount"`
	ClientSecret string `json:"clientSecret"`
	GatewayURL   string `json:"gatewayUrl"`
}

// promote starts paying to advertise pid by method.
func (m *promoMarket) promote(token, pid, method string) promotionStartWire {
	m.t.Helper()
	rec := m.postJSON("/api/products/"+pid+"/promotion", token, map[string]any{"method": method})
	var out promotionStartWire
	decode(m.t, rec, &out)
	if rec.Code != http.StatusOK || out.Amount != promoPrice {
		m.t.Fatalf("promotion: %d %s", rec.Code, rec.Body.String())
	}
	return out
}

// promoteOnline starts an SSLCommerz promotion and answers its session
// key on the stand-in and its tran_id.
func (m *promoMarket) promoteOnline(pid string) (key, tranID string) {
	m.t.Helper()
	out := m.promote(m.seller.AccessToken, pid, "sslcommerz")
	key, ok := strings.CutPrefix(out.GatewayURL, m.gw.URL+"/EasyCheckOut/")
	if !ok {
		m.t.Fatalf("gateway %q", out.GatewayURL)
	}
	m.scalar(&tranID, "SELECT transaction_id FROM promotions WHERE id = $1::text::bigint", out.ID)
	if !strings.HasPrefix(tranID, "sslp_") || len(tranID) > 30 {
		m.t.Fatalf("tran_id %q", tranID)
	}
	return key, tranID
}

// backToProducts posts the browser's way back and answers the outcome
// My Products is sent with.
func (m *promoMarket) backToProducts(ret sslcommerztest.Return) string {
	m.t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(ret.URL, ret.Form)
	if err != nil {
		m.t.Fatal(err)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusSeeOther || err != nil || loc.Path != "/dashboard/myproducts" {
		m.t.Fatalf("back to the shop: %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	return loc.Query().Get("promotion")
}

// promoted is the product's promotions by status, and its ledger rows of
// promotions by kind, each "kind:amount:seller".
func (m *promoMarket) promoted(pid string) (statuses, ledger string) {
	m.t.Helper()
	m.scalar(&statuses, "SELECT coalesce(string_agg(status, ',' ORDER BY id), '') FROM promotions WHERE product_id = $1::text::bigint", pid)
	m.scalar(&ledger, `SELECT coalesce(string_agg(l.kind || ':' || l.amount || ':' || l.method || ':' || (l.seller_id = p.seller_id), ',' ORDER BY l.id), '')
		FROM ledger l JOIN promotions p ON p.id = l.promotion_id WHERE p.product_id = $1::text::bigint`, pid)
	return statuses, ledger
}

func (m *promoMarket) advertised(pid string) bool {
	m.t.Helper()
	var on bool
	m.scalar(&on, "SELECT advertised_until IS NOT NULL AND advertised_until > now() FROM products WHERE id = $1::text::bigint", pid)
	return on
}

// Without ADVERTISE_PRICE advertising stays the spec's free PUT, and the
// paid route says so.
func TestPromotionFreeStaysFree(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	var cfg struct {
		AdvertisePrice *int64 `json:"advertisePrice"`
	}
	decode(t, m.get("/api/config"), &cfg)
	if cfg.AdvertisePrice == nil || *cfg.AdvertisePrice != 0 {
		t.Errorf("advertisePrice %v, want 0", cfg.AdvertisePrice)
	}
	pid := m.addProduct(m.seller.AccessToken, nil)
	wantError(t, m.postJSON("/api/products/"+pid+"/promotion", m.seller.AccessToken, map[string]any{"method": "card"}), http.StatusConflict, "advertising_free")
	if rec := m.do(http.MethodPut, "/api/products/"+pid, nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("free advertise: %d %s", rec.Code, rec.Body.String())
	}
}

// With a price the free PUT answers 402 and changes nothing.
func TestPromotionPriceRefusesFreeAdvertise(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	var cfg struct {
		AdvertisePrice int64 `json:"advertisePrice"`
	}
	decode(t, m.get("/api/config"), &cfg)
	if cfg.AdvertisePrice != promoPrice {
		t.Errorf("advertisePrice %d", cfg.AdvertisePrice)
	}
	pid := m.addProduct(m.seller.AccessToken, nil)
	e := wantError(t, m.do(http.MethodPut, "/api/products/"+pid, nil, bearer(m.seller.AccessToken)), http.StatusPaymentRequired, "payment_required")
	if e.Message != "Advertising costs Tk 500: pay to advertise" {
		t.Errorf("message %q", e.Message)
	}
	if m.advertised(pid) {
		t.Error("advertised without paying")
	}
}

// Paid through SSLCommerz, the notice and the browser in every order:
// validated and recorded once, the laptop under Urgent Sell, one ledger
// promotion row (the shop's, outside the seller's balance).
func TestPromotionBySSLCommerz(t *testing.T) {
	t.Parallel()
	for name, mode := range map[string]sslcommerztest.IPNMode{
		"notice first": sslcommerztest.IPNBeforeBrowser, "browser first": sslcommerztest.IPNHeld, "both at once": sslcommerztest.IPNConcurrent,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m := newPromoMarket(t, false)
			m.gw.SetIPNMode(mode)
			pid := m.addProduct(m.seller.AccessToken, nil)
			key, _ := m.promoteOnline(pid)
			if got := m.backToProducts(m.finish(key, "pay")); got != "paid" {
				t.Errorf("outcome %q, want paid", got)
			}
			for _, d := range m.gw.DeliverHeldIPNs(context.Background()) {
				if d.Status != http.StatusOK {
					t.Errorf("the held notice: %d %v", d.Status, d.Err)
				}
			}
			if st, ledger := m.promoted(pid); st != "paid" || ledger != "promotion:500:sslcommerz:true" {
				t.Errorf("promotions %q, ledger %q", st, ledger)
			}
			if !m.advertised(pid) || !strings.Contains(m.get("/api/advertised").Body.String(), `"_id":"`+pid+`"`) {
				t.Error("not under Urgent Sell")
			}
			if b := m.balance(m.seller.AccessToken); b.Earned != 0 || b.Owed != 0 {
				t.Errorf("the seller's balance moved: %+v", b)
			}
			var o struct{ Status string }
			decode(t, m.getAs("/api/products/"+pid+"/promotion", m.seller.AccessToken), &o)
			if o.Status != "paid" {
				t.Errorf("GET promotion: %q", o.Status)
			}
		})
	}
}

// Paid by card: the browser's check (GET) and Stripe's webhook, replayed
// and at once, record it once.
func TestPromotionByCard(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, true)
	pid := m.addProduct(m.seller.AccessToken, nil)
	out := m.promote(m.seller.AccessToken, pid, "card")
	var pi string
	m.scalar(&pi, "SELECT transaction_id FROM promotions WHERE id = $1::text::bigint", out.ID)
	if out.ClientSecret == "" || m.stripe.Intent(pi)["amount"] == nil || toInt64(m.stripe.Intent(pi)["amount"]) != promoPrice*100 {
		t.Fatalf("start: %+v, intent %v", out, m.stripe.Intent(pi))
	}
	var o struct{ Status string }
	decode(t, m.getAs("/api/products/"+pid+"/promotion", m.seller.AccessToken), &o)
	if o.Status != "pending" || m.advertised(pid) {
		t.Fatalf("before paying: %q", o.Status)
	}
	m.stripe.Succeed(pi)
	body, sig := signedEvent(t, "evt_promo_1", m.stripe.Intent(pi), testWebhookSecret, time.Now())
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				m.getAs("/api/products/"+pid+"/promotion", m.seller.AccessToken)
				return
			}
			h := http.Header{"Stripe-Signature": {sig}, "Content-Type": {"application/json"}}
			if rec := m.do(http.MethodPost, "/api/stripe/webhook", strings.NewReader(string(body)), h); rec.Code != http.StatusOK {
				t.Errorf("webhook: %d %s", rec.Code, rec.Body.String())
			}
		}()
	}
	wg.Wait()
	if st, ledger := m.promoted(pid); st != "paid" || ledger != "promotion:500:card:true" {
		t.Errorf("promotions %q, ledger %q", st, ledger)
	}
	if !m.advertised(pid) {
		t.Error("not advertised")
	}
	wantError(t, m.postJSON("/api/products/"+pid+"/promotion", m.seller.AccessToken, map[string]any{"method": "card"}), http.StatusConflict, "advertised")
}

// A forged notice (a val_id the gateway never issued) records nothing; a
// payment of another amount than the price is recorded and refunded, the
// laptop not advertised, and the ledger shows the money in and out.
func TestPromotionForgedOrWrongAmount(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	pid := m.addProduct(m.seller.AccessToken, nil)
	_, tranID := m.promoteOnline(pid)
	if code := m.postIPN(m.gw.ForgeIPN(tranID, "500.00")); code != http.StatusOK {
		t.Errorf("forged notice: %d", code)
	}
	if st, ledger := m.promoted(pid); st != "pending" || ledger != "" || m.advertised(pid) {
		t.Fatalf("a forged notice: %q %q", st, ledger)
	}
	for _, bad := range []url.Values{{"tran_id": {"sslp_zz"}, "val_id": {"x"}}, {"tran_id": {"sslp_"}, "val_id": {"x"}}} {
		if code := m.postIPN(bad); code != http.StatusBadRequest {
			t.Errorf("notice %v: %d, want 400", bad, code)
		}
	}
	key, tranID := m.promoteOnline(pid)
	m.gw.Tamper(tranID, map[string]string{"amount": "100.00", "currency_amount": "100.00"})
	if got := m.backToProducts(m.finish(key, "pay")); got != "refunded" {
		t.Errorf("outcome %q, want refunded", got)
	}
	if st, ledger := m.promoted(pid); st != "pending,refunded" || ledger != "promotion:100:sslcommerz:true,refund:-100:sslcommerz:true" {
		t.Errorf("promotions %q, ledger %q", st, ledger)
	}
	if m.advertised(pid) || m.gw.Refunded(tranID) != 10000 {
		t.Errorf("advertised %v, refunded %d paisa", m.advertised(pid), m.gw.Refunded(tranID))
	}
}

// The laptop was sold while its seller was on the gateway's page: the
// payment is recorded, refunded through the gateway once, the ledger's
// promotion and refund rows add up to what the gateway kept (nothing),
// and the seller is told.
func TestPromotionSoldMeanwhileIsRefunded(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	pid := m.addProduct(m.seller.AccessToken, nil)
	key, tranID := m.promoteOnline(pid)
	if rec := m.do(http.MethodPut, "/api/products/"+pid+"/sold", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("sold: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.backToProducts(m.finish(key, "pay")); got != "refunded" {
		t.Errorf("outcome %q, want refunded", got)
	}
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, n := m.gw.Refunded(tranID), m.gw.Count("refund"); got != promoPrice*100 || n != 1 {
		t.Errorf("refunded %d paisa in %d calls, want %d once", got, n, promoPrice*100)
	}
	if st, ledger := m.promoted(pid); st != "refunded" || ledger != "promotion:500:sslcommerz:true,refund:-500:sslcommerz:true" {
		t.Errorf("promotions %q, ledger %q", st, ledger)
	}
	var net int64
	m.scalar(&net, "SELECT coalesce(sum(amount), 0)::bigint FROM ledger WHERE promotion_id IS NOT NULL AND method = 'sslcommerz'")
	if net != 0 {
		t.Errorf("the ledger keeps %d Tk of a refunded promotion", net)
	}
	n := m.noticeOf(m.seller.AccessToken, "payment_receipt")
	if !strings.Contains(n.Body, "to advertise") || !strings.Contains(n.Body, "500 Tk") {
		t.Errorf("seller told %q", n.Body)
	}
}

// The notice is lost and the tab closed: the reconciliation asks the
// transaction query API and records the promotion once; one that was
// never paid fails once the gateway says its session is over.
func TestPromotionReconcileFindsAQuietPayment(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	m.gw.SetIPNMode(sslcommerztest.IPNNever)
	pid := m.addProduct(m.seller.AccessToken, nil)
	key, _ := m.promoteOnline(pid)
	m.finish(key, "pay")
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st, _ := m.promoted(pid); st != "pending" {
		t.Fatalf("a fresh attempt was reconciled: %q", st)
	}
	m.exec("UPDATE promotions SET created_at = now() - interval '10 minutes' WHERE product_id = $1::text::bigint", pid)
	for range 2 {
		if err := m.payments.Reconcile(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if st, ledger := m.promoted(pid); st != "paid" || ledger != "promotion:500:sslcommerz:true" || !m.advertised(pid) {
		t.Errorf("promotions %q, ledger %q", st, ledger)
	}
	other := m.addProduct(m.seller.AccessToken, nil)
	key, _ = m.promoteOnline(other)
	m.finish(key, "cancel")
	m.exec("UPDATE promotions SET created_at = now() - interval '10 minutes' WHERE product_id = $1::text::bigint", other)
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st, ledger := m.promoted(other); st != "failed" || ledger != "" {
		t.Errorf("a cancelled attempt: %q %q", st, ledger)
	}
}

// Who may start or read a promotion, and what is refused.
func TestPromotionRefusals(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	pid := m.addProduct(m.seller.AccessToken, nil)
	path := "/api/products/" + pid + "/promotion"
	body := map[string]any{"method": "sslcommerz"}
	wantStatus(t, m.postJSON(path, "", body), http.StatusUnauthorized)
	wantStatus(t, m.postJSON(path, m.buyer.AccessToken, body), http.StatusForbidden)
	wantStatus(t, m.postJSON(path, m.admin.AccessToken, body), http.StatusForbidden)
	wantError(t, m.postJSON(path, m.otherSeller.AccessToken, body), http.StatusNotFound, "not_found")
	wantStatus(t, m.postJSON(path, m.seller.AccessToken, map[string]any{"method": "card"}), http.StatusBadRequest)
	wantStatus(t, m.postJSON(path, m.seller.AccessToken, map[string]any{"method": "cash"}), http.StatusBadRequest)
	wantError(t, m.postJSON("/api/products/999999/promotion", m.seller.AccessToken, body), http.StatusNotFound, "not_found")
	m.promoteOnline(pid)
	wantError(t, m.getAs(path, m.otherSeller.AccessToken), http.StatusNotFound, "not_found")
	wantStatus(t, m.getAs(path, m.buyer.AccessToken), http.StatusForbidden)
	if rec := m.do(http.MethodPut, "/api/products/"+pid+"/sold", nil, bearer(m.seller.AccessToken)); rec.Code != http.StatusOK {
		t.Fatalf("sold: %d", rec.Code)
	}
	wantError(t, m.postJSON(path, m.seller.AccessToken, body), http.StatusConflict, "sold")
	var n int
	m.scalar(&n, "SELECT count(*) FROM promotions")
	if n != 1 {
		t.Errorf("%d promotions, want the one started", n)
	}
}

func wantStatus(t *testing.T, rec *httptest.ResponseRecorder, status int) {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status = %d, want %d; body %s", rec.Code, status, rec.Body.String())
	}
}

// The ledger's SSLCommerz rows, bookings' and promotions' alike, add up to
// what the gateway's own transaction query says it kept, to the Tk.
func TestPromotionLedgerReconcilesWithGateway(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	bid := m.bookOnline(m.buyer.AccessToken, m.addProduct(m.seller.AccessToken, nil))
	m.back(m.finish(m.start(m.buyer.AccessToken, bid), "pay"))
	var tranIDs []string
	var booked string
	m.scalar(&booked, "SELECT transaction_id FROM payments WHERE booking_id = $1::text::bigint", bid)
	tranIDs = append(tranIDs, booked)
	for _, how := range []string{"paid", "sold meanwhile", "wrong amount"} {
		pid := m.addProduct(m.seller.AccessToken, nil)
		key, tranID := m.promoteOnline(pid)
		switch how {
		case "sold meanwhile":
			m.do(http.MethodPut, "/api/products/"+pid+"/sold", nil, bearer(m.seller.AccessToken))
		case "wrong amount":
			m.gw.Tamper(tranID, map[string]string{"amount": "100.00", "currency_amount": "100.00"})
		}
		m.backToProducts(m.finish(key, "pay"))
		tranIDs = append(tranIDs, tranID)
	}
	if err := m.payments.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
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
	var ledgerNet, promotions int64
	m.scalar(&ledgerNet, "SELECT coalesce(sum(amount), 0)::bigint FROM ledger WHERE method = 'sslcommerz' AND kind IN ('payment', 'refund', 'promotion')")
	m.scalar(&promotions, "SELECT coalesce(sum(amount), 0)::bigint FROM ledger WHERE promotion_id IS NOT NULL")
	if want := int64(38000 + promoPrice); gatewayNet != want || ledgerNet != want || promotions != promoPrice {
		t.Fatalf("SSLCommerz money: gateway %d, ledger %d (promotions %d), want %d", gatewayNet, ledgerNet, promotions, want)
	}
}

// A paid advertisement kept for refund counts in
// resale_payments_refund_required beside the bookings' payments, so the
// alert on refunds that stay also sees it.
func TestPromotionRefundRequiredIsMeasured(t *testing.T) {
	t.Parallel()
	m := newPromoMarket(t, false)
	pid := m.addProduct(m.seller.AccessToken, nil)
	m.promoteOnline(pid)
	metric := func() string {
		rec := httptest.NewRecorder()
		m.handler.(*api.Server).MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		for _, line := range strings.Split(rec.Body.String(), "\n") {
			if strings.HasPrefix(line, "resale_payments_refund_required ") {
				return line
			}
		}
		return "absent"
	}
	if got := metric(); got != "resale_payments_refund_required 0" {
		t.Fatalf("before: %s", got)
	}
	m.exec("UPDATE promotions SET status = 'refund_required', paid_at = now(), paid_amount = 50000, currency = 'bdt'")
	if got := metric(); got != "resale_payments_refund_required 1" {
		t.Fatalf("with a promotion kept for refund: %s", got)
	}
}
