package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"resale/api"
	"resale/media"
	"resale/store"
	"resale/store/storetest"
)

func TestSignupSignsInWithAPhoto(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Sumi Akter", "Sumi.Akter@Example.com", "Seller")
	u := sess.User
	if sess.AccessToken == "" || u.ID == "" || u.UserName != "Sumi Akter" || u.Email != "sumi.akter@example.com" || u.Role != "Seller" || u.Verify != "" {
		t.Fatalf("session = %+v", sess)
	}
	if !strings.HasPrefix(u.UserPhoto, "/uploads/") || !strings.HasSuffix(u.UserPhoto, ".jpg") {
		t.Fatalf("photo url %q", u.UserPhoto)
	}
	rec := s.get(u.UserPhoto)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" ||
		rec.Header().Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") ||
		!strings.Contains(rec.Header().Get("Content-Security-Policy"), "sandbox") {
		t.Fatalf("photo: %d %v", rec.Code, rec.Header())
	}
	if !bytes.HasPrefix(rec.Body.Bytes(), []byte{0xFF, 0xD8}) {
		t.Fatal("the photo is not a JPEG")
	}

	var me userWire
	rec = s.getAs("/api/me", sess.AccessToken)
	decode(t, rec, &me)
	if rec.Code != http.StatusOK || me != u {
		t.Fatalf("me = %d %+v, want %+v", rec.Code, me, u)
	}
	if strings.Contains(rec.Body.String(), "argon2") || strings.Contains(rec.Body.String(), "password") {
		t.Fatalf("me leaks the password hash: %s", rec.Body.String())
	}
}

func TestSignupRefusesBadForms(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.signup("Taken Name", "taken@example.com", "Buyer")
	good := map[string]string{"userName": "Rafi", "email": "rafi@example.com", "password": "long enough pass", "role": "Buyer"}
	form := func(edit map[string]string) []string {
		var pairs []string
		for _, k := range []string{"userName", "email", "password", "role"} {
			v, ok := edit[k]
			if !ok {
				v = good[k]
			}
			if v != "<omit>" {
				pairs = append(pairs, k, v)
			}
		}
		return pairs
	}
	photo := filePart{"image", "me.jpg", photoJPEG(t)}
	cases := []struct {
		name   string
		edit   map[string]string
		files  []filePart
		status int
		field  string
	}{
		{"no name", map[string]string{"userName": "<omit>"}, []filePart{photo}, 400, "userName"},
		{"blank name", map[string]string{"userName": "   "}, []filePart{photo}, 400, "userName"},
		{"NUL in name", map[string]string{"userName": "Ra\x00fi"}, []filePart{photo}, 400, "userName"},
		{"long name", map[string]string{"userName": strings.Repeat("a", 101)}, []filePart{photo}, 400, "userName"},
		{"no email", map[string]string{"email": "<omit>"}, []filePart{photo}, 400, "email"},
		{"bad email", map[string]string{"email": "rafi at example"}, []filePart{photo}, 400, "email"},
		{"email with a display name", map[string]string{"email": "Rafi <rafi@example.com>"}, []filePart{photo}, 400, "email"},
		{"short password", map[string]string{"password": "short"}, []filePart{photo}, 400, "password"},
		{"huge password", map[string]string{"password": strings.Repeat("p", 300)}, []filePart{photo}, 400, "password"},
		{"common password", map[string]string{"password": "password"}, []filePart{photo}, 400, "password"},
		{"common digits", map[string]string{"password": "12345678"}, []filePart{photo}, 400, "password"},
		{"common password in capitals", map[string]string{"password": "QWERTYUIOP"}, []filePart{photo}, 400, "password"},
		{"eight spaces", map[string]string{"password": "        "}, []filePart{photo}, 400, "password"},
		{"only whitespace", map[string]string{"password": " \t \u3000  \u00a0  "}, []filePart{photo}, 400, "password"},
		{"right-to-left override in name", map[string]string{"userName": "Ra\u202efi"}, []filePart{photo}, 400, "userName"},
		{"zero-width space in name", map[string]string{"userName": "ad\u200bmin"}, []filePart{photo}, 400, "userName"},
		{"isolate in name", map[string]string{"userName": "\u2066Rafi\u2069"}, []filePart{photo}, 400, "userName"},
		{"byte order mark in name", map[string]string{"userName": "\ufeffRafi"}, []filePart{photo}, 400, "userName"},
		{"joiner between Latin letters", map[string]string{"userName": "Ra\u200dfi"}, []filePart{photo}, 400, "userName"},
		{"zero-width space in email", map[string]string{"email": "ra\u200bfi@example.com"}, []filePart{photo}, 400, "email"},
		{"non-joiner in email", map[string]string{"email": "rafi\u200c@example.com"}, []filePart{photo}, 400, "email"},
		{"override in email", map[string]string{"email": "\u202emoc.elpmaxe@ifar"}, []filePart{photo}, 400, "email"},
		{"admin role", map[string]string{"role": "Admin"}, []filePart{photo}, 400, "role"},
		{"no role", map[string]string{"role": "<omit>"}, []filePart{photo}, 400, "role"},
		{"no photo", nil, nil, 400, "image"},
		{"email taken in another case", map[string]string{"email": "TAKEN@example.com"}, []filePart{photo}, 409, "email"},
		{"text file named .jpg", nil, []filePart{{"image", "me.jpg", []byte("I am not a picture, just text.")}}, 415, "image"},
		{"20000x20000 png", nil, []filePart{{"image", "bomb.png", pngHeader(20000, 20000)}}, 413, "image"},
		{"two photos", nil, []filePart{photo, photo}, 400, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := s.postForm("/api/auth/signup", "", form(c.edit), c.files...)
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.status, rec.Body.String())
			}
			var e errorJSON
			decode(t, rec, &e)
			if c.field != "" && e.Fields[c.field] == "" {
				t.Errorf("fields = %v, want a problem for %s", e.Fields, c.field)
			}
		})
	}
	if _, err := s.store.GetUserByEmail(context.Background(), "rafi@example.com"); err == nil {
		t.Error("a refused signup created the account")
	}
}

