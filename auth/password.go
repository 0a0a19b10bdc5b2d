package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Password hashing: argon2id with OWASP's m=46 MiB, t=1, p=1, stored as a
// PHC string so the parameters can be raised later and old hashes upgraded
// at the next log-in.
const (
	argonMemory  = 47104 // KiB
	argonTime    = 1
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// The password policy, in characters. A longer password is refused before
// any hashing, so it cannot be used to make the server work.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 256
)

// PasswordProblem says what is wrong with a new password, as the end of a
// sentence naming the field ("must be at least 8 characters"), or "" when
// it is acceptable.
func PasswordProblem(password string) string {
	switch n := utf8.RuneCountInString(password); {
	case password == "":
		return "is required"
	case n < MinPasswordLen:
		return fmt.Sprintf("must be at least %d characters", MinPasswordLen)
	case n > MaxPasswordLen:
		return fmt.Sprintf("must be at most %d characters", MaxPasswordLen)
	case !utf8.ValidString(password) || strings.ContainsRune(password, 0):
		return "contains characters that are not allowed"
	case strings.TrimSpace(password) == "":
		return "must not be only spaces"
	case IsCommonPassword(password):
		return "is one of the most common passwords; choose one that is harder to guess"
	}
	return ""
}

// Hasher hashes and checks passwords, bounding how many hashes run at
// once (each takes 46 MiB) and how many may wait for one: past that, a
// hash is refused at once with ErrBusy rather than queued until its
// request times out, so a flood of hashing requests cannot make every
// log-in wait.
type Hasher struct {
	slots      chan struct{}
	waiting    atomic.Int64
	maxWaiting int64
	// computed counts the hashes computed (Hash and Verify alike)
	computed atomic.Int64
	// dummy is compared against when the email is unknown, so an unknown
	// email takes as long to refuse as a wrong password.
	dummy string
	// memory is the argon2id memory of new hashes, in KiB: argonMemory
	// but in tests (NewHasherWithMemory)
	memory uint32
}

// waitingPerSlot is how many hashes may wait for each running one: a
// hash takes about 50 ms here, so a waiting one starts within a second or
// so.
const waitingPerSlot = 16

// ErrBusy is a hash refused because too many wait already; the request
// should be answered at once, asking to retry in a moment.
var ErrBusy = errors.New("auth: too many passwords being checked at once")

// NewHasher makes a Hasher running at most parallel hashes at once, with
// at most 16 more waiting for each.
func NewHasher(parallel int) *Hasher {
	return NewHasherWithMemory(parallel, argonMemory)
}

// NewHasherWithMemory is NewHasher hashing with memory KiB (at least 8)
// instead of today's 46 MiB, for tests that make many accounts: under the
// race detector each 46 MiB hash took about half a second of CPU, most of
// the API's tests' time. Hashes of other parameters still verify, and are
// stale at the next log-in.
func NewHasherWithMemory(parallel int, memory uint32) *Hasher {
	memory = max(memory, 8*argonThreads)
	// The dummy needs today's parameters, not a real password: a random
	// key that nothing hashes to. Making it costs nothing at start.
	salt, key := make([]byte, argonSaltLen), make([]byte, argonKeyLen)
	if _, err := rand.Read(salt); err != nil {
		panic(err)
	}
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	parallel = max(1, parallel)
	return &Hasher{slots: make(chan struct{}, parallel), maxWaiting: int64(waitingPerSlot * parallel),
		dummy: encodeHash(salt, key, memory, argonTime, argonThreads), memory: memory}
}

// NewHasherQueue is NewHasher with at most waiting hashes waiting (tests
// make it small to see the refusal).
func NewHasherQueue(parallel, waiting int) *Hasher {
	h := NewHasher(parallel)
	h.maxWaiting = int64(max(0, waiting))
	return h
}

// acquire takes a hashing slot, waiting for one only when fewer than
// maxWaiting wait already.
func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		h.computed.Add(1)
		return nil
	default:
	}
	if h.waiting.Add(1) > h.maxWaiting {
		h.waiting.Add(-1)
		return ErrBusy
	}
	defer h.waiting.Add(-1)
	select {
	case h.slots <- struct{}{}:
		h.computed.Add(1)
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Computed is how many hashes this Hasher has computed (or begun), for
// tests and metrics.
func (h *Hasher) Computed() int64 { return h.computed.Load() }

// Hash returns the PHC string of password.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, h.memory, argonThreads, argonKeyLen)
	return encodeHash(salt, key, h.memory, argonTime, argonThreads), nil
}

// Verify tells whether password matches encoded, and whether the hash
// should be redone with today's parameters. An empty encoded (no password
// on the account) never matches but costs the same time. A stored hash it
// cannot read is ErrMalformedHash.
func (h *Hasher) Verify(ctx context.Context, password, encoded string) (ok, stale bool, err error) {
	hasPassword := encoded != ""
	if !hasPassword {
		encoded = h.dummy
	}
	p, err := decodeHash(encoded)
	if err != nil {
		return false, false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, false, err
	}
	defer h.release()
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	ok = subtle.ConstantTimeCompare(key, p.key) == 1 && hasPassword
	stale = p.memory != h.memory || p.time != argonTime || p.threads != argonThreads || len(p.key) != argonKeyLen
	return ok, stale && hasPassword, nil
}

func encodeHash(salt, key []byte, memory, time uint32, threads uint8) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memory, time, threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

type argonParams struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

// ErrMalformedHash: a stored password hash is not one this package wrote.
var ErrMalformedHash = errors.New("auth: malformed password hash")

func decodeHash(s string) (argonParams, error) {
	var p argonParams
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return p, ErrMalformedHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return p, ErrMalformedHash
	}
	var err error
	if p.salt, err = base64.RawStdEncoding.DecodeString(parts[4]); err != nil {
		return p, ErrMalformedHash
	}
	if p.key, err = base64.RawStdEncoding.DecodeString(parts[5]); err != nil || len(p.key) < 16 {
		return p, ErrMalformedHash
	}
	if p.memory == 0 || p.time == 0 || p.threads == 0 || p.memory > 1<<20 {
		return p, ErrMalformedHash
	}
	return p, nil
}

// HashPassword hashes a password the way accounts store it, for tools
// outside the HTTP server (the demo seed).
func HashPassword(ctx context.Context, password string) (string, error) {
	return NewHasher(1).Hash(ctx, password)
}
