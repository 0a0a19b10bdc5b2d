package api

import (
	"encoding/json"
	"io"
	"testing"
	"time"

	"resale/store"
)

// BenchmarkTokenParse: the check every signed-in request makes.
func BenchmarkTokenParse(b *testing.B) {
	signer := tokenSigner{key: derivedKey(make([]byte, 32), "access-token"), now: time.Now}
	tok, err := signer.issue(store.User{ID: 42, TokenVersion: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := signer.parse(tok); err != nil {
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
