package api_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"resale/api"
	"resale/migrations"
	"resale/payments"
	"resale/store"
	"resale/store/storetest"
)

// newLedgerMarket is a pay market (the Stripe stand-in) whose store takes
// a commission of bp hundredths of a percent on each sale.
func newLedgerMarket(t *testing.T, bp int64) *payMarket {
	t.Helper()
	pool := storetest.Pool(t)
	f := newFakeStripe(t)
	var svc *payments.Service
	s := newTestServerWith(t, store.New(pool, store.WithCommission(bp)), func(o *api.Options) { withStripe(f)(o); svc = o.Payments })
	s.pool = pool
	m := &market{testServer: s}
	m.buyer = s.signup("Bea Buyer", "bea@example.com", "Buyer")
	m.otherBuyer = s.signup("Bob Buyer", "bob@example.com", "Buyer")
	m.seller = s.signup("Sam Seller", "sam@example.com", "Seller")
	m.otherSeller = s.signup("Sue Seller", "sue@example.com", "Seller")
	m.admin = s.signup("Ada Admin", "ada@example.com", "Buyer")
	if _, err := s.store.GrantAdmin(context.Background(), "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	m.photo = m.seller.User.UserPhoto
	return &payMarket{market: m, stripe: f, payments: svc}
}

type ledgerWire struct {
	ID        string  `json:"_id"`
	Kind      string  `json:"kind"`
	Amount    int64   `json:"amount"`
	Method    string  `json:"method"`
	Reversal  bool    `json:"reversal"`
	BookingID *string `json:"bookingId"`
	SellerID  *string `json:"sellerId"`
	Reference string  `json:"reference"`
}

type balanceWire struct {
	Earned  int64 `json:"earned"`
	PaidOut int64 `json:"paidOut"`
	Owed    int64 `json:"owed"`
}

// ledger is the whole ledger through the admin's list (query: filters),
// newest first, following the Link pages.
func (m *market) ledger(query string) []ledgerWire {
	m.t.Helper()
	var all []ledgerWire
	path := "/api/admin/ledger?limit=2" + query
	for path != "" {
		rec := m.getAs(path, m.admin.AccessToken)
		if rec.Code != http.StatusOK {
			m.t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body.String())
		}
		var page []ledgerWire
		decode(m.t, rec, &page)
		all = append(all, page...)
		path = ""
		if link := rec.Header().Get("Link"); link != "" {
			start, end := strings.Index(link, "<"), strings.Index(link, ">")
			path = link[start+1 : end]
		}
	}
	return all
}

// summary is the ledger as "kind:amount:seller" lines, oldest first.
func summary(rows []ledgerWire, sellerOf map[string]string) string {
	var out []string
	for i := len(rows) - 1; i >= 0; i-- {
		r := rows[i]
		who := "-"
		if r.SellerID != nil {
			who = sellerOf[*r.SellerID]
		}
		out = append(out, r.Kind+":"+strconv.FormatInt(r.Amount, 10)+":"+r.Method+":"+who)
	}
	return strings.Join(out, " ")
}

func (m *market) balance(token string) balanceWire {
	m.t.Helper()
	rec := m.getAs("/api/me/balance", token)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("balance: %d %s", rec.Code, rec.Body.String())
	}
	var b balanceWire
	decode(m.t, rec, &b)
	return b
}

func (m *market) payout(sellerID string, amount any, method, reference string) *httpResult {
	m.t.Helper()
	rec := m.postJSON("/api/admin/payouts", m.admin.AccessToken, map[string]any{
		"sellerId": sellerID, "amount": amount, "method": method, "reference": reference})
	return &httpResult{code: rec.Code, body: rec.Body.String()}
}

