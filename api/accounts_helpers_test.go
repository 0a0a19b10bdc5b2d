package api_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
)

type userWire struct {
	ID        string `json:"_id"`
	UserName  string `json:"userName"`
	Email     string `json:"email"`
	UserPhoto string `json:"userPhoto"`
	Role      string `json:"role"`
	Verify    string `json:"verify"`

	EmailVerified bool   `json:"emailVerified"`
	Language      string `json:"language"`
	Phone         string `json:"phone"`
	PhoneVerified bool   `json:"phoneVerified"`
}

type sessionWire struct {
	AccessToken string   `json:"accessToken"`
	User        userWire `json:"user"`
}

// photoJPEG is a small real photo.
func photoJPEG(t testing.TB) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.RGBA{uint8(4 * x), uint8(5 * y), 90, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type filePart struct {
	field, name string
	data        []byte
}

// multipartBody builds a form with text fields (in the order given as
// key, value pairs) and files.
func multipartBody(t testing.TB, pairs []string, files ...filePart) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := w.WriteField(pairs[i], pairs[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		fw, err := w.CreateFormFile(f.field, f.name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(f.data)
	}
	w.Close()
	return &b, w.FormDataContentType()
}

func (s *testServer) postForm(path, token string, pairs []string, files ...filePart) *httptest.ResponseRecorder {
	s.t.Helper()
	body, ctype := multipartBody(s.t, pairs, files...)
	h := http.Header{"Content-Type": {ctype}}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return s.do(http.MethodPost, path, body, h)
}

func (s *testServer) postJSON(path, token string, v any) *httptest.ResponseRecorder {
	s.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		s.t.Fatal(err)
	}
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return s.do(http.MethodPost, path, bytes.NewReader(b), h)
}

func (s *testServer) getAs(path, token string) *httptest.ResponseRecorder {
	s.t.Helper()
	return s.do(http.MethodGet, path, nil, http.Header{"Authorization": {"Bearer " + token}})
}

// signup makes an account through the API and returns its session.
func (s *testServer) signup(name, email, role string) sessionWire {
	s.t.Helper()
	rec := s.postForm("/api/auth/signup", "", []string{"userName", name, "email", email, "password", "correct horse battery", "role", role},
		filePart{"image", "me.jpg", photoJPEG(s.t)})
	if rec.Code != http.StatusCreated {
		s.t.Fatalf("signup %s: %d %s", email, rec.Code, rec.Body.String())
	}
	var sess sessionWire
	decode(s.t, rec, &sess)
	return sess
}
