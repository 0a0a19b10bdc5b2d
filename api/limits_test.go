package api_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/api"
)

// A public list refuses a query parameter it does not take, naming it, so
// made-up parameters cannot make fresh cache keys for the same answer.
func TestUnknownPublicParameterIsRefused(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for _, c := range []struct {
		path  string
		field string
	}{
		{"/api/products?category=HP&_=12345", "_"},
		{"/api/products?q=elitebook&utm_source=x", "utm_source"},
		{"/api/advertised?category=HP", "category"},
		{"/api/categorys?nocache=1", "nocache"},
		{"/api/categorys/1?x=", "x"},
		{"/api/products/1?b=2&a=1", "a"},
		{"/api/products/facets?category=HP&sort=newest", "sort"},
		{"/api/products/facets?ram=8", "ram"},
	} {
		rec := s.get(c.path)
		e := wantError(t, rec, http.StatusBadRequest, "unknown_parameter")
		if _, ok := e.Fields[c.field]; !ok || len(e.Fields) != 1 {
			t.Errorf("GET %s: fields %v, want only %q", c.path, e.Fields, c.field)
		}
	}
	for _, path := range []string{"/api/products?category=HP&q=elitebook&minPrice=1&maxPrice=90000&condition=good&location=Dhaka&verified=true&sort=price_asc&limit=5",
		"/api/products?ramMin=8&storageMin=256&storageType=SSD&batteryMin=80&screenMin=13.3&screenMax=15.6&processor=i5&seller=1",
		"/api/products/facets?category=HP&q=elitebook&minPrice=1&maxPrice=90000&condition=good&location=Dhaka&verified=true&ramMin=8&storageMin=256&storageType=SSD&batteryMin=80&screenMin=13.3&screenMax=15.6&processor=i5&seller=1",
		"/api/advertised?limit=5", "/api/categorys"} {
		if rec := s.get(path); rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d %s", path, rec.Code, rec.Body.String())
		}
	}
}