// A card sale, its commission, a payment that came too late (kept for
// refund, never the seller's), a refund of a sale, and payouts: each a
// row, and the seller's balance follows them to the Tk.
func TestLedgerCardSalesRefundsAndPayouts(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 250) // 2.5%
	sellerOf := map[string]string{m.seller.User.ID: "sam", m.otherSeller.User.ID: "sue"}

	sold := m.addProduct(m.seller.AccessToken, nil) // Tk 38,000
	m.paidBooking(sold)
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 37050, PaidOut: 0, Owed: 37050}) {
		t.Fatalf("after a card sale: %+v", got)
	}
	// a second sale, removed by an admin after it was paid: refunded
	removed := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 1001}) // commission 25.025: Tk 25
	m.paidBooking(removed)
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 37050 + 976, Owed: 37050 + 976}) {
		t.Fatalf("after two sales: %+v", got)
	}
	if rec := m.send(http.MethodDelete, "/api/products/"+removed, m.admin.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("admin removal: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 37050, Owed: 37050}) {
		t.Fatalf("after the refund: %+v", got)
	}
	// the payout: no more than owed, then what is owed
	wantError(t, m.postJSON("/api/admin/payouts", m.admin.AccessToken, map[string]any{
		"sellerId": m.seller.User.ID, "amount": 37051, "method": "bkash", "reference": "01711000000"}), http.StatusConflict, "more_than_owed")
	if r := m.payout(m.seller.User.ID, 37000, "bkash", "  01711000000  "); r.code != http.StatusCreated || !strings.Contains(r.body, `"reference":"01711000000"`) ||
		!strings.Contains(r.body, `"sellerName":"`+m.seller.User.UserName+`"`) {
		t.Fatalf("payout: %d %s", r.code, r.body)
	}
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 37050, PaidOut: 37000, Owed: 50}) {
		t.Fatalf("after the payout: %+v", got)
	}
	if got := m.balance(m.otherSeller.AccessToken); got != (balanceWire{}) {
		t.Fatalf("another seller: %+v", got)
	}
	want := "payment:38000:card:sam commission:-950:card:sam payment:1001:card:sam commission:-25:card:sam " +
		"refund:-1001:card:sam commission:25:card:sam payout:-37000:bkash:sam"
	if got := summary(m.ledger(""), sellerOf); got != want {
		t.Fatalf("ledger =\n%s\nwant\n%s", got, want)
	}
	if got := summary(m.ledger("&sellerId="+m.otherSeller.User.ID), sellerOf); got != "" {
		t.Fatalf("the other seller's ledger = %s", got)
	}
	if got := len(m.ledger("&sellerId=" + m.seller.User.ID)); got != 7 {
		t.Fatalf("the seller's ledger has %d rows", got)
	}
}

// Two buyers pay for one laptop: the second payment is kept and refunded
// at once; the ledger shows its money in and out with no seller.
func TestLedgerPaymentThatCameTooLate(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 1000)
	pid := m.addProduct(m.seller.AccessToken, nil)
	first, _ := m.book(m.buyer.AccessToken, pid, nil)
	second, _ := m.book(m.otherBuyer.AccessToken, pid, nil)
	pi1, pi2 := m.intentFor(m.buyer.AccessToken, first), m.intentFor(m.otherBuyer.AccessToken, second)
	m.stripe.Succeed(pi1)
	m.stripe.Succeed(pi2)
	m.pay(m.buyer.AccessToken, first, pi1)
	if r := m.pay(m.otherBuyer.AccessToken, second, pi2); r.code != http.StatusConflict {
		t.Fatalf("second: %d %s", r.code, r.body)
	}
	want := "payment:38000:card:sam commission:-3800:card:sam payment:38000:card:- refund:-38000:card:-"
	if got := summary(m.ledger(""), map[string]string{m.seller.User.ID: "sam"}); got != want {
		t.Fatalf("ledger =\n%s\nwant\n%s", got, want)
	}
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 34200, Owed: 34200}) {
		t.Fatalf("balance: %+v", got)
	}
}

