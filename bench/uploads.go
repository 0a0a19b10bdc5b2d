package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

type uploadResult struct {
	token            string // the seller's, for later signed-in visits
	megapixels       int
	fileBytes        int
	beforeKB, peakKB int
	took             time.Duration
}

// measureUploads signs up a seller and sends four 12-megapixel JPEG photos
// at once, reading the server's peak resident memory (VmHWM) before and
// after.
func measureUploads(base string, pid int) (uploadResult, error) {
	token, err := signUp(base)
	if err != nil {
		return uploadResult{}, err
	}
	photo, err := cameraPhoto(4000, 3000)
	if err != nil {
		return uploadResult{}, err
	}
	r := uploadResult{token: token, megapixels: 12, fileBytes: len(photo), beforeKB: procStatusKB(pid, "VmHWM:")}
	start := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			errs[i] = upload(base, token, photo)
		})
	}
	wg.Wait()
	r.took = time.Since(start)
	for _, err := range errs {
		if err != nil {
			return r, err
		}
	}
	r.peakKB = procStatusKB(pid, "VmHWM:")
	return r, nil
}

func signUp(base string) (string, error) {
	var small bytes.Buffer
	png.Encode(&small, image.NewGray(image.Rect(0, 0, 8, 8)))
	// an address of its own each run: -db measures a database again
	email := fmt.Sprintf("bench-seller-%d@example.com", time.Now().UnixNano())
	body, ctype := form(map[string]string{"userName": "Bench Seller", "email": email, "password": "bench-password-123", "role": "Seller"}, "me.png", small.Bytes())
	res, err := http.Post(base+"/api/auth/signup", ctype, body)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct {
		AccessToken string `json:"accessToken"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("sign-up answered %d", res.StatusCode)
	}
	return out.AccessToken, nil
}

func upload(base, token string, photo []byte) error {
	body, ctype := form(nil, "laptop.jpg", photo)
	req, _ := http.NewRequest(http.MethodPost, base+"/api/images", body)
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("upload answered %d: %s", res.StatusCode, b)
	}
	return nil
}

func form(fields map[string]string, filename string, file []byte) (*bytes.Buffer, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile("image", filename)
	fw.Write(file)
	w.Close()
	return &b, w.FormDataContentType()
}

// cameraPhoto draws a w x h picture with a camera's fine noise (so it
// compresses like a photo, not like a flat drawing) as a JPEG.
func cameraPhoto(w, h int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			n := uint8(rng.IntN(24))
			img.SetRGBA(x, y, color.RGBA{uint8(x*200/w) + n, uint8(y*200/h) + n, 90 + n, 255})
		}
	}
	var b bytes.Buffer
	err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85})
	return b.Bytes(), err
}

// procStatusKB reads one kB figure of /proc/<pid>/status.
func procStatusKB(pid int, field string) int {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field) {
			n, _ := strconv.Atoi(strings.Fields(line)[1])
			return n
		}
	}
	return 0
}
