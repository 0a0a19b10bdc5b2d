package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"resale/auth"
	"resale/store"
	"resale/store/storetest"
)

// BenchmarkTokenParse: the check every signed-in request makes.
func BenchmarkTokenParse(b *testing.B) {
	signer := auth.NewSigner(auth.DeriveKey(make([]byte, 32), "access-token"), time.Now)
	tok, err := signer.Issue(42, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := signer.Parse(tok); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProductListJSON: a page of 24 products to the wire.
func BenchmarkProductListJSON(b *testing.B) {
	s := &Server{loc: time.UTC}
	page := make([]store.Product, 24)
	for i := range page {
		page[i] = store.Product{ID: int64(i + 1), Category: "HP", Name: "HP EliteBook 840 G5 Core i5 8th Gen", Picture: "/uploads/0123456789abcdef0123456789abcdef.jpg",
			SellPrice: 32000, OriginalPrice: 95000, Condition: "good", Location: "Mirpur 10, Dhaka", Used: "3", Phone: "01711000000",
			Description: "8 GB RAM, 256 GB SSD, 14 inch Full HD. Business class build.", SellerName: "Rahim Computers",
			SellerEmail: "rahim@example.com", SellerVerified: true, CreatedAt: time.Now()}
	}
	b.ReportAllocs()
	for b.Loop() {
		out := make([]productJSON, 0, len(page))
		for _, p := range page {
			out = append(out, s.toProductJSON(p))
		}
		if err := json.NewEncoder(io.Discard).Encode(out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListProducts: GET /api/products?category=HP made afresh each
// time, through the whole stack on a real database of 2,000 products:
// the list query, the JSON and its compression.
func BenchmarkListProducts(b *testing.B) {
	ctx := context.Background()
	st := store.New(storetest.Pool(b))
	seller, err := st.CreateUser(ctx, store.NewUser{Name: "Rahim Computers", Email: "rahim@example.com", Role: store.RoleSeller})
	if err != nil {
		b.Fatal(err)
	}
	items := make([]store.SeedProduct, 2000)
	for i := range items {
		items[i] = store.SeedProduct{NewProduct: store.NewProduct{SellerID: seller.ID, CategoryID: int64(1 + i%4), Name: fmt.Sprintf("HP EliteBook 840 G%d", i%9),
			Picture: "/uploads/0123456789abcdef0123456789abcdef.jpg", SellPrice: int64(20000 + i), OriginalPrice: 95000, Condition: "good",
			Location: "Mirpur 10, Dhaka", Used: "3", Phone: "01711000000", Description: "8 GB RAM, 256 GB SSD, 14 inch Full HD."},
			CreatedAt: time.Now().Add(-time.Duration(i) * time.Minute)}
	}
	next := 0
	if _, err := st.CopySeedProducts(ctx, func() (store.SeedProduct, bool) {
		next++
		if next > len(items) {
			return store.SeedProduct{}, false
		}
		return items[next-1], true
	}); err != nil {
		b.Fatal(err)
	}
	s, err := New(Options{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TokenKey: make([]byte, 32)})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/api/products?category=HP", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
			b.Fatalf("%d %d bytes", rec.Code, rec.Body.Len())
		}
	}
}

// discardWriter is a ResponseWriter that keeps nothing but its header
// map, emptied between requests, so a benchmark counts the handler's own
// allocations.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

// BenchmarkKeptAnswer: the keep middleware serving a kept, gzipped list
// (#38: as close to a static file as Go allows). Run with -benchmem.
func BenchmarkKeptAnswer(b *testing.B) {
	s := &Server{}
	s.catalogue.setLive(true)
	body := make([]byte, 20<<10)
	key := "/api/products?category=HP"
	s.catalogue.mu.Lock()
	s.catalogue.putLocked(cacheKey{uri: key, gzip: true}, s.catalogue.gen,
		newKeptAnswer(http.Header{"Content-Type": {"application/json"}, "Content-Encoding": {"gzip"}}, body))
	s.catalogue.mu.Unlock()
	h := s.keep(func(echo.Context) error { b.Fatal("not kept"); return nil })
	e := echo.New()
	req := httptest.NewRequest(http.MethodGet, key, nil) // RequestURI set, as a server's
	req.Header.Set("Accept-Encoding", "gzip, br")
	w := &discardWriter{h: http.Header{}}
	c := e.NewContext(req, w)
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		c.Reset(req, w)
		if err := h(c); err != nil || c.Response().Size != int64(len(body)) {
			b.Fatal(err, c.Response().Size)
		}
	}
}

// BenchmarkKeptAnswerServed: a kept list through the whole of the
// server's middleware, as a request meets it (#38: what a kept answer
// costs beside the socket's reads and writes, which net/http does).
func BenchmarkKeptAnswerServed(b *testing.B) {
	s, err := New(Options{Store: store.New(storetest.Pool(b)), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TokenKey: make([]byte, 32)})
	if err != nil {
		b.Fatal(err)
	}
	s.catalogue.setLive(true)
	req := httptest.NewRequest(http.MethodGet, "/api/products?category=HP", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	for range 2 { // kept the second time it is asked for
		first := httptest.NewRecorder()
		s.ServeHTTP(first, req)
		if first.Code != http.StatusOK {
			b.Fatalf("%d %s", first.Code, first.Body)
		}
	}
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		s.ServeHTTP(w, req)
		if w.h.Get("Content-Type") == "" {
			b.Fatal("no answer")
		}
	}
}
