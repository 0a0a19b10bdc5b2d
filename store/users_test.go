package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"resale/store"
	"resale/store/storetest"
)

func TestExternalIdentityLinking(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	owner, err := s.CreateUser(ctx, store.NewUser{Name: "Owner", Email: "Owner@Example.com", PasswordHash: "x", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	if owner.Email != "owner@example.com" {
		t.Errorf("email stored as %q", owner.Email)
	}

	// an unverified email never reaches the existing account
	_, _, err = s.UserForExternalIdentity(ctx, store.ExternalIdentity{Subject: "iss a", Email: "owner@example.com", Name: "X"})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("unverified: err = %v", err)
	}
	impostorPhone, provenPhone := "01700000000", "01800000000"
	// a verified one links to it; the account had never proven its
	// address, so whoever chose its password may have been an impostor:
	// the password and what was set before go (F11)
	if _, err := s.UpdateProfile(ctx, owner.ID, store.ProfileChange{Phone: &impostorPhone}); err != nil {
		t.Fatal(err)
	}
	u, created, err := s.UserForExternalIdentity(ctx, store.ExternalIdentity{Subject: "iss b", Email: "OWNER@example.com", EmailVerified: true, Name: "X"})
	if err != nil || created || u.ID != owner.ID || u.Role != store.RoleBuyer || u.Phone != "" || u.PasswordHash != "" || !u.EmailVerified {
		t.Fatalf("verified: %+v created=%v err=%v", u, created, err)
	}
	// an account that proved its address keeps its role and all when linked
	proven, err := s.CreateUser(ctx, store.NewUser{Name: "Proven", Email: "proven@example.com", PasswordHash: "x", Role: store.RoleSeller})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateProfile(ctx, proven.ID, store.ProfileChange{Phone: &provenPhone}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.VerifyEmail(ctx, verifyLinkHash(t, s, proven.ID, "proven's link"), store.EmailProof{SessionUserID: proven.ID}); err != nil {
		t.Fatal(err)
	}
	p, _, err := s.UserForExternalIdentity(ctx, store.ExternalIdentity{Subject: "iss p", Email: "proven@example.com", EmailVerified: true})
	if err != nil || p.Role != store.RoleSeller || p.Phone != "01800000000" || p.PasswordHash != "x" {
		t.Fatalf("proven: %+v %v", p, err)
	}
	// a second identity cannot take over the linked account
	if _, _, err := s.UserForExternalIdentity(ctx, store.ExternalIdentity{Subject: "iss c", Email: "owner@example.com", EmailVerified: true}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second identity: err = %v", err)
	}
	// a new person becomes a Buyer, once
	n, created, err := s.UserForExternalIdentity(ctx, store.ExternalIdentity{Subject: "iss d", Email: "new@example.com", EmailVerified: true, Name: "New"})
	if err != nil || !created || n.Role != store.RoleBuyer || n.PasswordHash != "" {
		t.Fatalf("new: %+v %v %v", n, created, err)
	}
	again, created, err := s.UserForExternalIdentity(ctx, store.ExternalIdentity{Subject: "iss d", Email: "changed@example.com", EmailVerified: true})
	if err != nil || created || again.ID != n.ID {
		t.Fatalf("again: %+v %v %v", again, created, err)
	}
}

func TestLoginCodesWorkOnceAndExpire(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	u, err := s.CreateUser(ctx, store.NewUser{Name: "U", Email: "u@example.com", Role: store.RoleBuyer})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateLoginCode(ctx, "good", u.ID, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateLoginCode(ctx, "stale", u.ID, time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if id, err := s.TakeLoginCode(ctx, "good"); err != nil || id != u.ID {
		t.Fatalf("take: %d %v", id, err)
	}
	for _, code := range []string{"good", "stale", "never"} {
		if _, err := s.TakeLoginCode(ctx, code); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: err = %v", code, err)
		}
	}
}

func TestLogoutAndGrantAdmin(t *testing.T) {
	t.Parallel()
	s := storetest.Store(t)
	ctx := context.Background()
	u, _ := s.CreateUser(ctx, store.NewUser{Name: "U", Email: "u@example.com", Role: store.RoleBuyer})
	if err := s.Logout(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	got, _ := s.GetUser(ctx, u.ID)
	if got.TokenVersion != u.TokenVersion+1 {
		t.Errorf("version %d -> %d", u.TokenVersion, got.TokenVersion)
	}
	if err := s.Logout(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoke unknown: %v", err)
	}
	if _, err := s.GrantAdmin(ctx, "nobody@example.com"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("grant unknown: %v", err)
	}
}
