package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"strconv"
)

// HandoverCodes makes the six-digit code that completes a sale at the
// meeting: an HMAC of the booking's id and a random nonce kept with the
// booking, under a key derived from the server's secret. The code itself
// is never stored, so the buyer can see it again and a copy of the
// database alone cannot tell it.
type HandoverCodes struct{ key []byte }

// NewHandoverCodes derives the codes' key from the server's secret.
func NewHandoverCodes(secret []byte) *HandoverCodes {
	return &HandoverCodes{key: DeriveKey(secret, "resale handover code v1")}
}

// Code is the booking's code, six digits.
func (h *HandoverCodes) Code(bookingID int64, nonce []byte) string {
	mac := hmac.New(sha256.New, h.key)
	mac.Write([]byte(strconv.FormatInt(bookingID, 10)))
	mac.Write([]byte{0})
	mac.Write(nonce)
	sum := mac.Sum(nil)
	// 64 bits modulo a million: the bias is below one in 10^13
	return fmt.Sprintf("%06d", binary.BigEndian.Uint64(sum[:8])%1_000_000)
}

// Check tells, in constant time, whether code is the booking's. A booking
// without a nonce (never accepted) has no code.
func (h *HandoverCodes) Check(bookingID int64, nonce []byte, code string) bool {
	if len(nonce) == 0 {
		return false
	}
	want := h.Code(bookingID, nonce)
	return subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1
}