// Bangla writes some conjuncts with a zero-width non-joiner or joiner
// between its letters: such names are kept exactly as typed.
func TestSignupKeepsBanglaJoiners(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	for i, name := range []string{"আব্দুর রাজ্\u200cজাক", "র\u200d্যাব হোসেন", "সুমাইয়া আক্তার"} {
		sess := s.signup(name, "bangla"+string(rune('a'+i))+"@example.com", "Buyer")
		if sess.User.UserName != name {
			t.Errorf("name %q came back as %q", name, sess.User.UserName)
		}
	}
}

func TestSignupTransportLimits(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	pairs := []string{"userName", "Big", "email", "big@example.com", "password", "long enough pass", "role", "Buyer"}
	// a 9 MB "photo"
	huge := append(photoJPEG(t), make([]byte, 9<<20)...)
	wantError(t, s.postForm("/api/auth/signup", "", pairs, filePart{"image", "big.jpg", huge}), http.StatusRequestEntityTooLarge, "too_large")
	// the file name is never used: a path in it is harmless
	rec := s.postForm("/api/auth/signup", "", pairs, filePart{"image", "../../../../etc/passwd.jpg", photoJPEG(t)})
	if rec.Code != http.StatusCreated {
		t.Fatalf("path in file name: %d %s", rec.Code, rec.Body.String())
	}
	var sess sessionWire
	decode(t, rec, &sess)
	if strings.Contains(sess.User.UserPhoto, "passwd") || strings.Contains(sess.User.UserPhoto, "..") {
		t.Errorf("photo url %q", sess.User.UserPhoto)
	}
	// JSON is not how the form is sent
	wantError(t, s.postJSON("/api/auth/signup", "", map[string]string{"email": "x@example.com"}), http.StatusUnsupportedMediaType, "unsupported_media_type")
	// unknown fields are refused
	extra := append(append([]string{}, pairs...), "verify", "verify")
	wantError(t, s.postForm("/api/auth/signup", "", extra, filePart{"image", "a.jpg", photoJPEG(t)}), http.StatusBadRequest, "invalid")
}

