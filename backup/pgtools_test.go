package backup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTool writes a program that answers --version like PostgreSQL's.
func fakeTool(t *testing.T, dir, name, version string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\necho '" + name + " (PostgreSQL) " + version + "'\n"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// Missing or too old tools are named in one line with what to install;
// Debian's side-by-side versions are found when PATH's is too old.
func TestFindTool(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	onPath, versions := filepath.Join(root, "bin"), filepath.Join(root, "lib", "*", "bin")
	os.MkdirAll(onPath, 0o755)
	t.Setenv("PATH", onPath)

	_, err := findToolIn(ctx, "pg_dump", 16, versions)
	if err == nil || err.Error() != "pg_dump is not installed: install PostgreSQL's client programs, version 16 or newer (Debian: apt-get install postgresql-client-16)" {
		t.Errorf("none: %v", err)
	}

	fakeTool(t, onPath, "pg_dump", "15.4 (Debian 15.4-1)")
	_, err = findToolIn(ctx, "pg_dump", 16, versions)
	if err == nil || !strings.HasPrefix(err.Error(), "pg_dump must be version 16 or newer, but "+filepath.Join(onPath, "pg_dump")+" is version 15 ") {
		t.Errorf("too old: %v", err)
	}
	if tool, err := findToolIn(ctx, "pg_dump", 15, versions); err != nil || tool.major != 15 {
		t.Errorf("new enough: %+v %v", tool, err)
	}

	fakeTool(t, filepath.Join(root, "lib", "16", "bin"), "pg_dump", "16.2")
	fakeTool(t, filepath.Join(root, "lib", "17", "bin"), "pg_dump", "17.0")
	if tool, err := findToolIn(ctx, "pg_dump", 16, versions); err != nil || tool.major != 17 {
		t.Errorf("side by side: %+v %v, want the newest, 17", tool, err)
	}
}

func TestToolConnHidesThePassword(t *testing.T) {
	conn, env := toolConn("postgres://shop:s3cret@db.example:5432/resale?sslmode=require&pool_max_conns=8")
	if conn != "postgres://shop@db.example:5432/resale?sslmode=require" {
		t.Errorf("conn = %q", conn)
	}
	if env[len(env)-1] != "PGPASSWORD=s3cret" {
		t.Errorf("env ends %q", env[len(env)-1])
	}
}