// Cash at the hand-over: one payment row (and its commission), however
// many times the code is sent; the seller holds the cash, so owes the
// commission.
func TestLedgerCashAtTheHandover(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 250)
	pid := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 20020}) // 500.5: Tk 501, half up
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	code := m.mustAccept(m.buyer.AccessToken, bid)
	var wg sync.WaitGroup
	codes := make(chan int, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- m.handover(m.seller.AccessToken, bid, map[string]any{"code": code}).Code
		}()
	}
	wg.Wait()
	close(codes)
	ok := 0
	for c := range codes {
		if c == http.StatusOK {
			ok++
		}
	}
	if ok != 1 {
		t.Errorf("%d hand-overs answered 200", ok)
	}
	if got := summary(m.ledger(""), map[string]string{m.seller.User.ID: "sam"}); got != "payment:20020:cash:sam commission:-501:cash:sam" {
		t.Fatalf("ledger = %s", got)
	}
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 19519, Owed: -501}) {
		t.Fatalf("balance: %+v", got)
	}
	// nothing is owed: no payout
	wantError(t, m.postJSON("/api/admin/payouts", m.admin.AccessToken, map[string]any{
		"sellerId": m.seller.User.ID, "amount": 1, "method": "cash", "reference": "at the shop"}), http.StatusConflict, "more_than_owed")
}

// The same payment reported by the browser and the webhook at once: one
// payment row, one commission row.
func TestLedgerPaymentWrittenExactlyOnce(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 500)
	pid := m.addProduct(m.seller.AccessToken, nil)
	bid, _ := m.book(m.buyer.AccessToken, pid, nil)
	pi := m.intentFor(m.buyer.AccessToken, bid)
	m.stripe.Succeed(pi)
	body, sig := signedEvent(t, "evt_l", m.stripe.Intent(pi), testWebhookSecret, time.Now())
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				m.pay(m.buyer.AccessToken, bid, pi)
			} else {
				m.webhook(body, sig)
			}
		}()
	}
	wg.Wait()
	if got := summary(m.ledger(""), map[string]string{m.seller.User.ID: "sam"}); got != "payment:38000:card:sam commission:-1900:card:sam" {
		t.Fatalf("ledger = %s", got)
	}
}

// Two payouts at once that together are more than owed: one is refused.
func TestLedgerConcurrentPayoutsNeverExceedOwed(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 0)
	m.paidBooking(m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 1000}))
	var wg sync.WaitGroup
	codes := make(chan int, 6)
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- m.payout(m.seller.User.ID, 600, "nagad", "01811000000").code
		}()
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[http.StatusCreated] != 1 || count[http.StatusConflict] != 5 {
		t.Fatalf("answers: %v", count)
	}
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{Earned: 1000, PaidOut: 600, Owed: 400}) {
		t.Fatalf("balance: %+v", got)
	}
}

