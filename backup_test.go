package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"resale/internal/testio"
	"resale/media/s3test"
	"resale/payments/stripetest"
	"resale/store"
	"resale/store/storetest"
)

// photoForm is an upload form with a photo of its own colour.
func photoForm(t *testing.T, shade uint8) (*bytes.Buffer, string) {
	img := image.NewRGBA(image.Rect(0, 0, 80, 60))
	for y := range 60 {
		for x := range 80 {
			img.Set(x, y, color.RGBA{shade, uint8(3 * x), uint8(4 * y), 255})
		}
	}
	var photo, form bytes.Buffer
	if err := jpeg.Encode(&photo, img, nil); err != nil {
		t.Error(err)
	}
	w := multipart.NewWriter(&form)
	fw, _ := w.CreateFormFile("image", "laptop.jpg")
	fw.Write(photo.Bytes())
	w.Close()
	return &form, w.FormDataContentType()
}

// uploadPhoto uploads a photo of its own colour and returns its address.
func uploadPhoto(t *testing.T, base, token string, shade uint8) string {
	t.Helper()
	form, ct := photoForm(t, shade)
	code, _, body := call(t, http.MethodPost, base+"/api/images", token, form, http.Header{"Content-Type": {ct}})
	if code != http.StatusCreated && code != http.StatusOK {
		t.Fatalf("upload: %d %s", code, body)
	}
	var up struct {
		Data struct {
			URL string `json:"url"`
		} `json:"data"`
	}
	mustDecode(t, body, &up)
	return up.Data.URL
}

// shop is what fillShop made: the sessions, and the addresses whose
// answers a restored copy must give alike.
type shop struct {
	seller, buyer, admin session
	products             []string
	photos               []string
	// reads are [token, path] pairs of API reads to compare
	reads [][2]string
}

// fillShop makes a small shop through the API of the instance at base:
// a seller with two laptops and three photos, a buyer who booked both and
// paid for one, a conversation, and an admin (granted through vars).
func fillShop(t *testing.T, base string, stripe *stripetest.Server, vars map[string]string) *shop {
	t.Helper()
	s := &shop{
		seller: signUp(t, base, "Sam Seller", "sam@example.com", "Seller"),
		buyer:  signUp(t, base, "Bea Buyer", "bea@example.com", "Buyer"),
		admin:  signUp(t, base, "Ada Admin", "ada@example.com", "Buyer"),
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"admin", "grant", "ada@example.com"}, env(vars), &out, &errOut); code != 0 {
		t.Fatalf("admin grant: %d %s", code, errOut.String())
	}
	for i := range 3 {
		s.photos = append(s.photos, uploadPhoto(t, base, s.seller.AccessToken, uint8(60*i+30)))
	}
	s.products = listTwoLaptops(t, base, s.seller.AccessToken, s.photos)
	bookings := bookEach(t, base, s.buyer.AccessToken, s.products)
	// the first laptop paid for by card
	payByCard(t, base, stripe, s.buyer.AccessToken, bookings[0], s.products[0])
	// a conversation about the second
	code, body := postJSON(t, base+"/api/conversations", s.buyer.AccessToken, map[string]any{"productId": s.products[1], "text": "Is the battery still good?"})
	if code != http.StatusCreated && code != http.StatusOK {
		t.Fatalf("conversation: %d %s", code, body)
	}
	var conv struct {
		ID string `json:"_id"`
	}
	mustDecode(t, body, &conv)

	s.reads = [][2]string{
		{"", "/api/products"},
		{"", "/api/products/" + s.products[1]},
		{"", "/api/categorys"},
		{s.buyer.AccessToken, "/api/bookings"},
		{s.seller.AccessToken, "/api/leads"},
		{s.seller.AccessToken, "/api/userProducts"},
		{s.admin.AccessToken, "/api/payments"},
		{s.admin.AccessToken, "/api/users"},
		{s.buyer.AccessToken, "/api/conversations"},
		{s.seller.AccessToken, "/api/conversations/" + conv.ID + "/messages"},
		{s.seller.AccessToken, "/api/notifications"},
	}
	return s
}

