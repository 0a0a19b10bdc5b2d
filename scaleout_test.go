package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/internal/testio"
	"resale/media/s3test"
	"resale/payments/stripetest"
	"resale/store"
	"resale/store/storetest"
)

// instance is one running copy of the binary.
type instance struct {
	base, dataDir string
	logs          *testio.Buffer
	done          chan int
}

// startInstances runs n copies of the real program against the same
// settings, each on its own port with its own (unused) data folder.
func startInstances(t *testing.T, ctx context.Context, n int, shared map[string]string) []*instance {
	t.Helper()
	out := make([]*instance, n)
	for i := range out {
		vars := map[string]string{"ADDR": freeAddr(t), "DATA_DIR": t.TempDir()}
		for k, v := range shared {
			vars[k] = v
		}
		in := &instance{base: "http://" + vars["ADDR"], dataDir: vars["DATA_DIR"], logs: &testio.Buffer{}, done: make(chan int, 1)}
		go func() { in.done <- run(ctx, []string{"serve"}, env(vars), io.Discard, in.logs) }()
		out[i] = in
	}
	for _, in := range out {
		// its log when it never answers (TestReadReplica's instance once
		// did not, in 90 s, under the whole suite's load)
		waitAnswering(t, in.base+"/api/categorys", http.StatusOK, in.done, in.logs)
	}
	return out
}

// call makes one request and returns the status and body.
func call(t *testing.T, method, url, token string, body io.Reader, header http.Header) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, b
}

func postJSON(t *testing.T, url, token string, v any) (int, []byte) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	code, _, body := call(t, http.MethodPost, url, token, bytes.NewReader(b), http.Header{"Content-Type": {"application/json"}})
	return code, body
}

func mustDecode(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decoding %s: %v", b, err)
	}
}

type session struct {
	AccessToken string `json:"accessToken"`
	User        struct {
		ID        string `json:"_id"`
		UserPhoto string `json:"userPhoto"`
	} `json:"user"`
}

const scaleoutPassword = "correct horse battery"

// signUp makes an account with a photo through base.
func signUp(t *testing.T, base, name, email, role string) session {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for y := range 48 {
		for x := range 64 {
			img.Set(x, y, color.RGBA{uint8(4 * x), uint8(5 * y), 90, 255})
		}
	}
	var photo, form bytes.Buffer
	if err := jpeg.Encode(&photo, img, nil); err != nil {
		t.Fatal(err)
	}
	w := multipart.NewWriter(&form)
	for _, kv := range [][2]string{{"userName", name}, {"email", email}, {"password", scaleoutPassword}, {"role", role}} {
		w.WriteField(kv[0], kv[1])
	}
	fw, _ := w.CreateFormFile("image", "me.jpg")
	fw.Write(photo.Bytes())
	w.Close()
	code, _, body := call(t, http.MethodPost, base+"/api/auth/signup", "", &form, http.Header{"Content-Type": {w.FormDataContentType()}})
	if code != http.StatusCreated && code != http.StatusOK {
		t.Fatalf("signup %s: %d %s", email, code, body)
	}
	var s session
	mustDecode(t, body, &s)
	return s
}