// The ledger's card money, summed, is what the Stripe stand-in says was
// charged less what it refunded, to the Tk; and every seller's balance
// adds up to the ledger.
func TestLedgerReconcilesWithStripe(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 333) // 3.33%
	prices := []int{38000, 1001, 999, 12345, 50}
	var pids []string
	for _, p := range prices {
		pids = append(pids, m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": p}))
	}
	m.paidBooking(pids[0])
	m.paidBooking(pids[1])
	// a second buyer of the third laptop pays too late: refunded
	lb, _ := m.book(m.otherBuyer.AccessToken, pids[2], nil)
	lpi := m.intentFor(m.otherBuyer.AccessToken, lb)
	m.paidBooking(pids[2])
	m.stripe.Succeed(lpi)
	m.pay(m.otherBuyer.AccessToken, lb, lpi)
	// one removed after payment: refunded
	m.paidBooking(pids[3])
	if rec := m.send(http.MethodDelete, "/api/products/"+pids[3], m.admin.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("admin removal: %d %s", rec.Code, rec.Body.String())
	}
	// one sold for cash
	cb, _ := m.book(m.buyer.AccessToken, pids[4], nil)
	if rec := m.handover(m.seller.AccessToken, cb, map[string]any{"code": m.mustAccept(m.buyer.AccessToken, cb)}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d", rec.Code)
	}
	m.payout(m.seller.User.ID, 100, "bank", "TRX-1")

	// Stripe's side: what succeeded, less what was refunded, in Tk
	var stripeNet int64
	for _, id := range m.stripe.IntentIDs() {
		pi := m.stripe.Intent(id)
		if pi["status"] != "succeeded" {
			continue
		}
		amount := toInt64(pi["amount"]) / 100
		stripeNet += amount - int64(m.stripe.RefundCount(id))*amount
	}
	var ledgerCard, cash, commissions, payouts int64
	for _, r := range m.ledger("") {
		switch {
		case r.Method == "card" && (r.Kind == "payment" || r.Kind == "refund"):
			ledgerCard += r.Amount
		case r.Method == "cash" && r.Kind == "payment":
			cash += r.Amount
		case r.Kind == "payout":
			payouts += r.Amount
		}
		if r.Kind == "commission" {
			commissions += r.Amount
		}
	}
	if want := int64(38000 + 1001 + 999); stripeNet != want || ledgerCard != want {
		t.Fatalf("card money: Stripe %d, ledger %d, want %d", stripeNet, ledgerCard, want)
	}
	// commissions half up: 38000 -> 1265.4 = 1265, 1001 -> 33.33 = 33,
	// 999 -> 33.27 = 33, 50 (cash) -> 1.665 = 2; the refunded 12345's 411
	// given back
	if commissions != -(1265 + 33 + 33 + 2) {
		t.Fatalf("commissions = %d", commissions)
	}
	b := m.balance(m.seller.AccessToken)
	if b.Earned != ledgerCard+cash+commissions || b.PaidOut != -payouts || b.Owed != ledgerCard+commissions+payouts {
		t.Fatalf("balance %+v against the ledger: card %d cash %d commission %d payouts %d", b, ledgerCard, cash, commissions, payouts)
	}
}

func toInt64(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

// The admin's list: filters checked, pages joined.
func TestLedgerListValidation(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 0)
	for _, q := range []string{"?sellerId=abc", "?sellerId=-1", "?sellerId=1&sellerId=2", "?limit=0", "?cursor=zzz"} {
		if rec := m.getAs("/api/admin/ledger"+q, m.admin.AccessToken); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", q, rec.Code)
		}
	}
	for i := range 3 {
		m.paidBooking(m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 1000 + i}))
	}
	rows := m.ledger("")
	if len(rows) != 3 || rows[0].Amount != 1002 || rows[2].Amount != 1000 {
		t.Fatalf("pages = %+v", rows)
	}
}

