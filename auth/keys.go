package auth

import (
	"crypto/hmac"
	"crypto/sha256"
)

// DeriveKey gives each use of the one configured secret its own key, so a
// key leaked from one use (a flow cookie) does not sign another (tokens).
func DeriveKey(secret []byte, purpose string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
