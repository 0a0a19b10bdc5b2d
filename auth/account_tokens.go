package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// AccountTokens makes the tokens of password-reset and email-verification
// links. A token is the HMAC of a random 32-byte salt under a key derived
// from the server's secret: the database keeps the salt and the token's
// SHA-256, never the token, so the email job can make the same token again
// on a retry while a copy of the database alone cannot make any.
type AccountTokens struct{ key []byte }

// NewAccountTokens derives the key from the server's secret (JWT_SECRET).
func NewAccountTokens(secret []byte) AccountTokens {
	return AccountTokens{key: DeriveKey(secret, "account-link-token")}
}

// New makes a fresh salt and the hash of its token, for the database.
func (a AccountTokens) New() (salt, hash []byte) {
	salt = make([]byte, 32)
	if _, err := rand.Read(salt); err != nil {
		panic("auth: no randomness: " + err.Error()) // crypto/rand never fails on supported systems
	}
	return salt, HashAccountToken(a.Token(salt))
}

// Token is the token of a salt, as it goes into a link.
func (a AccountTokens) Token(salt []byte) string {
	m := hmac.New(sha256.New, a.key)
	m.Write(salt)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// HashAccountToken is what the database keeps of a token and looks it up
// by.
func HashAccountToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