func TestLogin(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	made := s.signup("Nadia Islam", "nadia@example.com", "Buyer")

	var sess sessionWire
	rec := s.postJSON("/api/auth/login", "", map[string]string{"email": " NADIA@example.com ", "password": "correct horse battery"})
	decode(t, rec, &sess)
	if rec.Code != http.StatusOK || sess.AccessToken == "" || sess.User != made.User {
		t.Fatalf("login = %d %+v", rec.Code, sess)
	}
	if me := s.getAs("/api/me", sess.AccessToken); me.Code != http.StatusOK {
		t.Fatalf("token from login: %d", me.Code)
	}

	wrong := wantError(t, s.postJSON("/api/auth/login", "", map[string]string{"email": "nadia@example.com", "password": "wrong password"}), http.StatusUnauthorized, "unauthorized")
	unknown := wantError(t, s.postJSON("/api/auth/login", "", map[string]string{"email": "nobody@example.com", "password": "wrong password"}), http.StatusUnauthorized, "unauthorized")
	if wrong.Message != "Invalid email or password" || unknown.Message != wrong.Message {
		t.Errorf("messages differ: %q vs %q", wrong.Message, unknown.Message)
	}

	// an account made by Google sign-in has no password: none works
	if _, err := s.store.CreateUser(context.Background(), store.NewUser{Name: "G", Email: "g@example.com", Role: store.RoleBuyer, OIDCSubject: "iss g"}); err != nil {
		t.Fatal(err)
	}
	for _, pw := range []string{"correct horse battery", "anything else"} {
		wantError(t, s.postJSON("/api/auth/login", "", map[string]string{"email": "g@example.com", "password": pw}), http.StatusUnauthorized, "unauthorized")
	}

	for _, c := range []struct {
		name, body string
		status     int
	}{
		{"not json", "email=a", 400},
		{"unknown field", `{"email":"nadia@example.com","password":"x","role":"Admin"}`, 400},
		{"wrong type", `{"email":1,"password":"x"}`, 400},
		{"two objects", `{"email":"a@b.c","password":"x"}{}`, 400},
		{"empty", ``, 400},
		{"no password", `{"email":"nadia@example.com"}`, 400},
		{"huge password", `{"email":"nadia@example.com","password":"` + strings.Repeat("x", 5000) + `"}`, 400},
		{"oversized body", `{"email":"` + strings.Repeat("x", 70<<10) + `","password":"x"}`, 413},
	} {
		rec := s.do(http.MethodPost, "/api/auth/login", strings.NewReader(c.body), nil)
		if rec.Code != c.status {
			t.Errorf("%s: %d, want %d: %s", c.name, rec.Code, c.status, rec.Body.String())
		}
	}
	rec = s.do(http.MethodPost, "/api/auth/login", strings.NewReader(`{}`), http.Header{"Content-Type": {"text/plain"}})
	wantError(t, rec, http.StatusUnsupportedMediaType, "unsupported_media_type")
}

// Repeated failures lock the account for a while (429, with Retry-After),
// even with the right password and a forged X-Forwarded-For; once the lock
// runs out the owner gets in.
func TestLoginThrottling(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.signup("Karim", "karim@example.com", "Buyer")
	try := func(password, xff string) int {
		h := http.Header{"Content-Type": {"application/json"}, "X-Forwarded-For": {xff}}
		return s.do(http.MethodPost, "/api/auth/login", strings.NewReader(`{"email":"karim@example.com","password":"`+password+`"}`), h).Code
	}
	for i := 0; i < store.LoginLockThreshold; i++ {
		if code := try("guess", "10.0.0."+string(rune('1'+i))); code != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d", i+1, code)
		}
	}
	h := http.Header{"Content-Type": {"application/json"}, "X-Forwarded-For": {"10.9.9.9"}}
	rec := s.do(http.MethodPost, "/api/auth/login", strings.NewReader(`{"email":"karim@example.com","password":"correct horse battery"}`), h)
	e := wantError(t, rec, http.StatusTooManyRequests, "throttled")
	if rec.Header().Get("Retry-After") == "" || !strings.Contains(e.Message, "Too many failed log-ins") {
		t.Errorf("429 without Retry-After or message: %v %q", rec.Header(), e.Message)
	}
	// another account from the same address is not locked by this one
	s.signup("Other", "other@example.com", "Buyer")
	if code := s.postJSON("/api/auth/login", "", map[string]string{"email": "other@example.com", "password": "correct horse battery"}).Code; code != http.StatusOK {
		t.Errorf("another account: %d", code)
	}
	// the lock is short: when it has run out, the right password works
	expireLocks(t, s)
	if code := try("correct horse battery", ""); code != http.StatusOK {
		t.Fatalf("after the lock: %d", code)
	}
}