// Two instances of the binary behind one load balancer are one shop: they
// share one database and one object store, and nothing either keeps in
// memory changes what the other answers.
func TestTwoInstancesAreOneShop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o := startOneShopOfTwo(t, ctx)
	a, b := o.a, o.b

	t.Run("the schema is migrated once", func(t *testing.T) {
		if n := strings.Count(a.logs.String(), "database migrated") + strings.Count(b.logs.String(), "database migrated"); n != 1 {
			t.Errorf("%d instances applied migrations, want 1", n)
		}
	})

	// Both run River; only its elected leader queues the periodic pass, so
	// the start of two instances makes one pass, not one each.
	t.Run("one reconcile pass for both", o.checkOneReconcilePass)

	seller := signUp(t, a.base, "Sam Seller", "sam@example.com", "Seller")
	buyer := signUp(t, b.base, "Bea Buyer", "bea@example.com", "Buyer")

	t.Run("a photo uploaded to A is served by B", func(t *testing.T) {
		o.checkPhotoServedByB(t, seller.User.UserPhoto)
	})

	t.Run("a session from A works on B", func(t *testing.T) {
		if code, _, body := call(t, http.MethodGet, b.base+"/api/me", seller.AccessToken, nil, nil); code != http.StatusOK {
			t.Errorf("GET /api/me on B with A's token: %d %s", code, body)
		}
	})

	t.Run("failed log-ins on A and B add up to one lock", o.checkFailedLoginsAddUp)

	t.Run("a listing and a sale seen on both, one payment for two reports", func(t *testing.T) {
		o.checkListingAndSale(t, seller, buyer)
	})

	cancel()
	for _, in := range o.both {
		select {
		case code := <-in.done:
			if code != 0 {
				t.Errorf("exit %d; logs:\n%s", code, in.logs.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("an instance did not stop; logs:\n%s", in.logs.String())
		}
	}
	for _, in := range o.both {
		if strings.Contains(in.logs.String(), "level=ERROR") {
			t.Errorf("errors logged:\n%s", in.logs.String())
		}
	}
}

// oneShopOfTwo is two instances, A and B, sharing one database, one
// bucket and one stand-in Stripe, as behind one load balancer.
type oneShopOfTwo struct {
	a, b   *instance
	both   []*instance
	pool   *pgxpool.Pool
	stripe *stripetest.Server
}

// startOneShopOfTwo starts A and B together on an empty database, so they
// migrate it and make the bucket at the same moment.
func startOneShopOfTwo(t *testing.T, ctx context.Context) *oneShopOfTwo {
	s3 := s3test.Start(t) // skips without S3_SERVER_BIN
	o := &oneShopOfTwo{stripe: stripetest.New(t)}
	dbURL := storetest.EmptyURL(t)
	shared := s3.Env()
	for k, v := range map[string]string{
		"DATABASE_URL":           dbURL,
		"JWT_SECRET":             strings.Repeat("s", 32),
		"STRIPE_SECRET_KEY":      "sk_test_fake",
		"STRIPE_PUBLISHABLE_KEY": "pk_test_fake",
		"STRIPE_API_BASE":        o.stripe.URL,
		// one pass at start (River's RunOnStart); no second one while the
		// test runs
		"RECONCILE_INTERVAL": "1h",
		"TRUSTED_PROXIES":    "127.0.0.1",
	} {
		shared[k] = v
	}
	o.both = startInstances(t, ctx, 2, shared)
	o.a, o.b = o.both[0], o.both[1]
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	o.pool = pool
	return o
}

// checkOneReconcilePass: once a reconcile pass completed and both clients
// had time to try for the leadership, there is one pass and one leader.
func (o *oneShopOfTwo) checkOneReconcilePass(t *testing.T) {
	ctx := context.Background()
	count := func(state string) int {
		var n int
		if err := o.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'reconcile_payments' AND state = $1", state).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(30 * time.Second)
	for count("completed") == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no reconcile pass completed within 30s\nA: %s\nB: %s", o.a.logs, o.b.logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// both clients have tried for the leadership by now (each tries at
	// start); give a second leader, were there one, time to queue its own
	time.Sleep(2 * time.Second)
	var passes, leaders int
	if err := o.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'reconcile_payments'").Scan(&passes); err != nil {
		t.Fatal(err)
	}
	if err := o.pool.QueryRow(ctx, "SELECT count(*) FROM river_leader").Scan(&leaders); err != nil {
		t.Fatal(err)
	}
	if passes != 1 || leaders != 1 {
		t.Fatalf("%d reconcile jobs and %d leaders, want 1 and 1", passes, leaders)
	}
}

// checkPhotoServedByB: the photo at path, uploaded to A, went to the
// bucket, not to local disk, and B serves the same bytes with the same
// headers, ranges and revalidation; a photo nobody uploaded is a 404.
func (o *oneShopOfTwo) checkPhotoServedByB(t *testing.T, path string) {
	a, b := o.a, o.b
	if !strings.HasPrefix(path, "/uploads/") {
		t.Fatalf("photo URL %q", path)
	}
	for _, in := range o.both {
		if _, err := os.Stat(filepath.Join(in.dataDir, "uploads")); err == nil {
			t.Error("an upload folder was made: photos went to local disk")
		}
	}
	code, hA, fromA := call(t, http.MethodGet, a.base+path, "", nil, nil)
	code2, h, fromB := call(t, http.MethodGet, b.base+path, "", nil, nil)
	if code != http.StatusOK || code2 != http.StatusOK || !bytes.Equal(fromA, fromB) || len(fromB) == 0 {
		t.Fatalf("A: %d, %d bytes; B: %d, %d bytes", code, len(fromA), code2, len(fromB))
	}
	if _, _, err := image.Decode(bytes.NewReader(fromB)); err != nil {
		t.Errorf("B's photo is not an image: %v", err)
	}
	for k, want := range map[string]string{
		"Content-Type":            "image/jpeg",
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": "default-src 'none'; sandbox",
		"Cache-Control":           "public, max-age=31536000, immutable",
		"ETag":                    hA.Get("ETag"),
	} {
		if got := h.Get(k); got != want || want == "" {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	code, h, part := call(t, http.MethodGet, b.base+path, "", nil, http.Header{"Range": {"bytes=10-19"}})
	if code != http.StatusPartialContent || !bytes.Equal(part, fromA[10:20]) || !strings.HasPrefix(h.Get("Content-Range"), "bytes 10-19/") {
		t.Errorf("range: %d %q %q", code, part, h.Get("Content-Range"))
	}
	if code, _, _ := call(t, http.MethodGet, b.base+path, "", nil, http.Header{"If-None-Match": {h.Get("ETag")}}); code != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", code)
	}
	if code, _, _ := call(t, http.MethodGet, b.base+"/uploads/0123456789abcdef0123456789abcdef.jpg", "", nil, nil); code != http.StatusNotFound {
		t.Errorf("a photo nobody uploaded: %d, want 404", code)
	}
}

// checkFailedLoginsAddUp: Bea's wrong passwords, alternately on A and B,
// are counted together against her, her address and the pair, and lock
// the pair on both.
func (o *oneShopOfTwo) checkFailedLoginsAddUp(t *testing.T) {
	// as the load balancer (TRUSTED_PROXIES) passes them on
	fromClient := http.Header{"Content-Type": {"application/json"}, "X-Forwarded-For": {"203.0.113.7"}}
	wrong := `{"email": "bea@example.com", "password": "not my password"}`
	for i := range store.LoginLockThreshold {
		in := o.both[i%2]
		if code, _, body := call(t, http.MethodPost, in.base+"/api/auth/login", "", strings.NewReader(wrong), fromClient); code != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d %s", i+1, code, body)
		}
	}
	for key, want := range map[string]int{"pair:bea@example.com 203.0.113.7": store.LoginLockThreshold,
		"account:bea@example.com": store.LoginLockThreshold, "address:203.0.113.7": store.LoginLockThreshold} {
		var failures int
		if err := o.pool.QueryRow(context.Background(), "SELECT failures FROM login_throttle WHERE key = $1", key).Scan(&failures); err != nil || failures != want {
			t.Errorf("failures counted against %s = %d (%v), want %d from both instances", key, failures, err, want)
		}
	}
	// the fifth failure of the pair made it wait a minute, on both
	right := `{"email": "bea@example.com", "password": "` + scaleoutPassword + `"}`
	for _, in := range o.both {
		if code, _, body := call(t, http.MethodPost, in.base+"/api/auth/login", "", strings.NewReader(right), fromClient); code != http.StatusTooManyRequests {
			t.Errorf("right password while locked: %d %s, want 429", code, body)
		}
	}
}

// listedOnB is B's list of HP laptops, as a buyer sees it.
func (o *oneShopOfTwo) listedOnB(t *testing.T) []string {
	t.Helper()
	code, _, body := call(t, http.MethodGet, o.b.base+"/api/products?category=HP", "", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("B's list: %d %s", code, body)
	}
	var list []struct {
		ID string `json:"_id"`
	}
	mustDecode(t, body, &list)
	ids := []string{}
	for _, p := range list {
		ids = append(ids, p.ID)
	}
	return ids
}

// untilListedOnB waits for B to list want. B keeps its catalogue answers
// until PostgreSQL announces a change; the announcement is asynchronous,
// so wait for it, within bounds.
func (o *oneShopOfTwo) untilListedOnB(t *testing.T, what string, want ...string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for got := o.listedOnB(t); strings.Join(got, ",") != strings.Join(want, ","); got = o.listedOnB(t) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: B lists %v, want %v", what, got, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkListingAndSale: a laptop listed on A is listed by B, booked on B,
// paid on A, reported paid to both at once and recorded once, and then
// gone from B's list.
func (o *oneShopOfTwo) checkListingAndSale(t *testing.T, seller, buyer session) {
	a, b := o.a, o.b
	o.untilListedOnB(t, "before any listing") // B keeps the empty list
	code, body := postJSON(t, a.base+"/api/products", seller.AccessToken, map[string]any{
		"productName": "HP EliteBook 840 G5", "picture": seller.User.UserPhoto, "sellPrice": 38000, "orginalPrice": 95000,
		"category": "HP", "condition": "good", "location": "Mirpur, Dhaka", "used": "3", "number": "01711-000000",
		"description": "8 GB RAM, 256 GB SSD",
	})
	var product struct {
		InsertedID string `json:"insertedId"`
	}
	if code != http.StatusCreated {
		t.Fatalf("add product: %d %s", code, body)
	}
	mustDecode(t, body, &product)
	o.untilListedOnB(t, "a laptop listed on A", product.InsertedID)
	code, body = postJSON(t, b.base+"/api/bookings", buyer.AccessToken, map[string]any{
		"ProductId": product.InsertedID, "number": "01811223344", "meetLocation": "Mirpur 10 circle",
		"buyerName": "Bea Buyer", "buyerEmail": "bea@example.com", "productName": "HP EliteBook 840 G5", "price": 38000,
	})
	var booking struct {
		InsertedID string `json:"insertedId"`
	}
	if code != http.StatusCreated {
		t.Fatalf("book: %d %s", code, body)
	}
	mustDecode(t, body, &booking)
	code, body = postJSON(t, a.base+"/api/create-payment-intent", buyer.AccessToken, map[string]any{"bookingId": booking.InsertedID, "price": 38000})
	var intent struct {
		ClientSecret string `json:"clientSecret"`
	}
	if code != http.StatusOK {
		t.Fatalf("create-payment-intent: %d %s", code, body)
	}
	mustDecode(t, body, &intent)
	pi, _, _ := strings.Cut(intent.ClientSecret, "_secret_")
	o.stripe.Succeed(pi)

	report := map[string]any{"bookingId": booking.InsertedID, "transactionId": pi, "ProductId": product.InsertedID, "price": 38000, "buyerEmail": "bea@example.com"}
	o.checkPaymentReportedToBothAtOnce(t, buyer.AccessToken, report)
	o.untilListedOnB(t, "the laptop sold") // sold: gone from B's list too
}

// checkPaymentReportedToBothAtOnce reports the payment to A and B at the
// same moment: both answer the same 200 and one payment is recorded.
func (o *oneShopOfTwo) checkPaymentReportedToBothAtOnce(t *testing.T, token string, report map[string]any) {
	t.Helper()
	var wg sync.WaitGroup
	codes, bodies := make([]int, 2), make([][]byte, 2)
	start := make(chan struct{})
	for i, in := range o.both {
		wg.Go(func() {
			<-start
			codes[i], bodies[i] = postJSON(t, in.base+"/api/payments", token, report)
		})
	}
	close(start)
	wg.Wait()
	if codes[0] != http.StatusOK || codes[1] != http.StatusOK || !bytes.Equal(bodies[0], bodies[1]) {
		t.Fatalf("A: %d %s; B: %d %s; want the same 200 from both", codes[0], bodies[0], codes[1], bodies[1])
	}
	var payments int
	if err := o.pool.QueryRow(context.Background(), "SELECT count(*) FROM payments").Scan(&payments); err != nil || payments != 1 {
		t.Fatalf("%d payments recorded (%v), want 1", payments, err)
	}
}
