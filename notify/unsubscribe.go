package notify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// Unsubscribe tokens are an HMAC of the user and the kind under a key
// derived from the server's secret, not random values kept in a table:
// there is nothing to store or clean up, a link in a months-old email
// still works, and a database dump holds nothing that could be replayed.
// All a token can do is turn one kind of email off for one user, which
// the user can turn back on in the settings, so it does not need to
// expire or be revocable one by one. Changing JWT_SECRET voids them all.

// Unsubscriber makes and checks one-click unsubscribe tokens.
type Unsubscriber struct{ key []byte }

// NewUnsubscriber derives its key from the server's secret.
func NewUnsubscriber(secret []byte) *Unsubscriber {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("resale: one-click unsubscribe links"))
	return &Unsubscriber{key: mac.Sum(nil)}
}

// ErrBadToken is a token this server did not make.
var ErrBadToken = errors.New("notify: bad unsubscribe token")

// Token is the token that turns kind's email off for user.
func (u *Unsubscriber) Token(user int64, kind string) string {
	payload := strconv.FormatInt(user, 10) + "." + kind
	return payload + "." + u.sign(payload)
}

// Parse checks a token and says whose email of which kind it turns off.
func (u *Unsubscriber) Parse(token string) (user int64, kind string, err error) {
	if len(token) > 200 {
		return 0, "", ErrBadToken
	}
	payload, sig, ok := cutLast(token, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(u.sign(payload))) {
		return 0, "", ErrBadToken
	}
	id, kind, ok := strings.Cut(payload, ".")
	user, perr := strconv.ParseInt(id, 10, 64)
	if !ok || perr != nil || user <= 0 || !IsKind(kind) {
		return 0, "", ErrBadToken
	}
	return user, kind, nil
}

func (u *Unsubscriber) sign(payload string) string {
	mac := hmac.New(sha256.New, u.key)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:20])
}

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
