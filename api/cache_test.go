package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
	"time"

	"resale/api"
)

// eventually retries check until it holds, for changes that arrive from
// the database asynchronously; it fails the test after 20 seconds.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	// another instance hears a change and acts on it within a second or
	// two; under -race beside the other packages' tests, the price guide
	// rebuilt from 659 titles once took more than 5 s (make test)
	deadline := time.Now().Add(20 * time.Second)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// watchCatalogue has m's server hear the catalogue's changes until the
// test ends, as serve does.
func (m *market) watchCatalogue(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		m.handler.(*api.Server).WatchCatalogue(ctx)
	}()
	t.Cleanup(func() { cancel(); <-watching })
}

// The public catalogue's answers are kept until the catalogue changes:
// whoever changes it, through this instance (at once) or any other way
// (when the database's notice arrives); and nothing is kept while the
// notices cannot be heard.
func TestCatalogueCache(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.watchCatalogue(t)

	id := m.addProduct(m.seller.AccessToken, map[string]any{"productName": "HP ProBook 450"})
	checkKeptUntilAnnounced(t, m, id)
	checkOwnChangesAtOnce(t, m, id)
	checkKeptAnswersAsMade(t, m)
	checkNothingKeptOnceNoticesLost(t, m, id)
}

// firstName is the name of the first product a catalogue list answers.
func (m *market) firstName(path string) string {
	ps := m.products(path, "")
	if len(ps) == 0 {
		return ""
	}
	return ps[0].ProductName
}

// quietly runs a change the database does not announce: an instance that
// keeps answers goes on showing what it kept.
func (m *market) quietly(sql string, args ...any) {
	m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
	m.exec(sql, args...)
	m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
}

// checkKeptUntilAnnounced: a quiet rename leaves the kept list as it was;
// another instance's change, announced by the database, shows.
func checkKeptUntilAnnounced(t *testing.T, m *market, id string) {
	t.Helper()
	renames := 0
	eventually(t, "the category list is kept", func() bool {
		before := m.firstName("/api/products?category=HP")
		renames++
		m.quietly("UPDATE products SET product_name = $1 WHERE id = $2", "Quiet rename "+string(rune('a'+renames%26)), id)
		return m.firstName("/api/products?category=HP") == before
	})

	// another instance's change, announced by the database
	m.exec("UPDATE products SET product_name = 'HP ProBook 450 G8' WHERE id = $1", id)
	eventually(t, "the announced rename shows", func() bool { return m.firstName("/api/products?category=HP") == "HP ProBook 450 G8" })

}

// checkOwnChangesAtOnce: this instance's own change shows at once,
// announced or not; a seller's badge (in users) is announced too.
func checkOwnChangesAtOnce(t *testing.T, m *market, id string) {
	t.Helper()
	if got := m.products("/api/advertised", ""); len(got) != 0 {
		t.Fatalf("advertised before advertising: %v", got)
	}
	m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
	rec := m.do(http.MethodPut, "/api/products/"+id, nil, bearer(m.seller.AccessToken))
	m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
	if rec.Code != http.StatusOK {
		t.Fatalf("advertise: %d %s", rec.Code, rec.Body.String())
	}
	if got := m.products("/api/advertised", ""); len(got) != 1 {
		t.Errorf("advertised after advertising: %d products, want 1", len(got))
	}
	// a seller's badge lives in users: verifying announces it too
	m.exec("UPDATE users SET verified = true WHERE email = 'sam@example.com'")
	eventually(t, "the verified badge shows", func() bool {
		ps := m.products("/api/products?category=HP", "")
		return len(ps) == 1 && ps[0].SellerVerify
	})

}