// While every slot for public reads is taken by searches stuck in the
// database, more anonymous searches are answered 503 without waiting for
// them, and a signed-in buyer's booking is still made: the searches
// cannot hold every connection of the pool.
func TestSearchFloodLeavesRoomForBookings(t *testing.T) {
	t.Parallel()
	const slots, flood = 2, 16
	m := newMarketWith(t, func(o *api.Options) {
		o.PublicReads = slots
		o.PublicReadTimeout = time.Minute // the stuck searches wait for the test
		o.RequestTimeout = time.Minute
	})
	product := m.addProduct(m.seller.AccessToken, nil)

	// Every product list reads product_reports (the listing view says
	// whether a product is reported); a booking does not. Locking it holds
	// the searches that get a slot inside PostgreSQL.
	ctx := context.Background()
	tx := m.lockTable("product_reports")

	type answer struct {
		status int
		code   string
	}
	answers := make(chan answer, flood)
	var wg sync.WaitGroup
	for i := range flood {
		wg.Go(func() {
			// each query its own, so no kept answer could serve it
			rec := m.get(fmt.Sprintf("/api/products?minPrice=%d", i+1))
			var e errorJSON
			if rec.Code != http.StatusOK {
				decode(t, rec, &e)
			}
			answers <- answer{rec.Code, e.Code}
		})
	}
	// The overflow comes back while the lock is still held.
	deadline := time.After(30 * time.Second)
	for range flood - slots {
		select {
		case a := <-answers:
			if a.status != http.StatusServiceUnavailable || a.code != "busy" {
				t.Errorf("an overflowing search answered %d %q, want 503 busy", a.status, a.code)
			}
		case <-deadline:
			t.Fatal("the searches beyond the slots were not answered while the others were stuck")
		}
	}
	if stuck := m.lockWaiters(); stuck != slots {
		t.Errorf("%d searches waiting in the database, want %d (the slots)", stuck, slots)
	}
	if id, status := m.book(m.buyer.AccessToken, product, nil); status != http.StatusCreated || id == "" {
		t.Fatalf("booking while searches are stuck: %d", status)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(answers)
	for a := range answers {
		if a.status != http.StatusOK {
			t.Errorf("a search that had a slot answered %d %q once the lock went", a.status, a.code)
		}
	}
	if rec := m.get("/api/products?minPrice=99"); rec.Code != http.StatusOK {
		t.Errorf("a search after the flood: %d %s", rec.Code, rec.Body.String())
	}
}

// While a signed-in buyer's booking is under way, new public reads start
// only while fewer than a quarter of the slots are taken: the others wait
// (and past their wait are answered busy), so the booking does not share
// the machine's cores with a slot-full of searches. Once it is made, the
// reads have every slot again.
func TestSignedInWriteHoldsPublicReadsBack(t *testing.T) {
	t.Parallel()
	const slots = 4 // while a write runs: 1
	m := newMarketWith(t, func(o *api.Options) {
		o.PublicReads = slots
		o.PublicReadTimeout = time.Minute
		o.RequestTimeout = time.Minute
	})
	product := m.addProduct(m.seller.AccessToken, nil)
	ctx := context.Background()
	stuck := func(want int) func() bool { return func() bool { return m.lockWaiters() == want } }
	searches := m.lockTable("product_reports") // every list reads it; a booking does not
	bookings := m.lockTable("bookings")

	booked := make(chan int, 1)
	go func() {
		_, status := m.book(m.buyer.AccessToken, product, nil)
		booked <- status
	}()
	waitFor(t, "the booking stuck on its lock", stuck(1))

	search := func(from int, n int, answers chan<- int) {
		for i := range n {
			go func() { answers <- m.get(fmt.Sprintf("/api/products?minPrice=%d", from+i)).Code }()
		}
	}
	held := make(chan int, 3)
	search(1, 3, held)
	waitFor(t, "one search stuck beside the booking", stuck(2))
	// the other two wait their turn, never more than one search at a time
	for range 2 {
		select {
		case code := <-held:
			if code != http.StatusServiceUnavailable {
				t.Errorf("a search held back answered %d, want 503", code)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the searches held back were not answered")
		}
		if n := m.lockWaiters(); n != 2 {
			t.Errorf("%d queries stuck while the booking ran, want 2: the booking and one search", n)
		}
	}

	if err := bookings.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if status := <-booked; status != http.StatusCreated {
		t.Fatalf("the booking answered %d", status)
	}
	// the booking made, the reads have every slot again
	after := make(chan int, 3)
	search(100, 3, after)
	waitFor(t, "a search stuck in every slot once the booking was made", stuck(slots))
	if err := searches.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []chan int{held, after, after, after} {
		if code := <-ch; code != http.StatusOK {
			t.Errorf("a search with a slot answered %d once the lock went", code)
		}
	}
}

// lockTable locks table until the returned transaction ends (at the
// test's end at the latest): the statements that need it wait.
func (m *market) lockTable(table string) pgx.Tx {
	m.t.Helper()
	ctx := context.Background()
	tx, err := m.pool.Begin(ctx)
	if err != nil {
		m.t.Fatal(err)
	}
	m.t.Cleanup(func() { tx.Rollback(ctx) })
	if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = 0; LOCK TABLE "+table+" IN ACCESS EXCLUSIVE MODE"); err != nil {
		m.t.Fatal(err)
	}
	return tx
}

// A public read that runs past its deadline is cancelled in PostgreSQL
// too and answered 503, not 500.
func TestSlowPublicReadIsCancelled(t *testing.T) {
	t.Parallel()
	m := newMarketWith(t, func(o *api.Options) { o.PublicReadTimeout = 300 * time.Millisecond })
	m.lockTable("product_reports")
	rec := m.get("/api/products?minPrice=7")
	wantError(t, rec, http.StatusServiceUnavailable, "timeout")
	// the query is gone from the server, not left waiting on the lock
	var waiting int
	for range 50 {
		if waiting = m.lockWaiters(); waiting == 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if waiting != 0 {
		t.Errorf("%d queries still waiting in PostgreSQL after their request ended", waiting)
	}
}

// countingReader counts what the server read of a body.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// Uploads beyond the limits are refused before their body is read (429
// from one address past its share, 503 when every slot is busy), nothing
// of them is stored, and the uploads that were admitted, and a later one,
// succeed.
func TestUploadsBeyondTheLimitsAreRefusedUnread(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	m := newMarketWith(t, func(o *api.Options) {
		o.UploadSlots, o.UploadsPerClient, o.UploadTempDir = 3, 2, tmp
		o.RequestTimeout = time.Minute
	})
	photo := otherPhoto(t)
	body, ctype := multipartBody(t, nil, filePart{"image", "a.jpg", photo})
	full := body.Bytes()
	var before int
	m.pool.QueryRow(context.Background(), "SELECT count(*) FROM images").Scan(&before)

	u := &heldUploads{m: m, full: full, ctype: ctype, release: make(chan struct{}), held: make(chan *httptest.ResponseRecorder, 3)}
	u.start("198.51.100.1")
	u.start("198.51.100.1")
	u.start("198.51.100.2") // every slot taken now
	checkUploadsRefusedUnread(t, m, u, photo)

	close(u.release)
	for range 3 {
		if rec := <-u.held; rec.Code != http.StatusCreated {
			t.Errorf("an admitted upload answered %d %s", rec.Code, rec.Body.String())
		}
	}
	var after int
	m.pool.QueryRow(context.Background(), "SELECT count(*) FROM images").Scan(&after)
	if after != before+1 { // the three held uploads were the same new photo: one image
		t.Errorf("%d images recorded, want %d", after, before+1)
	}
	if rec, _ := u.refused("198.51.100.3"); rec.Code != http.StatusCreated {
		t.Errorf("an upload once the slots are free: %d %s", rec.Code, rec.Body.String())
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%d files left in the upload spool folder", len(left))
	}
}

// heldUploads sends photo uploads whose bodies are held open until
// release is closed, and measures how much of a refused one was read.
type heldUploads struct {
	m       *market
	full    []byte
	ctype   string
	release chan struct{}
	held    chan *httptest.ResponseRecorder
}

// start sends a photo from addr whose body is held open after its first
// bytes until release is closed; it returns once the server has started
// reading it (so the upload holds its slot).
func (u *heldUploads) start(addr string) {
	pr, pw := io.Pipe()
	req := httptest.NewRequest(http.MethodPost, "/api/images", pr)
	req.RemoteAddr = addr + ":1234"
	req.Header.Set("Content-Type", u.ctype)
	req.Header.Set("Authorization", "Bearer "+u.m.seller.AccessToken)
	go func() {
		rec := httptest.NewRecorder()
		u.m.handler.ServeHTTP(rec, req)
		u.held <- rec
	}()
	pw.Write(u.full[:100]) // returns when the server reads
	go func() {
		<-u.release
		pw.Write(u.full[100:])
		pw.Close()
	}()
}

// refused sends a whole upload from addr and says how many of its bytes
// the server read.
func (u *heldUploads) refused(addr string) (*httptest.ResponseRecorder, int64) {
	body := &countingReader{r: bytes.NewReader(u.full)}
	req := httptest.NewRequest(http.MethodPost, "/api/images", body)
	req.RemoteAddr = addr + ":1234"
	req.Header.Set("Content-Type", u.ctype)
	req.Header.Set("Authorization", "Bearer "+u.m.seller.AccessToken)
	rec := httptest.NewRecorder()
	u.m.handler.ServeHTTP(rec, req)
	return rec, body.n.Load()
}

// checkUploadsRefusedUnread: with every slot taken, a client at its own
// limit gets 429 and anyone else 503, sign-up's photo included, and no
// byte of a refused body is read.
func checkUploadsRefusedUnread(t *testing.T, m *market, u *heldUploads, photo []byte) {
	t.Helper()
	rec, read := u.refused("198.51.100.1")
	wantError(t, rec, http.StatusTooManyRequests, "too_many_uploads")
	if read != 0 {
		t.Errorf("a refused upload had %d bytes of its body read", read)
	}
	rec, read = u.refused("198.51.100.3")
	wantError(t, rec, http.StatusServiceUnavailable, "busy")
	if rec.Header().Get("Retry-After") == "" {
		t.Error("a 503 upload has no Retry-After")
	}
	if read != 0 {
		t.Errorf("a refused upload had %d bytes of its body read", read)
	}
	// sign-up takes a photo too, and the same slots
	rec = m.postForm("/api/auth/signup", "", []string{"userName", "Late", "email", "late@example.com", "password", "correct horse battery", "role", "Buyer"},
		filePart{"image", "me.jpg", photo})
	wantError(t, rec, http.StatusServiceUnavailable, "busy")

}

// otherPhoto is a small photo unlike photoJPEG, so it is a new image.
func otherPhoto(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			img.Set(x, y, color.RGBA{200, uint8(6 * x), uint8(8 * y), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
