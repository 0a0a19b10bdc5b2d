package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// floodResult is what 60 uploads sent at once did to the server's memory.
type floodResult struct {
	uploads, fileBytes    int
	beforeKB, peakKB      int
	created, busy, others int
	refusals              map[string]int // 503 and 429 answers by their code
	took                  time.Duration
}

// measureUploadFlood sends 60 photos of nearly 8 MB at once, each from its
// own loopback address (127.0.0.2, .3, ...) as 60 different people would,
// and reads the server's peak resident memory (VmHWM) after. The server
// takes a few at a time and answers the rest 503; what counts is that its
// memory stays bounded.
func measureUploadFlood(base, token string, pid int) (floodResult, error) {
	photo, err := photoUnder(8 << 20)
	if err != nil {
		return floodResult{}, err
	}
	r := floodResult{uploads: 60, fileBytes: len(photo), beforeKB: procStatusKB(pid, "VmHWM:")}
	var created, busy, others atomic.Int32
	var mu sync.Mutex
	r.refusals = map[string]int{}
	var wg sync.WaitGroup
	start := time.Now()
	for i := range r.uploads {
		wg.Go(func() {
			local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i))}
			client := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: local}).DialContext}}
			defer client.CloseIdleConnections()
			body, ctype := form(nil, "laptop.jpg", photo)
			req, _ := http.NewRequest(http.MethodPost, base+"/api/images", body)
			req.Header.Set("Content-Type", ctype)
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := client.Do(req)
			if err != nil {
				others.Add(1)
				return
			}
			var answer struct {
				Code string `json:"code"`
			}
			json.NewDecoder(res.Body).Decode(&answer)
			res.Body.Close()
			switch res.StatusCode {
			case http.StatusCreated:
				created.Add(1)
			case http.StatusServiceUnavailable, http.StatusTooManyRequests:
				busy.Add(1)
				mu.Lock()
				r.refusals[fmt.Sprintf("%d %s", res.StatusCode, answer.Code)]++
				mu.Unlock()
			default:
				others.Add(1)
			}
		})
	}
	wg.Wait()
	r.took = time.Since(start)
	r.created, r.busy, r.others = int(created.Load()), int(busy.Load()), int(others.Load())
	r.peakKB = procStatusKB(pid, "VmHWM:")
	if r.created == 0 {
		return r, fmt.Errorf("none of the %d uploads was taken (%d busy, %d failed)", r.uploads, r.busy, r.others)
	}
	return r, nil
}

// photoUnder is a camera-like JPEG as large as fits in limit bytes.
func photoUnder(limit int) ([]byte, error) {
	w, h := 4000, 3000
	for range 8 {
		b, err := cameraPhoto(w, h)
		if err != nil {
			return nil, err
		}
		if len(b) <= limit && len(b) > limit*9/10 {
			return b, nil
		}
		// bytes grow with pixels: aim for 95% of the limit
		f := float64(limit) * 0.95 / float64(len(b))
		if f > 2 {
			f = 2
		}
		scale := sqrt(f)
		w, h = int(float64(w)*scale), int(float64(h)*scale)
	}
	return nil, fmt.Errorf("no photo of just under %d bytes", limit)
}

func sqrt(x float64) float64 {
	z := x
	for range 30 {
		z -= (z*z - x) / (2 * z)
	}
	return z
}

// searchFloodResult is a signed-in buyer's booking writes while anonymous
// searches flood the server.
type searchFloodResult struct {
	products           int
	searchers          int
	bookings           int
	p50, p99           time.Duration
	alone              time.Duration // a booking write's p50 with nothing else running
	searchOK, searchNo int
}

