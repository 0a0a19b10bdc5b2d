package migrations_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"resale/migrations"
	"resale/store/storetest"
)

func open(t *testing.T, url string) *sql.DB {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	db := stdlib.OpenDBFromPool(pool)
	t.Cleanup(func() { db.Close() })
	return db
}

func TestUpDownUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := open(t, storetest.EmptyURL(t))

	for round := 0; round < 2; round++ {
		if _, err := migrations.Up(ctx, db, nil); err != nil {
			t.Fatalf("round %d up: %v", round, err)
		}
		list, err := migrations.List(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range list {
			if !m.Applied {
				t.Errorf("round %d: %s not applied", round, m.Name)
			}
		}
		var n int
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM categories").Scan(&n); err != nil || n != 4 {
			t.Fatalf("round %d: %d categories, err %v; want 4", round, n, err)
		}
		if err := migrations.DownTo(ctx, db, 0); err != nil {
			t.Fatalf("round %d down: %v", round, err)
		}
		var tables int
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'goose_db_version'").Scan(&tables); err != nil {
			t.Fatal(err)
		}
		if tables != 0 {
			t.Fatalf("round %d: %d tables left after down to 0", round, tables)
		}
	}
}

// Several instances starting at once must apply each migration once: the
// session lock makes the others wait, then find nothing to do.
func TestConcurrentUpMigratesOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.EmptyURL(t)
	const instances = 4
	applied := make([]int, instances)
	errs := make([]error, instances)
	var wg sync.WaitGroup
	for i := range instances {
		db := open(t, url)
		wg.Add(1)
		go func() {
			defer wg.Done()
			applied[i], errs[i] = migrations.Up(ctx, db, nil)
		}()
	}
	wg.Wait()
	total := 0
	for i := range instances {
		if errs[i] != nil {
			t.Fatalf("instance %d: %v", i, errs[i])
		}
		total += applied[i]
	}
	db := open(t, url)
	list, err := migrations.List(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if total != len(list) {
		t.Errorf("migrations applied %d times in all, want %d (once each)", total, len(list))
	}
	var rows int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM goose_db_version WHERE version_id > 0").Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != len(list) {
		t.Errorf("goose_db_version has %d rows, want %d", rows, len(list))
	}
}

// The database itself refuses data a shop must never hold, whatever the
// application code does.
func TestSchemaConstraints(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := open(t, storetest.URL(t))
	mustExec(t, db, `INSERT INTO users (user_name, email, role) VALUES
		('Sam Seller', 'sam@example.com', 'Seller'), ('Bea Buyer', 'bea@example.com', 'Buyer')`)
	mustExec(t, db, `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone)
		VALUES (1, 1, 'Walton Tamarind', '/uploads/a.jpg', '{/uploads/a.jpg}', 30000, 50000, 'good', 'Dhaka', '2', '01700000000')`)
	mustExec(t, db, `INSERT INTO bookings (product_id, seller_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
		VALUES (1, 1, 2, 'Bea Buyer', 'bea@example.com', 'Walton Tamarind', 30000, '01800000000', 'Mirpur 10')`)
	mustExec(t, db, `INSERT INTO payments (booking_id, product_id, buyer_id, buyer_email, price, amount, currency, transaction_id)
		VALUES (1, 1, 2, 'bea@example.com', 30000, 3000000, 'bdt', 'pi_1')`)

	for _, c := range schemaConstraintCases() {
		_, err := db.ExecContext(ctx, c.sql)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) {
			t.Errorf("%s: err = %v, want SQLSTATE %s", c.name, err, c.code)
			continue
		}
		if pgErr.Code != c.code || pgErr.ConstraintName != c.constraint {
			t.Errorf("%s: got %s on %q, want %s on %q", c.name, pgErr.Code, pgErr.ConstraintName, c.code, c.constraint)
		}
	}
	checkOneBookingReservedAndPaid(t, db)
}

// constraintCase is a statement the schema refuses, with the SQLSTATE and
// the named constraint it is refused by.
type constraintCase struct {
	name, sql, code, constraint string
}