// listTwoLaptops lists an HP with the first two photos and an ASUS with
// the third for the seller (token), and returns their ids.
func listTwoLaptops(t *testing.T, base, token string, photos []string) []string {
	t.Helper()
	var ids []string
	for i, p := range []map[string]any{
		{"productName": "HP EliteBook 840 G5", "photos": photos[:2], "sellPrice": 38000, "orginalPrice": 95000,
			"category": "HP", "condition": "good", "location": "Mirpur, Dhaka", "used": "3", "number": "01711-000000",
			"description": "8 GB RAM, 256 GB SSD"},
		{"productName": "ASUS VivoBook 15", "photos": photos[2:], "sellPrice": 42000, "orginalPrice": 70000,
			"category": "ASUS", "condition": "excellent", "location": "Dhanmondi, Dhaka", "used": "1", "number": "01711-000001"},
	} {
		p["picture"] = p["photos"].([]string)[0]
		code, body := postJSON(t, base+"/api/products", token, p)
		if code != http.StatusCreated {
			t.Fatalf("product %d: %d %s", i, code, body)
		}
		var created struct {
			InsertedID string `json:"insertedId"`
		}
		mustDecode(t, body, &created)
		ids = append(ids, created.InsertedID)
	}
	return ids
}

// bookEach books each product for the buyer (token) and returns the
// bookings' ids.
func bookEach(t *testing.T, base, token string, products []string) []string {
	t.Helper()
	var bookings []string
	for _, id := range products {
		code, body := postJSON(t, base+"/api/bookings", token, map[string]any{
			"ProductId": id, "number": "01811223344", "meetLocation": "Mirpur 10 circle",
		})
		if code != http.StatusCreated {
			t.Fatalf("book: %d %s", code, body)
		}
		var b struct {
			InsertedID string `json:"insertedId"`
		}
		mustDecode(t, body, &b)
		bookings = append(bookings, b.InsertedID)
	}
	return bookings
}

// payByCard pays the buyer's (token) booking of product, a 38,000 Tk
// laptop, by card: the stand-in Stripe says the payment succeeded.
func payByCard(t *testing.T, base string, stripe *stripetest.Server, token, booking, product string) {
	t.Helper()
	code, body := postJSON(t, base+"/api/create-payment-intent", token, map[string]any{"bookingId": booking, "price": 38000})
	if code != http.StatusOK {
		t.Fatalf("create-payment-intent: %d %s", code, body)
	}
	var intent struct {
		ClientSecret string `json:"clientSecret"`
	}
	mustDecode(t, body, &intent)
	pi, _, _ := strings.Cut(intent.ClientSecret, "_secret_")
	stripe.Succeed(pi)
	code, body = postJSON(t, base+"/api/payments", token, map[string]any{
		"bookingId": booking, "transactionId": pi, "ProductId": product, "price": 38000, "buyerEmail": "bea@example.com"})
	if code != http.StatusOK {
		t.Fatalf("payment: %d %s", code, body)
	}
}

// checkSameShop compares what two instances answer for the shop's reads
// and photos: the restored copy must be the same shop.
func checkSameShop(t *testing.T, s *shop, from, restored string) {
	t.Helper()
	for _, r := range s.reads {
		code, _, want := call(t, http.MethodGet, from+r[1], r[0], nil, nil)
		code2, _, got := call(t, http.MethodGet, restored+r[1], r[0], nil, nil)
		if code != http.StatusOK || code2 != code || !bytes.Equal(got, want) {
			t.Errorf("GET %s: restored %d %s\nwant %d %s", r[1], code2, got, code, want)
		}
	}
	var products []struct {
		ID string `json:"_id"`
	}
	_, _, body := call(t, http.MethodGet, restored+"/api/products", "", nil, nil)
	mustDecode(t, body, &products)
	if len(products) != 1 || products[0].ID != s.products[1] {
		t.Errorf("restored catalogue %s, want the unsold laptop %s only", body, s.products[1])
	}
	for _, p := range append(s.photos, s.seller.User.UserPhoto, s.buyer.User.UserPhoto) {
		code, _, want := call(t, http.MethodGet, from+p, "", nil, nil)
		code2, _, got := call(t, http.MethodGet, restored+p, "", nil, nil)
		if code != http.StatusOK || code2 != http.StatusOK || !bytes.Equal(got, want) || len(got) == 0 {
			t.Errorf("photo %s: restored %d, %d bytes; original %d, %d bytes", p, code2, len(got), code, len(want))
		}
	}
}