// measureSearchFlood brings the catalogue to at least 300,000 products,
// then has 40 anonymous clients search without pause (each search its own
// filters, so no kept answer serves it) for d, while a signed-in buyer
// books a product and cancels the booking, again and again. It reports
// the booking writes' latency.
func measureSearchFlood(bin string, env []string, dbURL, base, token string, products int, d time.Duration) (searchFloodResult, error) {
	r := searchFloodResult{products: products, searchers: 40}
	if products < 300_000 {
		fmt.Printf("adding %d products for the search flood ...\n", 300_000-products)
		seed := exec.Command(bin, "seed", "--demo", "--products", fmt.Sprint(300_000-products))
		seed.Env = env
		if out, err := seed.CombinedOutput(); err != nil {
			return r, fmt.Errorf("seed: %s", out)
		}
		if out, err := sh("psql", dbURL, "-qc", "ANALYZE"); err != nil {
			return r, fmt.Errorf("analyze: %s", out)
		}
		r.products = 300_000
	}
	product, err := someProduct(base)
	if err != nil {
		return r, err
	}
	if r.alone, err = bookingAlone(base, token, product, dbURL); err != nil {
		return r, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	words := []string{"elitebook", "thinkpad", "latitude", "macbook", "vivobook", "pavilion", "ideapad", "zenbook", "i5", "i7", "16gb", "ssd"}
	conditions := []string{"excellent", "good", "fair"}
	var ok, no atomic.Int32
	var n atomic.Int64
	var wg sync.WaitGroup
	for w := range r.searchers {
		wg.Go(func() {
			client := &http.Client{Transport: &http.Transport{}}
			defer client.CloseIdleConnections()
			for ctx.Err() == nil {
				i := n.Add(1)
				path := fmt.Sprintf("/api/products?q=%s&condition=%s&minPrice=%d&maxPrice=%d&sort=price_asc",
					words[(int(i)+w)%len(words)], conditions[i%3], i%5000, 60000+i)
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
				res, err := client.Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					ok.Add(1)
				} else {
					no.Add(1)
				}
			}
		})
	}
	time.Sleep(time.Second) // the flood under way
	var took []time.Duration
	for ctx.Err() == nil {
		t, err := bookAndCancel(base, token, product)
		if err != nil {
			cancel()
			wg.Wait()
			return r, err
		}
		took = append(took, t)
		if err := dateBookingsBack(dbURL); err != nil {
			cancel()
			wg.Wait()
			return r, err
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	if len(took) == 0 {
		return r, fmt.Errorf("no booking made during the flood")
	}
	slices.Sort(took)
	r.bookings = len(took)
	r.p50, r.p99 = took[len(took)/2], took[min(len(took)-1, len(took)*99/100)]
	r.searchOK, r.searchNo = int(ok.Load()), int(no.Load())
	return r, nil
}

// bookingAlone is a booking write's median with nothing else running, for
// scale beside the one under the flood.
func bookingAlone(base, token, product, dbURL string) (time.Duration, error) {
	var took []time.Duration
	for range 15 {
		t, err := bookAndCancel(base, token, product)
		if err != nil {
			return 0, err
		}
		took = append(took, t)
		if err := dateBookingsBack(dbURL); err != nil {
			return 0, err
		}
	}
	slices.Sort(took)
	return took[len(took)/2], nil
}

// dateBookingsBack: the bench's buyer books far more than a person may an
// hour (store.BookingsPerWindow), so its bookings are dated back, untimed.
func dateBookingsBack(dbURL string) error {
	if out, err := sh("psql", dbURL, "-qc", "UPDATE bookings SET created_at = now() - interval '2 hours'"); err != nil {
		return fmt.Errorf("dating bookings back: %v: %s", err, out)
	}
	return nil
}

// someProduct is the id of a product on the first page of the catalogue.
func someProduct(base string) (string, error) {
	res, err := http.Get(base + "/api/products?category=HP")
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var ps []struct {
		ID string `json:"_id"`
	}
	if err := json.NewDecoder(res.Body).Decode(&ps); err != nil || len(ps) == 0 {
		return "", fmt.Errorf("no product to book (%d, %v)", res.StatusCode, err)
	}
	return ps[0].ID, nil
}

// bookAndCancel times one booking write, then cancels it so the next can
// be made.
func bookAndCancel(base, token, product string) (time.Duration, error) {
	body, _ := json.Marshal(map[string]any{"ProductId": product, "number": "01811223344", "meetLocation": "Mirpur 10 circle"})
	req, _ := http.NewRequest(http.MethodPost, base+"/api/bookings", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	took := time.Since(start)
	var out struct {
		InsertedID string `json:"insertedId"`
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || json.Unmarshal(b, &out) != nil {
		return 0, fmt.Errorf("booking answered %d: %s", res.StatusCode, strings.TrimSpace(string(b)))
	}
	del, _ := http.NewRequest(http.MethodDelete, base+"/api/bookings/"+out.InsertedID, nil)
	del.Header.Set("Authorization", "Bearer "+token)
	res, err = http.DefaultClient.Do(del)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	if res.StatusCode >= 300 {
		return 0, fmt.Errorf("cancelling the booking answered %d", res.StatusCode)
	}
	return took, nil
}

// runLimits is `go run ./bench -limits-only`: the two floods alone, on a
// fresh server, printed.
func runLimits(bin string, env []string, dbURL, base string, pid, products int, d time.Duration) error {
	token, err := signUp(base)
	if err != nil {
		return err
	}
	fmt.Println("sending 60 photos of nearly 8 MB at once ...")
	f, err := measureUploadFlood(base, token, pid)
	if err != nil {
		return err
	}
	fmt.Printf("%d uploads of %.1f MB at once: peak memory %d MB, from %d MB before; %d taken, %d refused %v, %d failed, in %s (budget 400 MB)\n",
		f.uploads, float64(f.fileBytes)/(1<<20), f.peakKB/1024, f.beforeKB/1024, f.created, f.busy, f.refusals, f.others, f.took.Round(time.Millisecond))
	s, err := measureSearchFlood(bin, env, dbURL, base, token, products, d)
	if err != nil {
		return err
	}
	fmt.Printf("%d anonymous searches at once at %d products: booking write p99 %s, p50 %s over %d bookings (alone: p50 %s); searches answered %d, refused %d (budget p99 100 ms)\n",
		s.searchers, s.products, s.p99, s.p50, s.bookings, s.alone, s.searchOK, s.searchNo)
	return nil
}
