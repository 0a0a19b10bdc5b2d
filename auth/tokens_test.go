package auth_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"resale/auth"
)

var accessKey = auth.DeriveKey([]byte("a test secret, thirty-two bytes!"), "access-token")

func forge(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	tok, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestIssuedTokenParses(t *testing.T) {
	s := auth.NewSigner(accessKey, time.Now)
	tok, err := s.Issue(42, 7)
	if err != nil {
		t.Fatal(err)
	}
	id, ver, err := s.Parse(tok)
	if err != nil || id != 42 || ver != 7 {
		t.Fatalf("Parse = %d, %d, %v; want 42, 7, nil", id, ver, err)
	}
	// two tokens issued at the same second still differ (jti)
	again, _ := s.Issue(42, 7)
	if again == tok {
		t.Error("two tokens are identical")
	}
}

// Every token that is not exactly what Issue makes is refused, as
// ErrInvalidToken; one past its time is also ErrExpired.
func TestParseRefuses(t *testing.T) {
	now := time.Now()
	s := auth.NewSigner(accessKey, func() time.Time { return now })
	valid := func() jwt.MapClaims {
		return jwt.MapClaims{"iss": "resale", "aud": []string{"resale-api"}, "sub": "5", "ver": 1,
			"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	}
	with := func(k string, v any) jwt.MapClaims {
		c := valid()
		if v == nil {
			delete(c, k)
		} else {
			c[k] = v
		}
		return c
	}
	// positive control: each refusal below is down to the one thing changed
	control := forge(t, jwt.SigningMethodHS256, accessKey, valid())
	if id, ver, err := s.Parse(control); err != nil || id != 5 || ver != 1 {
		t.Fatalf("control token: %d %d %v", id, ver, err)
	}
	parts := strings.Split(control, ".")
	noneHeader := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	tampered := strings.Replace(string(payload), `"sub":"5"`, `"sub":"6"`, 1)

	cases := []struct {
		name    string
		token   string
		expired bool
	}{
		{"alg none", noneHeader + "." + parts[1] + ".", false},
		{"HS512 with the key", forge(t, jwt.SigningMethodHS512, accessKey, valid()), false},
		{"another key", forge(t, jwt.SigningMethodHS256, []byte("another-secret-another-secret-0000"), valid()), false},
		{"the key of another purpose", forge(t, jwt.SigningMethodHS256, auth.DeriveKey([]byte("a test secret, thirty-two bytes!"), "oidc-flow-cookie"), valid()), false},
		{"expired", forge(t, jwt.SigningMethodHS256, accessKey, with("exp", now.Add(-time.Hour).Unix())), true},
		{"no expiry", forge(t, jwt.SigningMethodHS256, accessKey, with("exp", nil)), false},
		{"not yet valid", forge(t, jwt.SigningMethodHS256, accessKey, with("nbf", now.Add(time.Hour).Unix())), false},
		{"issued in the future", forge(t, jwt.SigningMethodHS256, accessKey, with("iat", now.Add(time.Hour).Unix())), false},
		{"wrong issuer", forge(t, jwt.SigningMethodHS256, accessKey, with("iss", "someone")), false},
		{"wrong audience", forge(t, jwt.SigningMethodHS256, accessKey, with("aud", "other-api")), false},
		{"sub not an id", forge(t, jwt.SigningMethodHS256, accessKey, with("sub", "1 OR 1=1")), false},
		{"sub zero", forge(t, jwt.SigningMethodHS256, accessKey, with("sub", "0")), false},
		{"sub negative", forge(t, jwt.SigningMethodHS256, accessKey, with("sub", "-5")), false},
		{"no sub", forge(t, jwt.SigningMethodHS256, accessKey, with("sub", nil)), false},
		{"tampered payload", parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(tampered)) + "." + parts[2], false},
		{"garbage", "not.a.token", false},
		{"empty", "", false},
		{"16 KB", strings.Repeat("a", 16<<10), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, ver, err := s.Parse(c.token)
			if !errors.Is(err, auth.ErrInvalidToken) || id != 0 || ver != 0 {
				t.Fatalf("Parse = %d, %d, %v; want ErrInvalidToken", id, ver, err)
			}
			if errors.Is(err, auth.ErrExpired) != c.expired {
				t.Fatalf("errors.Is(%v, ErrExpired) = %v, want %v", err, !c.expired, c.expired)
			}
		})
	}
}

// A token lives eight hours, with thirty seconds' grace for clocks.
func TestTokenLifetime(t *testing.T) {
	issued := time.Now()
	tok, err := auth.NewSigner(accessKey, func() time.Time { return issued }).Issue(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		after time.Duration
		ok    bool
	}{
		{-20 * time.Second, true}, // a clock a little behind
		{-time.Minute, false},     // far behind: not yet valid
		{8*time.Hour - time.Minute, true},
		{8*time.Hour + time.Minute, false},
	} {
		at := issued.Add(c.after)
		_, _, err := auth.NewSigner(accessKey, func() time.Time { return at }).Parse(tok)
		if (err == nil) != c.ok {
			t.Errorf("%v after issue: err = %v, want ok %v", c.after, err, c.ok)
		}
	}
}

// FuzzTokenParse: a changed token is never accepted as someone else.
func FuzzTokenParse(f *testing.F) {
	signer := auth.NewSigner(auth.DeriveKey(make([]byte, 32), "access-token"), time.Now)
	good, err := signer.Issue(7, 3)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good + "x")
	f.Add("eyJhbGciOiJub25lIn0.eyJzdWIiOiI3In0.")
	f.Fuzz(func(t *testing.T, raw string) {
		id, ver, err := signer.Parse(raw)
		if err != nil {
			if !errors.Is(err, auth.ErrInvalidToken) {
				t.Fatalf("token %q: error %v is not ErrInvalidToken", raw, err)
			}
			return
		}
		if id != 7 || ver != 3 {
			t.Fatalf("token %q accepted as user %d version %d", raw, id, ver)
		}
	})
}
