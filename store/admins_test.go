package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"resale/auth"
	"resale/store"
	"resale/store/storetest"
)

// CreateAdmin makes a photo-less, password-less admin with its email
// proven and one reset link of a day; an email that has an account gets
// neither an account nor a link.
func TestCreateAdmin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.Pool(t)
	s := store.New(pool)
	tokens := auth.NewAccountTokens([]byte(strings.Repeat("k", 32)))

	salt, hash := tokens.New()
	u, err := s.CreateAdmin(ctx, store.NewAdmin{Name: "Boss", Email: " Boss@Example.com", Salt: salt, Hash: hash})
	if err != nil {
		t.Fatal(err)
	}
	if u.Role != store.RoleAdmin || u.Name != "Boss" || u.Email != "boss@example.com" || u.PhotoURL != "" || u.PasswordHash != "" || !u.EmailVerified {
		t.Errorf("made %+v", u)
	}
	if owner, err := s.ResetTokenOwner(ctx, auth.HashAccountToken(tokens.Token(salt))); err != nil || owner.ID != u.ID {
		t.Errorf("the link's account: %+v, %v", owner, err)
	}
	var life time.Duration
	if err := pool.QueryRow(ctx, "SELECT expires_at - created_at FROM account_tokens WHERE user_id = $1", u.ID).Scan(&life); err != nil {
		t.Fatal(err)
	}
	if life < store.AdminLinkLife-time.Minute || life > store.AdminLinkLife+time.Minute || store.AdminLinkLife != 24*time.Hour {
		t.Errorf("the link lives %s", life)
	}

	for _, email := range []string{"BOSS@example.com", "seller@example.com"} {
		if email == "seller@example.com" {
			if _, err := s.CreateUser(ctx, store.NewUser{Name: "Seller", Email: email, PasswordHash: "x", Role: store.RoleSeller}); err != nil {
				t.Fatal(err)
			}
		}
		salt, hash := tokens.New()
		if _, err := s.CreateAdmin(ctx, store.NewAdmin{Name: "Other", Email: email, Salt: salt, Hash: hash}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("%s again: %v, want ErrConflict", email, err)
		}
		if st, err := s.AccountTokenState(ctx, hash, store.PurposeResetPassword); err != nil || st.State != store.LinkUnknown {
			t.Errorf("%s again left a link: %+v %v", email, st, err)
		}
		if got, err := s.GetUserByEmail(ctx, email); err != nil || got.Name == "Other" {
			t.Errorf("%s again changed the account: %+v %v", email, got, err)
		}
	}

	// LinkLife shortens the link's life
	salt, hash = tokens.New()
	if _, err := s.CreateAdmin(ctx, store.NewAdmin{Name: "Brief", Email: "brief@example.com", Salt: salt, Hash: hash, LinkLife: time.Nanosecond}); err != nil {
		t.Fatal(err)
	}
	if st, err := s.AccountTokenState(ctx, hash, store.PurposeResetPassword); err != nil || st.State != store.LinkExpired {
		t.Errorf("a link of a nanosecond: %+v %v", st, err)
	}
}