// schemaConstraintCases are TestSchemaConstraints' statements, each run
// against its one seller, buyer, laptop, booking and payment.
func schemaConstraintCases() []constraintCase {
	return []constraintCase{
		{"email unique ignoring case", `INSERT INTO users (user_name, email) VALUES ('Other', 'SAM@Example.com')`, "23505", "users_email_key"},
		{"unknown role", `INSERT INTO users (user_name, email, role) VALUES ('X', 'x@example.com', 'Root')`, "23514", "users_role_check"},
		{"empty name", `INSERT INTO users (user_name, email) VALUES ('', 'y@example.com')`, "23514", "users_user_name_check"},
		{"unknown condition", `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone)
			VALUES (1, 1, 'P', '/uploads/a.jpg', '{/uploads/a.jpg}', 100, 100, 'new', 'Dhaka', '1', '017000')`, "23514", "products_condition_check"},
		{"zero price", `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone)
			VALUES (1, 1, 'P', '/uploads/a.jpg', '{/uploads/a.jpg}', 0, 100, 'good', 'Dhaka', '1', '017000')`, "23514", "products_sell_price_check"},
		{"negative original price", `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone)
			VALUES (1, 1, 'P', '/uploads/a.jpg', '{/uploads/a.jpg}', 100, -5, 'good', 'Dhaka', '1', '017000')`, "23514", "products_original_price_check"},
		{"no such category", `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone)
			VALUES (1, 99, 'P', '/uploads/a.jpg', '{/uploads/a.jpg}', 100, 100, 'good', 'Dhaka', '1', '017000')`, "23503", "products_category_fkey"},
		{"no such seller", `INSERT INTO products (seller_id, category_id, product_name, picture, photos, sell_price, original_price, condition, location, used, phone)
			VALUES (99, 1, 'P', '/uploads/a.jpg', '{/uploads/a.jpg}', 100, 100, 'good', 'Dhaka', '1', '017000')`, "23503", "products_seller_fkey"},
		{"second open booking of one product by one buyer", `INSERT INTO bookings (product_id, seller_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
			VALUES (1, 1, 2, 'Bea', 'bea@example.com', 'Walton', 30000, '018000', 'Mirpur')`, "23505", "bookings_open_key"},
		{"second standing payment of a booking", `INSERT INTO payments (booking_id, product_id, buyer_id, buyer_email, price, amount, currency, transaction_id)
			VALUES (1, 1, 2, 'bea@example.com', 30000, 3000000, 'bdt', 'pi_2')`, "23505", "payments_booking_succeeded_key"},
		{"second payment with one transaction id", `WITH b AS (INSERT INTO bookings (product_id, seller_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
			VALUES (1, 1, 1, 'Sam', 'sam@example.com', 'Walton', 30000, '018000', 'Mirpur') RETURNING id)
			INSERT INTO payments (booking_id, product_id, buyer_id, buyer_email, price, amount, currency, transaction_id)
			SELECT id, 1, 1, 'sam@example.com', 30000, 3000000, 'bdt', 'pi_1' FROM b`, "23505", "payments_transaction_key"},
		{"bad currency", `UPDATE payments SET currency = 'BDT'`, "23514", "payments_currency_check"},
		{"unknown payment status", `UPDATE payments SET status = 'pending'`, "23514", "payments_status_check"},
		{"first photo is not the picture", `UPDATE products SET photos = '{/uploads/b.jpg}'`, "23514", "products_photos_check"},
		{"nine photos", `UPDATE products SET photos = array_fill('/uploads/a.jpg'::text, ARRAY[9])`, "23514", "products_photos_check"},
		{"no photos", `UPDATE products SET photos = '{}'`, "23514", "products_photos_check"},
		{"RAM out of range", `UPDATE products SET ram_gb = 0`, "23514", "products_ram_gb_check"},
		{"unknown storage type", `UPDATE products SET storage_type = 'SSHD'`, "23514", "products_storage_type_check"},
		{"battery over 100%", `UPDATE products SET battery_health = 101`, "23514", "products_battery_health_check"},
		{"unknown booking status", `UPDATE bookings SET status = 'shipped'`, "23514", "bookings_status_check"},
		{"paid without the status", `UPDATE bookings SET paid_at = now()`, "23514", "bookings_status_paid"},
		{"accepted without a hand-over nonce", `UPDATE bookings SET status = 'accepted', accepted_at = now()`, "23514", "bookings_status_accepted"},
		{"declined without a reason code", `UPDATE bookings SET status = 'declined'`, "23514", "bookings_status_declined"},
		{"paid without a hand-over nonce", `UPDATE bookings SET status = 'paid', paid_at = now()`, "23514", "bookings_status_paid_nonce"},
		{"cancelled without the time", `UPDATE bookings SET status = 'cancelled'`, "23514", "bookings_status_cancelled"},
		{"duplicate category", `INSERT INTO categories (name, image) VALUES ('HP', '/x.svg')`, "23505", "categories_name_key"},
	}
}

// checkOneBookingReservedAndPaid: a laptop is reserved for one booking at
// a time and paid for once, whatever the application code does. It starts
// from TestSchemaConstraints' open booking 1 of laptop 1.
func checkOneBookingReservedAndPaid(t *testing.T, db *sql.DB) {
	t.Helper()
	ctx := context.Background()
	// a laptop is reserved for one booking at a time
	var other int64
	if err := db.QueryRowContext(ctx, `INSERT INTO bookings (product_id, seller_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
		VALUES (1, 1, 1, 'Sam', 'sam@example.com', 'Walton', 30000, '018000', 'Mirpur') RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	accept := `UPDATE bookings SET status = 'accepted', accepted_at = now(), handover_nonce = '\x00112233445566778899aabbccddeeff' WHERE id = $1`
	mustExec(t, db, accept, 1)
	if _, err := db.ExecContext(ctx, accept, other); !isConstraint(err, "bookings_accepted_product_key") {
		t.Errorf("second accepted booking of a product: err = %v, want bookings_accepted_product_key", err)
	}
	mustExec(t, db, `UPDATE bookings SET status = 'declined', decline_code = 'seller' WHERE id = $1`, other)

	// a product is paid for once: a second paid booking of it is refused
	mustExec(t, db, `UPDATE bookings SET paid_at = now(), status = 'paid' WHERE id = 1`)
	var second int64
	if err := db.QueryRowContext(ctx, `INSERT INTO bookings (product_id, seller_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, meet_location)
		VALUES (1, 1, 1, 'Sam', 'sam@example.com', 'Walton', 30000, '018000', 'Mirpur') RETURNING id`).Scan(&second); err != nil {
		t.Fatal(err)
	}
	_, err := db.ExecContext(ctx, `UPDATE bookings SET paid_at = now(), status = 'paid', handover_nonce = '\x00112233445566778899aabbccddeeff' WHERE id = $1`, second)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.ConstraintName != "bookings_paid_product_key" {
		t.Errorf("second paid booking of a product: err = %v, want bookings_paid_product_key", err)
	}
}

// mustExec runs q on db and stops the test if it fails.
func mustExec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// isConstraint tells whether err is PostgreSQL refusing a write by the
// named constraint.
func isConstraint(err error, name string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.ConstraintName == name
}