// checkKeptAnswersAsMade: kept answers go out as they were made, in
// either encoding, with their Link header, and in one piece: with their
// Content-Length, not chunked.
func checkKeptAnswersAsMade(t *testing.T, m *market) {
	t.Helper()
	m.addProduct(m.seller.AccessToken, map[string]any{"productName": "HP ZBook"})
	var made http.Header // the first plain answer's, made afresh
	for i := range 3 {
		plain := m.do(http.MethodGet, "/api/products?category=HP&limit=1", nil, nil)
		zipped := m.do(http.MethodGet, "/api/products?category=HP&limit=1", nil, http.Header{"Accept-Encoding": {"gzip"}})
		if plain.Header().Get("Link") == "" || zipped.Header().Get("Link") != plain.Header().Get("Link") {
			t.Errorf("Link headers: plain %q, gzip %q", plain.Header().Get("Link"), zipped.Header().Get("Link"))
		}
		if plain.Header().Get("Content-Encoding") != "" || plain.Header().Get("Content-Type") != "application/json" {
			t.Errorf("plain answer headers %v", plain.Header())
		}
		if i == 0 {
			made = plain.Header()
		}
		if i == 2 { // kept the second time they are made, served kept the third
			checkSameHeaders(t, made, plain.Header())
			for _, rec := range []*httptest.ResponseRecorder{plain, zipped} {
				if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(rec.Body.Len()); got != want {
					t.Errorf("a kept answer's Content-Length %q, its body %s bytes", got, want)
				}
			}
		}
		if zipped.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(zipped.Body)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(zr)
			if err != nil || !bytes.Equal(body, plain.Body.Bytes()) {
				t.Errorf("gzip answer %q (%v), plain %q", body, err, plain.Body.String())
			}
		} else if !bytes.Equal(zipped.Body.Bytes(), plain.Body.Bytes()) {
			t.Errorf("answers differ: %q and %q", zipped.Body.String(), plain.Body.String())
		}
	}

}

// checkSameHeaders: a kept answer goes out with the headers it was made
// with (the security headers, no-store, Vary), all but its own request's
// id and the length a kept one adds.
func checkSameHeaders(t *testing.T, made, kept http.Header) {
	t.Helper()
	for k := range made {
		if k != "X-Request-Id" && !slices.Equal(made[k], kept[k]) {
			t.Errorf("%s: made %q, kept %q", k, made[k], kept[k])
		}
	}
	for k := range kept {
		if _, ok := made[k]; !ok && k != "Content-Length" {
			t.Errorf("%s: only the kept answer has it (%q)", k, kept[k])
		}
	}
}

// checkNothingKeptOnceNoticesLost: when the notices stop (the connection
// is lost), nothing kept is used.
func checkNothingKeptOnceNoticesLost(t *testing.T, m *market, id string) {
	t.Helper()
	m.quietly("UPDATE products SET product_name = 'Unheard rename' WHERE id = $1", id)
	if got := m.firstName("/api/products?category=HP&sort=newest&limit=5"); got == "Unheard rename" {
		t.Log("this list had not been kept yet") // harmless: the next check still holds
	}
	m.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN catalogue_changed' AND datname = current_database()")
	eventually(t, "the unannounced rename shows once the notices are lost", func() bool {
		for _, p := range m.products("/api/products?category=HP", "") {
			if p.ProductName == "Unheard rename" {
				return true
			}
		}
		return false
	})
}

// Answers are kept only for GETs of the catalogue that succeeded: an
// error, or a caller's own list, is made afresh every time.
func TestCatalogueCacheKeepsOnlyPublicAnswers(t *testing.T) {
	t.Parallel()
	m := newMarket(t)
	m.watchCatalogue(t)
	id := m.addProduct(m.seller.AccessToken, nil)

	// the seller's own list is not kept: a quiet change shows at once
	mine := "/api/userProducts?email=sam@example.com"
	for i := range 3 {
		m.exec("ALTER TABLE products DISABLE TRIGGER products_catalogue_updated")
		m.exec("UPDATE products SET sell_price = $1 WHERE id = $2", 1000+i, id)
		m.exec("ALTER TABLE products ENABLE TRIGGER products_catalogue_updated")
		if ps := m.products(mine, m.seller.AccessToken); len(ps) != 1 || ps[0].SellPrice != int64(1000+i) {
			t.Fatalf("seller's list after quiet price %d: %+v", 1000+i, ps)
		}
	}
	// a bad request stays bad and is not kept in place of a good one
	for range 2 {
		wantError(t, m.get("/api/products?sort=cheapest"), http.StatusBadRequest, "invalid")
	}
	// a token that fails still fails on a kept answer (kept the second
	// time it is made)
	for range 3 {
		m.products("/api/products?category=HP", "")
	}
	wantError(t, m.do(http.MethodGet, "/api/products?category=HP", nil, bearer("not-a-token")), http.StatusUnauthorized, "unauthorized")
}
