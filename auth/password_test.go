package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"

	"resale/auth"
)

func TestHashAndVerify(t *testing.T) {
	ctx := context.Background()
	h := auth.NewHasher(2)
	hash, err := h.Hash(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=47104,t=1,p=1$") || strings.Contains(hash, "correct") {
		t.Fatalf("hash = %q", hash)
	}
	if again, _ := h.Hash(ctx, "correct horse battery"); again == hash {
		t.Error("the same password hashed twice gives the same hash: no salt")
	}
	for _, c := range []struct {
		password, encoded string
		ok                bool
	}{
		{"correct horse battery", hash, true},
		{"correct horse batterY", hash, false},
		{"", hash, false},
		{"correct horse battery", "", false}, // an account without a password
		{"", "", false},
	} {
		ok, stale, err := h.Verify(ctx, c.password, c.encoded)
		if err != nil || ok != c.ok || stale {
			t.Errorf("Verify(%q, %q) = %v, %v, %v; want %v, false, nil", c.password, c.encoded, ok, stale, err, c.ok)
		}
	}
}

// The tests' hasher (NewHasherWithMemory) hashes with its own memory and
// takes its own hashes as current; today's hashes verify with it, and are
// stale to it, as its are to today's hasher.
func TestHasherWithMemory(t *testing.T) {
	ctx := context.Background()
	small, today := auth.NewHasherWithMemory(1, 64), auth.NewHasher(1)
	hash, err := small.Hash(ctx, "correct horse battery")
	if err != nil || !strings.HasPrefix(hash, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash = %q, %v", hash, err)
	}
	if ok, stale, err := small.Verify(ctx, "correct horse battery", hash); !ok || stale || err != nil {
		t.Errorf("its own hash: ok %v stale %v err %v; want true false nil", ok, stale, err)
	}
	if ok, stale, err := today.Verify(ctx, "correct horse battery", hash); !ok || !stale || err != nil {
		t.Errorf("by today's hasher: ok %v stale %v err %v; want true true nil", ok, stale, err)
	}
	current, err := today.Hash(ctx, "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if ok, stale, err := small.Verify(ctx, "correct horse battery", current); !ok || !stale || err != nil {
		t.Errorf("today's hash: ok %v stale %v err %v; want true true nil", ok, stale, err)
	}
	if ok, _, _ := small.Verify(ctx, "correct horse batterY", hash); ok {
		t.Error("a wrong password verified")
	}
	if h, _ := auth.NewHasherWithMemory(1, 0).Hash(ctx, "x"); !strings.HasPrefix(h, "$argon2id$v=19$m=8,t=1,p=1$") {
		t.Errorf("below argon2id's least memory: %q, want m=8", h)
	}
}

// A hash made with other parameters still verifies, and says it should be
// redone; a wrong password against it still fails.
func TestStaleHash(t *testing.T) {
	ctx := context.Background()
	// "password123" under m=19456,t=2,p=1 (OWASP's other setting)
	salt := []byte("somesaltsomesalt")
	key := argon2.IDKey([]byte("password123"), salt, 2, 19456, 1, 32)
	b64 := base64.RawStdEncoding
	old := "$argon2id$v=19$m=19456,t=2,p=1$" + b64.EncodeToString(salt) + "$" + b64.EncodeToString(key)
	h := auth.NewHasher(1)
	ok, stale, err := h.Verify(ctx, "password123", old)
	if err != nil || !ok || !stale {
		t.Fatalf("old hash: ok %v stale %v err %v; want true true nil", ok, stale, err)
	}
	ok, _, err = h.Verify(ctx, "password124", old)
	if err != nil || ok {
		t.Fatalf("wrong password on old hash: ok %v err %v", ok, err)
	}
}

func TestMalformedHash(t *testing.T) {
	h := auth.NewHasher(1)
	for _, bad := range []string{
		"plain",
		"$2a$10$abcdefghijklmnopqrstuv", // bcrypt
		"$argon2i$v=19$m=47104,t=1,p=1$c2FsdA$a2V5a2V5a2V5a2V5a2V5aw",
		"$argon2id$v=16$m=47104,t=1,p=1$c2FsdA$a2V5a2V5a2V5a2V5a2V5aw",
		"$argon2id$v=19$m=0,t=1,p=1$c2FsdA$a2V5a2V5a2V5a2V5a2V5aw",
		"$argon2id$v=19$m=4194304,t=1,p=1$c2FsdA$a2V5a2V5a2V5a2V5a2V5aw", // 4 GiB: refused before hashing
		"$argon2id$v=19$m=47104,t=1,p=1$c2FsdA$a2V5",                     // key too short
		"$argon2id$v=19$m=47104,t=1,p=1$!!!$a2V5a2V5a2V5a2V5a2V5aw",
	} {
		if ok, _, err := h.Verify(context.Background(), "password", bad); ok || !errors.Is(err, auth.ErrMalformedHash) {
			t.Errorf("Verify against %q: ok %v err %v; want ErrMalformedHash", bad, ok, err)
		}
	}
}

func TestPasswordProblem(t *testing.T) {
	for pw, want := range map[string]string{
		"":                         "is required",
		"seven77":                  "must be at least 8 characters",
		"eight888":                 "",
		"পাসওয়ার্ডটি":             "", // counted in characters, not bytes
		strings.Repeat("xyzw", 64): "",
		strings.Repeat("x", 257):   "must be at most 256 characters",
		"nul\x00byte":              "contains characters that are not allowed",
		"bad utf8 \xff\xfe here":   "contains characters that are not allowed",
	} {
		if got := auth.PasswordProblem(pw); got != want {
			t.Errorf("PasswordProblem(%q) = %q, want %q", pw, got, want)
		}
	}
}
