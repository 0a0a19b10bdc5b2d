package api

import (
	"crypto/hmac"
	"crypto/sha256"
)

// derivedKey gives each use of the one configured secret its own key.
func derivedKey(secret []byte, purpose string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}