// Hostile payouts: a clear 4xx, and not one row of the ledger written.
func TestHostileInputOnPayouts(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 0)
	m.paidBooking(m.addProduct(m.seller.AccessToken, nil))
	seller := `"` + m.seller.User.ID + `"`
	bodies := map[string]string{
		"no amount":           `{"sellerId":` + seller + `,"method":"bkash","reference":"017"}`,
		"zero":                `{"sellerId":` + seller + `,"amount":0,"method":"bkash","reference":"017"}`,
		"negative":            `{"sellerId":` + seller + `,"amount":-5,"method":"bkash","reference":"017"}`,
		"a fraction":          `{"sellerId":` + seller + `,"amount":10.5,"method":"bkash","reference":"017"}`,
		"an exponent":         `{"sellerId":` + seller + `,"amount":1e3,"method":"bkash","reference":"017"}`,
		"a string":            `{"sellerId":` + seller + `,"amount":"100","method":"bkash","reference":"017"}`,
		"huge":                `{"sellerId":` + seller + `,"amount":99999999999999999999,"method":"bkash","reference":"017"}`,
		"more than owed":      `{"sellerId":` + seller + `,"amount":38001,"method":"bkash","reference":"017"}`,
		"unknown method":      `{"sellerId":` + seller + `,"amount":10,"method":"paypal","reference":"017"}`,
		"method in capitals":  `{"sellerId":` + seller + `,"amount":10,"method":"BKASH","reference":"017"}`,
		"no reference":        `{"sellerId":` + seller + `,"amount":10,"method":"bkash"}`,
		"spaces":              `{"sellerId":` + seller + `,"amount":10,"method":"bkash","reference":"   "}`,
		"NUL":                 `{"sellerId":` + seller + `,"amount":10,"method":"bkash","reference":"01\u00007"}`,
		"RTL":                 `{"sellerId":` + seller + `,"amount":10,"method":"bkash","reference":"\u202e017"}`,
		"long reference":      `{"sellerId":` + seller + `,"amount":10,"method":"bkash","reference":"` + strings.Repeat("7", 101) + `"}`,
		"a buyer":             `{"sellerId":"` + m.buyer.User.ID + `","amount":10,"method":"bkash","reference":"017"}`,
		"an admin":            `{"sellerId":"` + m.admin.User.ID + `","amount":10,"method":"bkash","reference":"017"}`,
		"nobody":              `{"sellerId":"999999","amount":10,"method":"bkash","reference":"017"}`,
		"a bad id":            `{"sellerId":"1 OR 1=1","amount":10,"method":"bkash","reference":"017"}`,
		"a number for the id": `{"sellerId":` + m.seller.User.ID + `,"amount":10,"method":"bkash","reference":"017"}`,
		"unknown fields":      `{"sellerId":` + seller + `,"amount":10,"method":"bkash","reference":"017","createdBy":"1"}`,
	}
	var before, after int
	m.scalar(&before, "SELECT count(*) FROM ledger")
	for name, body := range bodies {
		rec := m.do(http.MethodPost, "/api/admin/payouts", strings.NewReader(body), bearer(m.admin.AccessToken))
		if rec.Code < 400 || rec.Code >= 500 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	m.scalar(&after, "SELECT count(*) FROM ledger")
	if after != before {
		t.Fatalf("hostile payouts wrote %d rows", after-before)
	}
}

// Migration 00038 writes the rows of what happened before the ledger:
// rolled back and applied again on a shop with a card sale, a payment
// that came too late (refunded), a sale refunded after an admin removed
// it, and a cash hand-over, it writes the same rows the events wrote
// (there was no commission before it).
func TestLedgerMigrationWritesThePast(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 0)
	sold := m.addProduct(m.seller.AccessToken, nil)
	late, _ := m.book(m.otherBuyer.AccessToken, sold, nil)
	lpi := m.intentFor(m.otherBuyer.AccessToken, late)
	m.paidBooking(sold)
	m.stripe.Succeed(lpi)
	m.pay(m.otherBuyer.AccessToken, late, lpi)
	removed := m.addProduct(m.otherSeller.AccessToken, map[string]any{"sellPrice": 1500})
	m.paidBooking(removed)
	if rec := m.send(http.MethodDelete, "/api/products/"+removed, m.admin.AccessToken, nil); rec.Code != http.StatusOK {
		t.Fatalf("admin removal: %d", rec.Code)
	}
	cash := m.addProduct(m.seller.AccessToken, map[string]any{"sellPrice": 900})
	cb, _ := m.book(m.buyer.AccessToken, cash, nil)
	if rec := m.handover(m.seller.AccessToken, cb, map[string]any{"code": m.mustAccept(m.buyer.AccessToken, cb)}); rec.Code != http.StatusOK {
		t.Fatalf("hand-over: %d", rec.Code)
	}
	rows := func() string {
		var s string
		m.scalar(&s, `SELECT string_agg(concat_ws(':', kind, amount, method, reversal, booking_id, seller_id, payment_id), ' '
			ORDER BY kind, amount, booking_id) FROM ledger`)
		return s
	}
	before := rows()
	if strings.Count(before, " ")+1 != 6 {
		t.Fatalf("ledger before = %s", before)
	}
	ctx := context.Background()
	db := stdlib.OpenDBFromPool(m.pool)
	defer db.Close()
	latest, err := migrations.Latest()
	if err != nil {
		t.Fatal(err)
	}
	if err := migrations.DownTo(ctx, db, latest-1); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.Up(ctx, db, nil); err != nil {
		t.Fatal(err)
	}
	if after := rows(); after != before {
		t.Fatalf("after the migration:\n%s\nwant\n%s", after, before)
	}
}