func TestLogoutRevokesTokens(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Leaving", "leaving@example.com", "Buyer")
	other := s.postJSON("/api/auth/login", "", map[string]string{"email": "leaving@example.com", "password": "correct horse battery"})
	var second sessionWire
	decode(t, other, &second)

	wantError(t, s.postJSON("/api/auth/logout", "", nil), http.StatusUnauthorized, "unauthorized")
	if rec := s.do(http.MethodPost, "/api/auth/logout", nil, http.Header{"Authorization": {"Bearer " + sess.AccessToken}}); rec.Code != http.StatusNoContent {
		t.Fatalf("logout: %d %s", rec.Code, rec.Body.String())
	}
	for _, tok := range []string{sess.AccessToken, second.AccessToken} {
		wantError(t, s.getAs("/api/me", tok), http.StatusUnauthorized, "unauthorized")
	}
}

func TestConfig(t *testing.T) {
	t.Parallel()
	var cfg struct {
		StripePublishableKey *string `json:"stripePublishableKey"`
		Currency             string  `json:"currency"`
		GoogleEnabled        bool    `json:"googleEnabled"`
	}
	rec := newTestServer(t).get("/api/config")
	decode(t, rec, &cfg)
	if rec.Code != 200 || cfg.StripePublishableKey != nil || cfg.Currency != "bdt" || cfg.GoogleEnabled {
		t.Fatalf("config = %d %+v", rec.Code, cfg)
	}
}

func TestRoleLookups(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	buyer := s.signup("Bea Buyer", "bea@example.com", "Buyer")
	seller := s.signup("Sam Seller", "sam@example.com", "Seller")
	adminSess := s.signup("Ada Admin", "ada@example.com", "Buyer")
	if _, err := s.store.GrantAdmin(context.Background(), "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	admin := adminSess.AccessToken

	cases := []struct {
		name, path, token string
		status            int
		key               string
		want              bool
	}{
		{"anonymous", "/api/users/seller/sam@example.com", "", 401, "", false},
		{"seller asks about self", "/api/users/seller/sam@example.com", seller.AccessToken, 200, "Seller", true},
		{"seller asks about self, encoded", "/api/users/seller/sam%40example.com", seller.AccessToken, 200, "Seller", true},
		{"seller asks admin of self", "/api/users/admin/sam@example.com", seller.AccessToken, 200, "Admin", false},
		{"buyer asks about self", "/api/users/seller/BEA@example.com", buyer.AccessToken, 200, "Seller", false},
		{"buyer asks about another", "/api/users/seller/sam@example.com", buyer.AccessToken, 403, "", false},
		{"admin asks about self", "/api/users/admin/ada@example.com", admin, 200, "Admin", true},
		{"admin asks about a seller", "/api/users/seller/sam@example.com", admin, 200, "Seller", true},
		{"admin asks about nobody", "/api/users/seller/none@example.com", admin, 404, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := http.Header{}
			if c.token != "" {
				h.Set("Authorization", "Bearer "+c.token)
			}
			rec := s.do(http.MethodGet, c.path, nil, h)
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.status, rec.Body.String())
			}
			if c.key != "" {
				var got map[string]bool
				decode(t, rec, &got)
				if v, ok := got[c.key]; !ok || v != c.want {
					t.Errorf("%s = %v (present %v), want %v", c.key, v, ok, c.want)
				}
			}
		})
	}

	var u userWire
	rec := s.getAs("/api/user?email=bea@example.com", buyer.AccessToken)
	decode(t, rec, &u)
	if rec.Code != 200 || u.Email != "bea@example.com" {
		t.Errorf("user self = %d %+v", rec.Code, u)
	}
	wantError(t, s.getAs("/api/user?email=sam@example.com", buyer.AccessToken), 403, "forbidden")
	wantError(t, s.getAs("/api/user?email=bea@example.com&email=sam@example.com", buyer.AccessToken), 400, "invalid")
	rec = s.getAs("/api/user?email=sam@example.com", admin)
	decode(t, rec, &u)
	if rec.Code != 200 || u.Role != "Seller" {
		t.Errorf("admin reads a seller = %d %+v", rec.Code, u)
	}
	wantError(t, s.get("/api/user?email=bea@example.com"), 401, "unauthorized")
}

