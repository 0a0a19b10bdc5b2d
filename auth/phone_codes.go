package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
)

// PhoneCodes makes the six-digit codes sent by SMS (#35) to prove a
// number or sign in with it. A code is drawn from crypto/rand; only its
// HMAC (under a key derived from the server's secret, bound to the number
// and purpose) is stored. The job that sends it carries it sealed
// (AES-GCM under another derived key), so neither the codes' table nor the
// job queue's holds a code in the clear.
type PhoneCodes struct {
	hashKey []byte
	seal    cipher.AEAD
}

// NewPhoneCodes derives the codes' keys from the server's secret.
func NewPhoneCodes(secret []byte) *PhoneCodes {
	block, err := aes.NewCipher(DeriveKey(secret, "resale phone code seal v1"))
	if err != nil {
		panic(err) // a 32-byte key always makes a cipher
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return &PhoneCodes{hashKey: DeriveKey(secret, "resale phone code hash v1"), seal: aead}
}

// New draws a code.
func (p *PhoneCodes) New() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// Hash is what is stored of a code sent to phone for purpose.
func (p *PhoneCodes) Hash(phone, purpose, code string) []byte {
	mac := hmac.New(sha256.New, p.hashKey)
	mac.Write([]byte(purpose))
	mac.Write([]byte{0})
	mac.Write([]byte(phone))
	mac.Write([]byte{0})
	mac.Write([]byte(code))
	return mac.Sum(nil)
}

// Check tells, in constant time, whether code is the one whose Hash is
// stored.
func (p *PhoneCodes) Check(phone, purpose, code string, stored []byte) bool {
	return subtle.ConstantTimeCompare(p.Hash(phone, purpose, code), stored) == 1
}

// Seal encrypts a code for the job that sends it.
func (p *PhoneCodes) Seal(code string) ([]byte, error) {
	nonce := make([]byte, p.seal.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return p.seal.Seal(nonce, nonce, []byte(code), nil), nil
}

// Open decrypts a sealed code.
func (p *PhoneCodes) Open(sealed []byte) (string, error) {
	n := p.seal.NonceSize()
	if len(sealed) < n {
		return "", errors.New("auth: sealed code too short")
	}
	code, err := p.seal.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return "", errors.New("auth: sealed code does not open under this secret")
	}
	return string(code), nil
}