// A refund marked from several places at once (the reconciliation on two
// instances, a retry) reverses its payment once.
func TestLedgerRefundWrittenExactlyOnce(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 1000)
	pid := m.addProduct(m.seller.AccessToken, nil)
	_, pi := m.paidBooking(pid)
	var id int64
	m.scalar(&id, "SELECT id FROM payments WHERE transaction_id = $1", pi)
	m.exec("UPDATE payments SET status = 'refund_required' WHERE id = $1", id)
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := m.store.MarkPaymentRefunded(context.Background(), id); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	want := "payment:38000:card:sam commission:-3800:card:sam refund:-38000:card:sam commission:3800:card:sam"
	if got := summary(m.ledger(""), map[string]string{m.seller.User.ID: "sam"}); got != want {
		t.Fatalf("ledger =\n%s\nwant\n%s", got, want)
	}
	if got := m.balance(m.seller.AccessToken); got != (balanceWire{}) {
		t.Fatalf("balance after the refund: %+v", got)
	}
}

// The admin reads a seller's balance as the seller does, before a payout;
// a payout is in the audit log with its amount, method and reference.
func TestLedgerAdminSellerBalanceAndAudit(t *testing.T) {
	t.Parallel()
	m := newLedgerMarket(t, 250)                           // 2.5%
	m.paidBooking(m.addProduct(m.seller.AccessToken, nil)) // Tk 38,000, commission 950
	path := "/api/admin/sellers/" + m.seller.User.ID + "/balance"
	rec := m.getAs(path, m.admin.AccessToken)
	var b balanceWire
	decode(t, rec, &b)
	if rec.Code != http.StatusOK || b != m.balance(m.seller.AccessToken) || b.Owed != 37050 {
		t.Fatalf("the admin's view of the balance: %d %+v", rec.Code, b)
	}
	wantError(t, m.getAs("/api/admin/sellers/"+m.buyer.User.ID+"/balance", m.admin.AccessToken), http.StatusNotFound, "not_found")
	for _, id := range []string{"abc", "0", "-1", "99999999999999999999", "999999"} {
		if rec := m.getAs("/api/admin/sellers/"+id+"/balance", m.admin.AccessToken); rec.Code != http.StatusNotFound {
			t.Errorf("balance of seller %q: %d %s", id, rec.Code, rec.Body.String())
		}
	}

	if r := m.payout(m.seller.User.ID, 3000, "nagad", "01811000000"); r.code != http.StatusCreated {
		t.Fatalf("payout: %d %s", r.code, r.body)
	}
	log := m.audit(m.admin.AccessToken)
	if len(log) == 0 || log[0].Action != "payout_recorded" || log[0].TargetLabel != m.seller.User.UserName ||
		log[0].Detail["amount"] != float64(3000) || log[0].Detail["method"] != "nagad" || log[0].Detail["reference"] != "01811000000" {
		t.Fatalf("the audit log after a payout: %+v", log)
	}
	// a payout refused as more than owed leaves no audit row
	m.payout(m.seller.User.ID, 999999, "bkash", "01711000000")
	if again := m.audit(m.admin.AccessToken); len(again) != len(log) {
		t.Fatalf("a refused payout was audited: %+v", again)
	}
}