// backupRoundTrip fills a shop on an instance with the given photo
// settings, backs it up while it serves, restores it into an empty
// database and the other photo settings, and serves the copy. It returns
// the first shop's settings and the backup, once both instances stopped.
func backupRoundTrip(t *testing.T, fromPhotos, toPhotos map[string]string) (map[string]string, string) {
	stripe := stripetest.New(t)
	common := map[string]string{
		"JWT_SECRET":             strings.Repeat("s", 32),
		"STRIPE_SECRET_KEY":      "sk_test_fake",
		"STRIPE_PUBLISHABLE_KEY": "pk_test_fake",
		"STRIPE_API_BASE":        stripe.URL,
		"RECONCILE_INTERVAL":     "1h",
		// the same shop address, which some answers carry
		"PUBLIC_URL": "http://shop.test",
	}
	fromVars := mergeSettings(common, fromPhotos, map[string]string{"DATABASE_URL": storetest.EmptyURL(t)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	from := startInstances(t, ctx, 1, fromVars)[0]
	fromVars["DATA_DIR"] = from.dataDir
	s := fillShop(t, from.base, stripe, fromVars)
	dir := backupWhileUploading(t, ctx, from.base, s.seller.AccessToken, fromVars)

	toVars := mergeSettings(common, toPhotos, map[string]string{"DATABASE_URL": storetest.EmptyURL(t), "DATA_DIR": t.TempDir()})
	out, errOut := &testio.Buffer{}, &testio.Buffer{}
	if code := run(ctx, []string{"restore", "--from", dir}, env(toVars), out, errOut); code != 0 {
		t.Fatalf("restore: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "restored from "+dir) {
		t.Errorf("restore said %q", out.String())
	}
	restored := startInstances(t, ctx, 1, toVars)[0]
	checkSameShop(t, s, from.base, restored.base)
	t.Run("every photo the restored database names is served", func(t *testing.T) {
		checkRestoredPhotosServed(t, toVars["DATABASE_URL"], restored.base, dir)
	})

	cancel()
	for _, in := range []*instance{from, restored} {
		select {
		case code := <-in.done:
			if code != 0 {
				t.Errorf("exit %d; logs:\n%s", code, in.logs)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("an instance did not stop; logs:\n%s", in.logs)
		}
		if strings.Contains(in.logs.String(), "level=ERROR") {
			t.Errorf("errors logged:\n%s", in.logs)
		}
	}
	return fromVars, dir
}

// mergeSettings is the settings of all ms, a later one winning.
func mergeSettings(ms ...map[string]string) map[string]string {
	m := map[string]string{}
	for _, e := range ms {
		for k, v := range e {
			m[k] = v
		}
	}
	return m
}

// backupWhileUploading backs up the instance at base (of vars) while the
// seller (token) keeps uploading photos, checks what the backup says and
// holds, and returns its folder.
func backupWhileUploading(t *testing.T, ctx context.Context, base, token string, vars map[string]string) string {
	t.Helper()
	// Photos keep being uploaded while the backup runs: the backup may
	// hold some the dump does not name, never miss one it names. The backup
	// starts once the first of them is in, so the restored shop has one
	// more than fillShop's however fast the backup is (it once ended before
	// any upload did).
	uploading, stopUploads := context.WithCancel(ctx)
	var uploads sync.WaitGroup
	firstIn := make(chan struct{})
	var once sync.Once
	oneIn := func() { once.Do(func() { close(firstIn) }) }
	uploads.Go(func() {
		defer oneIn() // failed before one was in: the backup goes on
		for shade := uint8(200); uploading.Err() == nil; shade++ {
			form, ct := photoForm(t, shade)
			req, _ := http.NewRequest(http.MethodPost, base+"/api/images", form)
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Errorf("upload during the backup: %v", err)
				return
			}
			res.Body.Close()
			if res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK {
				t.Errorf("upload during the backup: %d", res.StatusCode)
				return
			}
			oneIn()
		}
	})
	<-firstIn
	dir := filepath.Join(t.TempDir(), "backups", "first")
	out, errOut := &testio.Buffer{}, &testio.Buffer{}
	code := run(ctx, []string{"backup", "--to", dir}, env(vars), out, errOut)
	stopUploads()
	uploads.Wait()
	if code != 0 {
		t.Fatalf("backup: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "3 users, 2 products, 2 bookings, 1 payments, ") {
		t.Errorf("backup said %q", out.String())
	}
	for _, name := range []string{"manifest.json", "database.dump", "photos"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("the backup lacks %s: %v", name, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".*partial*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	return dir
}

// checkRestoredPhotosServed: every photo the restored database (dbURL)
// names is served by the restored instance at base; dir is the backup.
func checkRestoredPhotosServed(t *testing.T, dbURL, base, dir string) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, "SELECT key FROM images")
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(keys) < 5 {
		t.Fatalf("%d photos in the restored database (%v)", len(keys), err)
	}
	for _, k := range keys {
		if code, _, _ := call(t, http.MethodGet, base+"/uploads/"+k, "", nil, nil); code != http.StatusOK {
			t.Errorf("/uploads/%s: %d", k, code)
		}
	}
	var m struct {
		Photos []struct{ Name string }
	}
	b, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	mustDecode(t, b, &m)
	t.Logf("%d photos in the restored database, %d in the backup (uploads went on during it)", len(keys), len(m.Photos))
}

// A shop with its photos in a local folder, backed up while it serves and
// restored into an empty database and a new folder, is the same shop.
func TestBackupAndRestore(t *testing.T) {
	t.Parallel()
	requirePgTools(t)
	vars, dir := backupRoundTrip(t, nil, nil)
	if !t.Failed() {
		testRefusals(t, vars, dir)
	}
}

// The same with the photos in an S3 bucket, restored into another bucket.
func TestBackupAndRestoreS3(t *testing.T) {
	t.Parallel()
	requirePgTools(t)
	s3 := s3test.Start(t) // skips without S3_SERVER_BIN
	to := s3.Env()
	to["S3_BUCKET"] = "resale-restored"
	backupRoundTrip(t, s3.Env(), to)
}

func requirePgTools(t *testing.T) {
	t.Helper()
	for _, name := range []string{"pg_dump", "pg_restore", "psql"} {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("%s is not installed (apt-get install postgresql-client)", name)
		}
	}
}

// fingerprint is every table's rows, hashed: equal fingerprints are an
// untouched database.
func fingerprint(t *testing.T, dbURL string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY 1")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, tbl := range tables {
		var sum *string
		q := fmt.Sprintf("SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) FROM public.%s t", pgx.Identifier{tbl}.Sanitize())
		if err := conn.QueryRow(ctx, q).Scan(&sum); err != nil {
			t.Fatal(err)
		}
		if sum == nil {
			sum = new(string)
		}
		fmt.Fprintf(&b, "%s=%s;", tbl, *sum)
	}
	return b.String()
}

func listDir(t *testing.T, dir string) string {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

// testRefusals tries bad input on the shop of vars and its backup good:
// one line saying what is wrong, and nothing changed.
func testRefusals(t *testing.T, vars map[string]string, good string) {
	r := &refusals{good: good}
	t.Run("backup to a place it cannot write", func(t *testing.T) {
		r.backupUnwritable(t, vars)
	})
	// an empty database and upload folder to restore into, which each
	// refusal must leave so
	target := map[string]string{"DATABASE_URL": storetest.EmptyURL(t), "DATA_DIR": t.TempDir()}
	r.restoreDamaged(t, target)
	t.Run("into a database that holds a shop", func(t *testing.T) {
		r.refused(t, vars, good, "resale: restore: the database is not empty (", "2 products, 2 bookings, 1 payments): restore refuses to replace it without --force")
	})
	t.Run("into an upload folder with other photos", func(t *testing.T) {
		other := map[string]string{"DATABASE_URL": storetest.EmptyURL(t), "DATA_DIR": t.TempDir()}
		os.MkdirAll(filepath.Join(other["DATA_DIR"], "uploads"), 0o700)
		os.WriteFile(filepath.Join(other["DATA_DIR"], "uploads", strings.Repeat("ab", 16)+".jpg"), []byte("someone's photo"), 0o600)
		r.refused(t, other, good, "resale: restore: the folder ", "holds 1 photos that are not in the backup: restore refuses to mix them in without --force")
	})
	t.Run("--force replaces the shop and says so", func(t *testing.T) {
		r.forceReplaces(t, vars)
	})
}

// refusals runs the commands of testRefusals against its good backup.
type refusals struct {
	good        string
	out, errOut bytes.Buffer
}

// cmd runs resale with vars and args; it returns the exit code and
// stderr, and keeps stdout in r.out.
func (r *refusals) cmd(vars map[string]string, args ...string) (int, string) {
	r.out.Reset()
	r.errOut.Reset()
	code := run(context.Background(), args, env(vars), &r.out, &r.errOut)
	return code, r.errOut.String()
}

// oneLine wants a refusal: exit 1 and one line starting with prefix that
// holds want.
func oneLine(t *testing.T, what string, code int, stderr, prefix, want string) {
	t.Helper()
	if code != 1 || !strings.HasPrefix(stderr, prefix) || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%s: exit %d, stderr %q; want one line starting %q with %q", what, code, stderr, prefix, want)
	}
}

// backupUnwritable: a backup under a file, into a read-only folder, over
// a backup, or with no --to, is refused.
func (r *refusals) backupUnwritable(t *testing.T, vars map[string]string) {
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, []byte("x"), 0o600)
	code, stderr := r.cmd(vars, "backup", "--to", filepath.Join(file, "backup"))
	oneLine(t, "under a file", code, stderr, "resale: backup: cannot ", "not a directory")
	if os.Geteuid() != 0 { // root writes anywhere
		ro := t.TempDir()
		os.Chmod(ro, 0o500)
		defer os.Chmod(ro, 0o700)
		code, stderr = r.cmd(vars, "backup", "--to", filepath.Join(ro, "backup"))
		oneLine(t, "read-only folder", code, stderr, "resale: backup: cannot write in ", "permission denied")
	}
	code, stderr = r.cmd(vars, "backup", "--to", r.good)
	oneLine(t, "over a backup", code, stderr, "resale: backup: ", "already exists and is not empty")
	if code, stderr := r.cmd(vars, "backup"); code != 2 || !strings.Contains(stderr, "backup takes --to DIR") {
		t.Errorf("no --to: %d %q", code, stderr)
	}
}

// damaged is a copy of the good backup, changed.
func (r *refusals) damaged(t *testing.T, change func(dir string)) string {
	dir := filepath.Join(t.TempDir(), "copy")
	if err := os.CopyFS(dir, os.DirFS(r.good)); err != nil {
		t.Fatal(err)
	}
	change(dir)
	return dir
}

// refused restores dir into vars' database and upload folder and wants
// one line of refusal and both unchanged.
func (r *refusals) refused(t *testing.T, vars map[string]string, dir, prefix, want string) {
	t.Helper()
	before, photos := fingerprint(t, vars["DATABASE_URL"]), listDir(t, filepath.Join(vars["DATA_DIR"], "uploads"))
	code, stderr := r.cmd(vars, "restore", "--from", dir)
	oneLine(t, "restore", code, stderr, prefix, want)
	if after := fingerprint(t, vars["DATABASE_URL"]); after != before {
		t.Errorf("the database changed:\nbefore %s\nafter  %s", before, after)
	}
	if after := listDir(t, filepath.Join(vars["DATA_DIR"], "uploads")); after != photos {
		t.Errorf("the upload folder changed: %s, was %s", after, photos)
	}
}

// restoreDamaged: a backup without its manifest, with its manifest, a
// photo or the dump damaged, or with counts the dump does not have, is
// refused and the empty target left so.
func (r *refusals) restoreDamaged(t *testing.T, target map[string]string) {
	t.Run("no manifest", func(t *testing.T) {
		dir := r.damaged(t, func(dir string) { os.Remove(filepath.Join(dir, "manifest.json")) })
		r.refused(t, target, dir, "resale: restore: ", "has no manifest.json")
		r.refused(t, target, filepath.Join(dir, "nowhere"), "resale: restore: ", "no such file or directory")
	})
	t.Run("a damaged manifest", func(t *testing.T) {
		dir := r.damaged(t, func(dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
			os.WriteFile(filepath.Join(dir, "manifest.json"), b[:len(b)/2], 0o600)
		})
		r.refused(t, target, dir, "resale: restore: ", "manifest.json is damaged")
	})
	t.Run("a damaged photo", func(t *testing.T) {
		dir := r.damaged(t, func(dir string) {
			photos, _ := filepath.Glob(filepath.Join(dir, "photos", "*.jpg"))
			os.WriteFile(photos[len(photos)/2], []byte("not the photo"), 0o600)
		})
		r.refused(t, target, dir, "resale: restore: ", "does not match its checksum in manifest.json")
	})
	t.Run("a damaged dump", func(t *testing.T) {
		dir := r.damaged(t, func(dir string) {
			f, _ := os.OpenFile(filepath.Join(dir, "database.dump"), os.O_WRONLY, 0)
			f.WriteAt([]byte("garbage"), 100)
			f.Close()
		})
		r.refused(t, target, dir, "resale: restore: ", "database.dump does not match its checksum")
	})
	t.Run("a manifest whose counts the dump does not have", func(t *testing.T) {
		// the checksums hold, the row counts do not: the restore's own
		// transaction finds it and rolls everything back
		dir := r.damaged(t, func(dir string) {
			path := filepath.Join(dir, "manifest.json")
			b, _ := os.ReadFile(path)
			os.WriteFile(path, bytes.Replace(b, []byte(`"products": 2`), []byte(`"products": 3`), 1), 0o600)
		})
		target := map[string]string{"DATABASE_URL": target["DATABASE_URL"], "DATA_DIR": t.TempDir()}
		before := fingerprint(t, target["DATABASE_URL"])
		code, stderr := r.cmd(target, "restore", "--from", dir)
		oneLine(t, "counts", code, stderr, "resale: restore: psql: ERROR: the restored table products has 2 rows, the manifest says 3", "the database is unchanged")
		if after := fingerprint(t, target["DATABASE_URL"]); after != before {
			t.Errorf("the database changed:\nbefore %s\nafter  %s", before, after)
		}
	})
}

// forceReplaces: restore --force refuses while another session is
// connected, then replaces the shop of vars with the good backup, says
// so, and leaves nothing added since.
func (r *refusals) forceReplaces(t *testing.T, vars map[string]string) {
	ctx := context.Background()
	pool, err := pgx.Connect(ctx, vars["DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "INSERT INTO categories (name, image) VALUES ('ADDED', '/categories/laptop.svg')"); err != nil {
		t.Fatal(err)
	}
	code, stderr := r.cmd(vars, "restore", "--force", "--from", r.good)
	oneLine(t, "with a session open", code, stderr, "resale: restore: 1 other sessions are connected", "stop every resale instance")
	pool.Close(ctx)
	if code, stderr := r.cmd(vars, "restore", "--force", "--from", r.good); code != 0 {
		t.Fatalf("restore --force: %d %s", code, stderr)
	}
	if !strings.Contains(r.out.String(), "--force: replacing everything in the database (") || !strings.Contains(r.out.String(), "2 bookings") {
		t.Errorf("restore --force said %q", r.out.String())
	}
	conn, err := pgx.Connect(ctx, vars["DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM categories WHERE name = 'ADDED'").Scan(&n); err != nil || n != 0 {
		t.Errorf("the category added since the backup is still there (%d, %v)", n, err)
	}
}

// With MIGRATION_DATABASE_URL, backup and restore work as the schema's
// owner (not a superuser), and the server, as its data-only role, serves
// the restored shop: its access is granted again at start.
func TestBackupAndRestoreAsSchemaOwner(t *testing.T) {
	t.Parallel()
	requirePgTools(t)
	ctx := context.Background()
	roles := newOwnerAndAppRoles(t)
	fromOwner, fromApp := roles.database()
	vars := map[string]string{"DATABASE_URL": fromApp, "MIGRATION_DATABASE_URL": fromOwner, "DATA_DIR": t.TempDir()}
	dir := backupOfAnn(t, vars)

	toOwner, toApp := roles.database()
	to := map[string]string{"DATABASE_URL": toApp, "MIGRATION_DATABASE_URL": toOwner, "DATA_DIR": t.TempDir(), "ADDR": freeAddr(t)}
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"restore", "--from", dir}, env(to), &out, &errOut); code != 0 {
		t.Fatalf("restore as %s: %s", roles.owner, errOut.String())
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	logs := &testio.Buffer{}
	done := make(chan int, 1)
	go func() { done <- run(runCtx, []string{"serve"}, env(to), io.Discard, logs) }()
	// it once never listened in a full run: fail with its logs if it exits
	waitServing(t, "http://"+to["ADDR"]+"/livez", done, logs)
	waitReady(t, "http://"+to["ADDR"])
	if code, _, body := call(t, http.MethodGet, "http://"+to["ADDR"]+"/api/categorys", "", nil, nil); code != http.StatusOK {
		t.Errorf("categories: %d %s", code, body)
	}
	conn, err := pgx.Connect(ctx, toApp)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var name string
	if err := conn.QueryRow(ctx, "SELECT user_name FROM users WHERE email = 'ann@example.com'").Scan(&name); err != nil || name != "Ann" {
		t.Errorf("the app role reads %q, %v", name, err)
	}
	var tableOwner string
	if err := conn.QueryRow(ctx, "SELECT tableowner FROM pg_tables WHERE tablename = 'users'").Scan(&tableOwner); err != nil || tableOwner != roles.owner {
		t.Errorf("users is owned by %q (%v), want %s", tableOwner, err, roles.owner)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d:\n%s", code, logs)
	}
}

// ownerAndApp are two login roles made for one test (dropped after its
// databases): the schema's owner and the app, which owns nothing.
type ownerAndApp struct {
	t          *testing.T
	admin      *pgx.Conn
	owner, app string
}

func newOwnerAndAppRoles(t *testing.T) *ownerAndApp {
	t.Helper()
	ctx := context.Background()
	suffix := fmt.Sprint(time.Now().UnixNano() % 1_000_000_000)
	r := &ownerAndApp{t: t, owner: "resale_owner_" + suffix, app: "resale_app_" + suffix}
	admin, err := pgx.Connect(ctx, storetest.AdminURL())
	if err != nil {
		t.Fatal(err)
	}
	r.admin = admin
	for _, role := range []string{r.owner, r.app} {
		if _, err := admin.Exec(ctx, "CREATE ROLE "+role+" LOGIN"); err != nil {
			admin.Close(ctx)
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { // after the databases are dropped
		c, err := pgx.Connect(context.Background(), storetest.AdminURL())
		if err == nil {
			c.Exec(context.Background(), "DROP ROLE IF EXISTS "+r.owner)
			c.Exec(context.Background(), "DROP ROLE IF EXISTS "+r.app)
			c.Close(context.Background())
		}
	})
	t.Cleanup(func() { admin.Close(context.Background()) })
	return r
}

// database makes an empty database owned by the owner role and returns
// the two URLs to it.
func (r *ownerAndApp) database() (ownerURL, appURL string) {
	t := r.t
	t.Helper()
	u, err := url.Parse(storetest.EmptyURL(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.admin.Exec(context.Background(), "ALTER DATABASE "+pgx.Identifier{strings.TrimPrefix(u.Path, "/")}.Sanitize()+" OWNER TO "+r.owner); err != nil {
		t.Fatal(err)
	}
	u.User = url.User(r.owner)
	ownerURL = u.String()
	u.User = url.User(r.app)
	return ownerURL, u.String()
}

// backupOfAnn migrates the database of vars, adds one user, Ann, as the
// app and backs it up; it returns the backup's folder.
func backupOfAnn(t *testing.T, vars map[string]string) string {
	t.Helper()
	ctx := context.Background()
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"migrate", "up"}, env(vars), &out, &errOut); code != 0 {
		t.Fatalf("migrate: %s", errOut.String())
	}
	conn, err := pgx.Connect(ctx, vars["DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "INSERT INTO users (user_name, email) VALUES ('Ann', 'ann@example.com')"); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	dir := filepath.Join(t.TempDir(), "backup")
	if code := run(ctx, []string{"backup", "--to", dir}, env(vars), &out, &errOut); code != 0 {
		t.Fatalf("backup: %s", errOut.String())
	}
	return dir
}

// A backup that finds the database's photos in none of the upload store
// it was given was run without the service's settings: it fails in one
// line naming UPLOAD_DIR and DATA_DIR, writes no backup, and makes no
// upload folder where it was run.
func TestBackupWithoutThePhotosFails(t *testing.T) {
	requirePgTools(t)
	ctx := context.Background()
	url := storetest.URL(t)
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for i := range 3 {
		key := fmt.Sprintf("%032x.jpg", i+1)
		if _, err := store.New(pool).CreateImage(ctx, store.NewImage{Key: key, ContentType: "image/jpeg", Width: 8, Height: 6, SizeBytes: 100}); err != nil {
			t.Fatal(err)
		}
	}
	oneLine := func(t *testing.T, code int, stderr string, want ...string) {
		t.Helper()
		if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "resale: backup: ") {
			t.Errorf("exit %d, stderr %q; want exit 1 and one line", code, stderr)
		}
		for _, w := range want {
			if !strings.Contains(stderr, w) {
				t.Errorf("stderr %q does not say %q", stderr, w)
			}
		}
	}

	t.Run("an empty upload folder", func(t *testing.T) {
		data := t.TempDir()
		os.MkdirAll(filepath.Join(data, "uploads"), 0o700)
		to := filepath.Join(t.TempDir(), "b")
		var out, errOut bytes.Buffer
		code := run(ctx, []string{"backup", "--to", to}, env(map[string]string{"DATABASE_URL": url, "DATA_DIR": data}), &out, &errOut)
		oneLine(t, code, errOut.String(), "the database names 3 photos but none of them is in the folder "+filepath.Join(data, "uploads"), "UPLOAD_DIR", "DATA_DIR")
		if _, err := os.Stat(to); err == nil {
			t.Errorf("a backup was written to %s", to)
		}
		if left := listDir(t, filepath.Dir(to)); left != "" {
			t.Errorf("left behind: %s", left)
		}
	})

	t.Run("from another folder, without DATA_DIR", func(t *testing.T) {
		cwd := t.TempDir()
		t.Chdir(cwd)
		to := filepath.Join(t.TempDir(), "b")
		var out, errOut bytes.Buffer
		code := run(ctx, []string{"backup", "--to", to}, env(map[string]string{"DATABASE_URL": url}), &out, &errOut)
		oneLine(t, code, errOut.String(), "the database names 3 photos but none of them is in the upload folder .data/uploads, which does not exist", "UPLOAD_DIR", "DATA_DIR")
		if left := listDir(t, cwd); left != "" {
			t.Errorf("backup made %s in the folder it was run from", left)
		}
	})

	t.Run("some photos missing is a warning", func(t *testing.T) {
		data := t.TempDir()
		os.MkdirAll(filepath.Join(data, "uploads"), 0o700)
		os.WriteFile(filepath.Join(data, "uploads", fmt.Sprintf("%032x.jpg", 1)), []byte("a photo"), 0o600)
		to := filepath.Join(t.TempDir(), "b")
		var out, errOut bytes.Buffer
		code := run(ctx, []string{"backup", "--to", to}, env(map[string]string{"DATABASE_URL": url, "DATA_DIR": data}), &out, &errOut)
		if code != 0 || !strings.Contains(out.String(), "warning: 2 photos the database names were not in") || !strings.Contains(out.String(), "1 photos\n") {
			t.Errorf("exit %d, out %q, err %q", code, out.String(), errOut.String())
		}
	})
}
