package api_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"resale/api"
)

// accessKey is the key the server derives from testKey for access tokens,
// so the test can forge tokens exactly as an insider would.
func accessKey() []byte {
	mac := hmac.New(sha256.New, testKey)
	mac.Write([]byte("access-token"))
	return mac.Sum(nil)
}

func forge(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	tok, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestHostileTokens(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Token Owner", "owner@example.com", "Buyer")
	id := sess.User.ID
	now := time.Now()
	valid := func() jwt.MapClaims {
		return jwt.MapClaims{"iss": "resale", "aud": []string{"resale-api"}, "sub": id, "ver": 1,
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

	// positive control: a token forged with the right key and claims works,
	// so each refusal below is down to the one thing changed
	if rec := s.getAs("/api/me", forge(t, jwt.SigningMethodHS256, accessKey(), valid())); rec.Code != http.StatusOK {
		t.Fatalf("control token refused: %d %s", rec.Code, rec.Body.String())
	}

	parts := strings.Split(sess.AccessToken, ".")
	noneHeader := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	tampered := strings.Replace(string(payload), `"sub":"`+id+`"`, `"sub":"999"`, 1)

	bad := map[string]string{
		"alg none":             noneHeader + "." + parts[1] + ".",
		"HS512 with the key":   forge(t, jwt.SigningMethodHS512, accessKey(), valid()),
		"another key":          forge(t, jwt.SigningMethodHS256, []byte("another-secret-another-secret-0000"), valid()),
		"the raw secret":       forge(t, jwt.SigningMethodHS256, testKey, valid()),
		"expired":              forge(t, jwt.SigningMethodHS256, accessKey(), with("exp", now.Add(-time.Hour).Unix())),
		"no expiry":            forge(t, jwt.SigningMethodHS256, accessKey(), with("exp", nil)),
		"not yet valid":        forge(t, jwt.SigningMethodHS256, accessKey(), with("nbf", now.Add(time.Hour).Unix())),
		"issued in the future": forge(t, jwt.SigningMethodHS256, accessKey(), with("iat", now.Add(time.Hour).Unix())),
		"wrong issuer":         forge(t, jwt.SigningMethodHS256, accessKey(), with("iss", "someone")),
		"wrong audience":       forge(t, jwt.SigningMethodHS256, accessKey(), with("aud", "other-api")),
		"old version":          forge(t, jwt.SigningMethodHS256, accessKey(), with("ver", 0)),
		"no such user":         forge(t, jwt.SigningMethodHS256, accessKey(), with("sub", "424242")),
		"sub not an id":        forge(t, jwt.SigningMethodHS256, accessKey(), with("sub", "1 OR 1=1")),
		"tampered payload":     parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(tampered)) + "." + parts[2],
		"garbage":              "not.a.token",
		"16 KB":                strings.Repeat("a", 16<<10),
	}
	for name, tok := range bad {
		t.Run(name, func(t *testing.T) {
			wantError(t, s.getAs("/api/me", tok), http.StatusUnauthorized, "unauthorized")
		})
	}

	for name, h := range map[string]http.Header{
		"lower-case scheme": {"Authorization": {"bearer " + sess.AccessToken}},
		"no token":          {"Authorization": {"Bearer "}},
		"basic":             {"Authorization": {"Basic dXNlcjpwYXNz"}},
		"two headers":       {"Authorization": {"Bearer " + sess.AccessToken, "Bearer " + sess.AccessToken}},
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, s.do(http.MethodGet, "/api/me", nil, h), http.StatusUnauthorized, "unauthorized")
		})
	}
	// a token in the URL or a cookie is not a credential
	wantError(t, s.get("/api/me?token="+sess.AccessToken), http.StatusUnauthorized, "unauthorized")
	wantError(t, s.do(http.MethodGet, "/api/me", nil, http.Header{"Cookie": {"accessToken=" + sess.AccessToken}}), http.StatusUnauthorized, "unauthorized")

	// a deleted account's token stops working at once
	s.exec("UPDATE users SET deleted_at = now() WHERE email = 'owner@example.com'")
	wantError(t, s.getAs("/api/me", sess.AccessToken), http.StatusUnauthorized, "unauthorized")
}

// Tokens expire: one issued nine hours ago no longer works.
func TestTokensExpire(t *testing.T) {
	t.Parallel()
	now := newTestServer(t)
	past := newTestServerWith(t, now.store, func(o *api.Options) {
		o.Now = func() time.Time { return time.Now().Add(-9 * time.Hour) }
	})
	past.signup("Old Session", "old@example.com", "Buyer")
	rec := past.postJSON("/api/auth/login", "", map[string]string{"email": "old@example.com", "password": "correct horse battery"})
	var sess sessionWire
	decode(t, rec, &sess)
	wantError(t, now.getAs("/api/me", sess.AccessToken), http.StatusUnauthorized, "unauthorized")

	fresh := now.postJSON("/api/auth/login", "", map[string]string{"email": "old@example.com", "password": "correct horse battery"})
	decode(t, fresh, &sess)
	if rec := now.getAs("/api/me", sess.AccessToken); rec.Code != http.StatusOK {
		t.Fatalf("fresh token: %d", rec.Code)
	}
}

// The role comes from the database, not the token: a promotion or a
// demotion applies to tokens already issued.
func TestRoleFollowsTheDatabase(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Promoted", "promoted@example.com", "Buyer")
	s.exec("UPDATE users SET role = 'Admin' WHERE email = 'promoted@example.com'")
	var me userWire
	decode(t, s.getAs("/api/me", sess.AccessToken), &me)
	if me.Role != "Admin" {
		t.Fatalf("role = %q after promotion", me.Role)
	}
}
