package jobs_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"resale/jobs"
	"resale/mail"
	"resale/store"
	"resale/store/storetest"
)

// #39 the leader's periodic walk judges every live listing's price again,
// a chain of jobs when the listings are more than one job's batches: a
// verdict follows its comparables as they come and go.
func TestPriceVerdictsJudgedAgainPeriodically(t *testing.T) {
	t.Parallel()
	pool := storetest.Pool(t)
	s := store.New(pool)
	ctx := context.Background()
	const title = "HP ProBook 450 G9 Core i5 12th Gen 8GB RAM 512GB SSD"
	list := func(seller store.User, name string, price int64) int64 {
		t.Helper()
		p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: seller.ID, CategoryID: 3, Name: name, Picture: "/uploads/x.jpg",
			SellPrice: price, OriginalPrice: 150000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
		if err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	others := []store.User{newUser(t, s, "rahim"), newUser(t, s, "selim"), newUser(t, s, "nasir")}
	for i, u := range others {
		list(u, title, int64(60000+2000*i))
	}
	karim := newUser(t, s, "karim")
	for i := range 12 { // more listings than one job of single-listing batches judges
		list(karim, fmt.Sprintf("Dell Latitude 54%02d", i), 30000)
	}
	mine := list(karim, title, 80000) // the last id: judged by a later job of the chain
	verdict := func() string {
		p, err := s.GetProduct(ctx, mine)
		if err != nil {
			t.Fatal(err)
		}
		return p.PriceVerdict
	}
	if v := verdict(); v != "high" {
		t.Fatalf("listed against three other sellers at 60,000 to 64,000: %q", v)
	}
	// the comparables change under it: the three sellers' listings go, then three dearer come
	if _, err := pool.Exec(ctx, "UPDATE products SET deleted_at = now() WHERE seller_id = ANY($1)", []int64{others[0].ID, others[1].ID, others[2].ID}); err != nil {
		t.Fatal(err)
	}
	startRunner(t, pool, &mail.Log{Logger: slog.New(slog.DiscardHandler)}, func(o *jobs.Options) {
		o.JudgePricesEvery, o.JudgePricesBatch = 200*time.Millisecond, 1
	})
	waitFor(t, "the verdict judged again with no comparables", 20*time.Second, func() bool { return verdict() == "" })
	for _, u := range []store.User{newUser(t, s, "jamal"), newUser(t, s, "kabir"), newUser(t, s, "habib")} {
		if _, err := pool.Exec(ctx, `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price,
		        condition, location, used, phone, description, spec_words, spec_words_version)
		    SELECT $2, category_id, product_name, picture, photos, 90000, original_price, condition, location, used, phone,
		        description, spec_words, spec_words_version FROM products WHERE id = $1`, mine, u.ID); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the verdict judged again against dearer comparables", 20*time.Second, func() bool { return verdict() == "good" })
	var chained int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'judge_prices' AND (args->>'after_id')::bigint > 0").Scan(&chained); err != nil || chained == 0 {
		t.Errorf("no job of the walk went on from where another stopped (%v)", err)
	}
}
