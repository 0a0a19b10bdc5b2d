package store_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/store"
	"resale/store/storetest"
)

// verifyLinkHash writes a verification link for the user and returns the
// hash its token is looked up by.
func verifyLinkHash(t *testing.T, s *store.Store, userID int64, token string) []byte {
	t.Helper()
	h, salt := sha256.Sum256([]byte(token)), sha256.Sum256([]byte("salt of "+token))
	if _, err := s.CreateAccountToken(context.Background(), store.NewAccountToken{UserID: userID, Purpose: store.PurposeVerifyEmail, Salt: salt[:], Hash: h[:]}); err != nil {
		t.Fatal(err)
	}
	return h[:]
}

// The link alone, another account's session or a password hash that is no
// longer the account's prove too little and change nothing; a take-over
// sets the new password, ends the sessions and puts back each thing the
// impostor chose, in the same transaction as the proof, and nobody else's.
func TestTakeOverPutsBackWhatTheImpostorSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, s, impostor, other := impostorAndNeighbour(t, ctx)
	link := verifyLinkHash(t, s, impostor, "the welcome link")
	before, otherBefore := holdingOf(t, pool, impostor), holdingOf(t, pool, other)

	for name, proof := range map[string]store.EmailProof{
		"the link alone":            {},
		"another account's session": {SessionUserID: other},
		"a password no longer its":  {PasswordHash: "an earlier hash"},
	} {
		if _, _, err := s.VerifyEmail(ctx, link, proof); !errors.Is(err, store.ErrProofNeeded) {
			t.Errorf("%s: err = %v, want ErrProofNeeded", name, err)
		}
	}
	if got := holdingOf(t, pool, impostor); got != before {
		t.Fatalf("refused proofs changed the account: %+v, was %+v", got, before)
	}

	u, tookOver, err := s.VerifyEmail(ctx, link, store.EmailProof{SessionUserID: other, NewPasswordHash: "owner-hash"})
	if err != nil || !tookOver || u.ID != impostor || !u.EmailVerified || u.PasswordHash != "owner-hash" {
		t.Fatalf("take-over: %+v %v %v", u, tookOver, err)
	}
	want := holding{role: store.RoleBuyer, hash: "owner-hash", emailVerified: true, version: before.version + 1}
	if got := holdingOf(t, pool, impostor); got != want {
		t.Errorf("after the take-over: %+v, want %+v", got, want)
	}
	if got := holdingOf(t, pool, other); got != otherBefore {
		t.Errorf("someone else's choices changed: %+v, was %+v", got, otherBefore)
	}
	var blockedBy int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM user_blocks WHERE blocked_id = $1`, impostor).Scan(&blockedBy); err != nil || blockedBy != 1 {
		t.Errorf("the block of the account by someone else: %d %v", blockedBy, err)
	}
	if _, _, err := s.VerifyEmail(ctx, link, store.EmailProof{NewPasswordHash: "again"}); !errors.Is(err, store.ErrTokenUnusable) {
		t.Errorf("the link again: %v", err)
	}
}

// impostorAndNeighbour makes two sellers with a phone, verified, each with
// notification choices, a saved search, a favourite (a laptop of the
// second) and a block of the other: an impostor who signed up with
// nadia@example.com, and someone else whose choices a take-over must not
// touch. It returns their ids.
func impostorAndNeighbour(t *testing.T, ctx context.Context) (pool *pgxpool.Pool, s *store.Store, impostor, other int64) {
	pool = storetest.Pool(t)
	s = store.New(pool)
	imp, err := s.CreateUser(ctx, store.NewUser{Name: "Not Nadia", Email: "nadia@example.com", PhotoURL: "/uploads/impostor.jpg", PasswordHash: "impostor-hash", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	sam, err := s.CreateUser(ctx, store.NewUser{Name: "Sam", Email: "sam@example.com", PasswordHash: "sam-hash", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	impostor, other = imp.ID, sam.ID
	p, err := s.CreateProduct(ctx, store.NewProduct{SellerID: other, CategoryID: 3, Name: "ThinkPad", Picture: "/uploads/x.jpg",
		SellPrice: 1000, OriginalPrice: 2000, Condition: "good", Location: "Dhaka", Used: "1", Phone: "01700000000"})
	if err != nil {
		t.Fatal(err)
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`UPDATE users SET phone = '01700000000', verified = true WHERE id = $1 OR id = $2`, impostor, other)
	for _, u := range []int64{impostor, other} {
		exec(`INSERT INTO notification_settings (user_id, kind, email) VALUES ($1, 'booking_received', false), ($1, 'message_received', false)`, u)
		exec(`INSERT INTO saved_searches (user_id, frequency, max_price, filter_key) VALUES ($1, 'instant', 5000, 'maxPrice=5000')`, u)
		exec(`INSERT INTO favourites (user_id, product_id) VALUES ($1, $2)`, u, p.ID)
	}
	exec(`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2), ($2, $1)`, impostor, other)
	return pool, s, impostor, other
}

// holding is what an account holds: its row's choices and its other rows.
type holding struct {
	role, phone, photo, hash string
	verified, emailVerified  bool
	version                  int32
	settings, searches       int
	favourites, blocks       int
}

// holdingOf reads what the account id holds now.
func holdingOf(t *testing.T, pool *pgxpool.Pool, id int64) holding {
	t.Helper()
	var h holding
	if err := pool.QueryRow(context.Background(), `SELECT role, phone, photo_url, coalesce(password_hash, ''), verified, email_verified_at IS NOT NULL, token_version,
			(SELECT count(*) FROM notification_settings WHERE user_id = $1), (SELECT count(*) FROM saved_searches WHERE user_id = $1),
			(SELECT count(*) FROM favourites WHERE user_id = $1), (SELECT count(*) FROM user_blocks WHERE blocker_id = $1)
		FROM users WHERE id = $1`, id).Scan(&h.role, &h.phone, &h.photo, &h.hash, &h.verified, &h.emailVerified, &h.version,
		&h.settings, &h.searches, &h.favourites, &h.blocks); err != nil {
		t.Fatal(err)
	}
	return h
}

// The proofs that are enough keep the password and every session: the
// account's own session, its current password hash, an account proven
// already. A take-over of a proven account is refused.
func TestVerifyEmailKeepsThePasswordWhenProven(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	mk := func(email string) store.User {
		u, err := s.CreateUser(ctx, store.NewUser{Name: "U", Email: email, PasswordHash: "own-hash", Role: store.RoleSeller})
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	for name, c := range map[string]struct {
		email string
		proof func(store.User) store.EmailProof
	}{
		"own session":  {"a@example.com", func(u store.User) store.EmailProof { return store.EmailProof{SessionUserID: u.ID} }},
		"own password": {"b@example.com", func(store.User) store.EmailProof { return store.EmailProof{PasswordHash: "own-hash"} }},
	} {
		u := mk(c.email)
		link := verifyLinkHash(t, s, u.ID, "link of "+c.email)
		got, tookOver, err := s.VerifyEmail(ctx, link, c.proof(u))
		if err != nil || tookOver || !got.EmailVerified || got.PasswordHash != "own-hash" || got.TokenVersion != u.TokenVersion || got.Role != store.RoleSeller {
			t.Errorf("%s: %+v %v %v", name, got, tookOver, err)
		}
		// proven now: a later link is enough alone, and takes nothing over
		late := verifyLinkHash(t, s, u.ID, "late link of "+c.email)
		if _, _, err := s.VerifyEmail(ctx, late, store.EmailProof{NewPasswordHash: "x"}); !errors.Is(err, store.ErrAlreadyVerified) {
			t.Errorf("%s: a take-over of a proven account: %v", name, err)
		}
		if got, _, err := s.VerifyEmail(ctx, late, store.EmailProof{}); err != nil || got.PasswordHash != "own-hash" {
			t.Errorf("%s: a later link alone: %+v %v", name, got, err)
		}
	}
	// an Admin is made from the command line only: a take-over keeps it
	admin, err := s.CreateUser(ctx, store.NewUser{Name: "A", Email: "admin@example.com", PasswordHash: "h", Role: store.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	got, tookOver, err := s.VerifyEmail(ctx, verifyLinkHash(t, s, admin.ID, "admin link"), store.EmailProof{NewPasswordHash: "new"})
	if err != nil || !tookOver || got.Role != store.RoleAdmin {
		t.Errorf("admin take-over: %+v %v %v", got, tookOver, err)
	}
}
