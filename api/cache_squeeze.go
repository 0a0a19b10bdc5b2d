package api

import (
	"bytes"
	"compress/gzip"
	"io"

	"github.com/labstack/echo/v4"
)

// A kept answer asked for often is compressed again, once, at the best
// level. An answer is made at the fastest level (routes.go: each answer
// made afresh pays for its compression), but a kept one may be sent
// thousands of times: a brand's first page goes from 3.5 KB to 2.9 KB,
// less for a shopper on a slow phone network to wait for and, with the
// headers, under the 4 KB that net/http writes to the socket in one
// system call (#38: two writes cost the kept answer 40% of its rate). It
// is done by one goroutine at a time, so no request waits for it; until
// it is done the answer is sent as it was made. Compressing again costs
// about as much as a dozen kept answers sent, so only an answer sent
// squeezeAfterHits times is: one kept and asked for once or twice more
// (a price slider's list asked twice) is not worth it.

const (
	// squeezeAfterHits: the times a kept answer is sent from the cache
	// before it is compressed again
	squeezeAfterHits = 32
	// maxSqueezeQueue bounds the answers waiting to be compressed again;
	// an answer past it stays as made
	maxSqueezeQueue = 256
)

// hit counts a kept answer sent; at its squeezeAfterHits'th it is queued
// to be compressed again, if it is still the one kept.
func (k *catalogueCache) hit(key cacheKey, a keptAnswer) {
	if a.hits == nil || a.hits.Add(1) != squeezeAfterHits {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if cur, ok := k.answers[key]; ok && sameBytes(cur.body, a.body) {
		k.squeezeLocked(key, cur)
	}
}

// squeezeJob is a kept gzip answer to compress again: its key and its
// bytes as kept (the very slice: an answer dropped and kept again since
// has other bytes).
type squeezeJob struct {
	key  cacheKey
	body []byte
}

// squeezeLocked queues key's kept answer a to be compressed again when it
// is gzip, and starts the goroutine that does it when none runs. k.mu is
// held.
func (k *catalogueCache) squeezeLocked(key cacheKey, a keptAnswer) {
	if a.header.Get(echo.HeaderContentEncoding) != "gzip" || len(k.squeeze) >= maxSqueezeQueue {
		return
	}
	k.squeeze = append(k.squeeze, squeezeJob{key, a.body})
	if !k.squeezing {
		k.squeezing = true
		go k.squeezeAll()
	}
}

// squeezeAll compresses the queued answers again until none is left, and
// puts each in place of its answer if that is still the one kept.
func (k *catalogueCache) squeezeAll() {
	for {
		k.mu.Lock()
		if len(k.squeeze) == 0 {
			k.squeezing, k.squeeze = false, nil
			k.mu.Unlock()
			return
		}
		job := k.squeeze[0]
		k.squeeze = k.squeeze[1:]
		k.mu.Unlock()

		small, err := recompress(job.body)
		if err != nil || len(small) >= len(job.body) {
			continue // kept as made
		}
		k.mu.Lock()
		if a, ok := k.answers[job.key]; ok && sameBytes(a.body, job.body) {
			k.answers[job.key] = a.withBody(small)
			k.size -= len(job.body) - len(small)
		}
		k.mu.Unlock()
	}
}

// recompress is gzip body's content compressed at the best level.
func recompress(body []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(len(body))
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression) // a valid level: no error
	zw.Write(plain)                                          //nolint:errcheck // a bytes.Buffer
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// sameBytes says whether a and b are the same slice, not only equal.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
