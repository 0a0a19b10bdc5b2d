// Package s3test runs a real S3-compatible server (versitygw) on loopback
// for tests of the object storage. The binary comes from S3_SERVER_BIN,
// which `make test-go` installs and sets; without it the tests that need
// it skip.
package s3test

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"resale/internal/testio"
	"resale/media"
)

// Server is one running S3 server with its own empty storage folder.
type Server struct {
	// Options reach the server; the bucket does not exist yet.
	Options media.S3Options
}

const (
	accessKey = "resale-test-access"
	secretKey = "resale-test-secret-0123456789"
)

// Start runs a fresh server for the test and stops it when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := os.Getenv("S3_SERVER_BIN")
	if bin == "" {
		t.Skip("S3_SERVER_BIN is not set: `make test-go` installs versitygw and sets it to run the object storage tests")
	}
	root := t.TempDir()
	data, meta := filepath.Join(root, "data"), filepath.Join(root, "meta")
	for _, d := range []string{data, meta} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	addr := freeAddr(t)
	var logs testio.Buffer
	// metadata in a sidecar folder, so the test does not depend on the
	// file system supporting extended attributes
	cmd := exec.Command(bin, "--access", accessKey, "--secret", secretKey, "--port", addr, "--quiet",
		"posix", "--sidecar", meta, data)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	// ready when it accepts connections; give up if it exits or takes long
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("%s exited at start: %v\n%s", bin, err, logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not listen on %s within 30s\n%s", bin, addr, logs.String())
		}
	}
	return &Server{Options: media.S3Options{
		Endpoint:        "http://" + addr,
		Bucket:          "resale-photos",
		AccessKeyID:     accessKey,
		SecretAccessKey: secretKey,
	}}
}

// Env is the server's settings as the binary reads them.
func (s *Server) Env() map[string]string {
	return map[string]string{
		"S3_ENDPOINT":          s.Options.Endpoint,
		"S3_BUCKET":            s.Options.Bucket,
		"S3_ACCESS_KEY_ID":     s.Options.AccessKeyID,
		"S3_SECRET_ACCESS_KEY": s.Options.SecretAccessKey,
	}
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