func TestImageUpload(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	sess := s.signup("Photo Taker", "photo@example.com", "Seller")

	wantError(t, s.postForm("/api/images", "", nil, filePart{"image", "a.jpg", photoJPEG(t)}), 401, "unauthorized")
	rec := s.postForm("/api/images", sess.AccessToken, nil, filePart{"image", "a.jpg", photoJPEG(t)})
	var up struct {
		Success bool `json:"success"`
		Data    struct {
			URL string `json:"url"`
		} `json:"data"`
	}
	decode(t, rec, &up)
	if rec.Code != http.StatusCreated || !up.Success || !strings.HasPrefix(up.Data.URL, "/uploads/") {
		t.Fatalf("upload = %d %+v", rec.Code, up)
	}
	if ok, err := s.store.ImageExists(context.Background(), strings.TrimPrefix(up.Data.URL, "/uploads/")); err != nil || !ok {
		t.Errorf("image not recorded: %v %v", ok, err)
	}
	if got := s.get(up.Data.URL); got.Code != 200 || got.Header().Get("Content-Type") != "image/jpeg" {
		t.Errorf("serving = %d", got.Code)
	}
	// a polyglot: JPEG magic followed by HTML comes back re-encoded or refused, never as HTML
	poly := append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, []byte("<html><script>alert(1)</script></html>")...)
	wantError(t, s.postForm("/api/images", sess.AccessToken, nil, filePart{"image", "x.html", poly}), http.StatusUnsupportedMediaType, "unsupported_media_type")
	wantError(t, s.postForm("/api/images", sess.AccessToken, nil), http.StatusBadRequest, "invalid")

	for _, path := range []string{"/uploads/../../etc/passwd", "/uploads/nothere.jpg", "/uploads/0123456789abcdef0123456789abcdef.jpg"} {
		if rec := s.get(path); rec.Code != http.StatusNotFound {
			t.Errorf("%s = %d", path, rec.Code)
		}
	}
}

// pngHeader is a PNG whose header claims w×h pixels: a decompression bomb.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func expireLocks(t *testing.T, s *testServer) {
	t.Helper()
	s.exec("UPDATE login_throttle SET locked_until = now() - interval '1 second'")
}

// Every photo has a thumbnail for lists at ?w=640, made at upload or, for
// a photo stored without one, on its first request and kept.
func TestPhotoThumbnails(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	uploads, err := media.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServerWith(t, storetest.Store(t), func(o *api.Options) {
		o.Uploads = uploads
		o.RequestTimeout = time.Minute // a big photo under the race detector on a busy machine
	})
	sess := s.signup("Photo Taker", "photo@example.com", "Seller")
	big := image.NewRGBA(image.Rect(0, 0, 1700, 850))
	for i := range big.Pix {
		big.Pix[i] = uint8(i % 253)
	}
	var raw bytes.Buffer
	if err := jpeg.Encode(&raw, big, nil); err != nil {
		t.Fatal(err)
	}
	rec := s.postForm("/api/images", sess.AccessToken, nil, filePart{"image", "a.jpg", raw.Bytes()})
	var up struct {
		Data struct {
			URL string `json:"url"`
		} `json:"data"`
	}
	decode(t, rec, &up)
	if rec.Code != http.StatusCreated || up.Data.URL == "" {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body.String())
	}
	size := func(rec *httptest.ResponseRecorder) image.Point {
		t.Helper()
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("answer %d %v", rec.Code, rec.Header())
		}
		cfg, err := jpeg.DecodeConfig(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		return image.Pt(cfg.Width, cfg.Height)
	}
	if got := size(s.get(up.Data.URL)); got != image.Pt(1600, 800) {
		t.Errorf("photo %v, want 1600×800", got)
	}
	thumb := s.get(up.Data.URL + "?w=640")
	if got := size(thumb); got != image.Pt(640, 320) {
		t.Errorf("thumbnail %v, want 640×320", got)
	}
	if thumb.Header().Get("ETag") == s.get(up.Data.URL).Header().Get("ETag") {
		t.Error("the thumbnail shares the photo's ETag")
	}
	// a photo stored before thumbnails: made on the first request, kept
	key := strings.TrimPrefix(up.Data.URL, "/uploads/")
	if err := os.Remove(filepath.Join(dir, media.ThumbKey(key))); err != nil {
		t.Fatal(err)
	}
	if got := size(s.get(up.Data.URL + "?w=640")); got != image.Pt(640, 320) {
		t.Errorf("remade thumbnail %v, want 640×320", got)
	}
	if f, err := uploads.Open(context.Background(), media.ThumbKey(key)); err != nil {
		t.Errorf("the remade thumbnail was not kept: %v", err)
	} else {
		f.Close()
	}
	for _, path := range []string{up.Data.URL + "?w=641", up.Data.URL + "?w=640&w=640", "/uploads/0123456789abcdef0123456789abcdef.jpg?w=640"} {
		if rec := s.get(path); rec.Code != http.StatusNotFound {
			t.Errorf("%s = %d, want 404", path, rec.Code)
		}
	}
}
