package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"resale/auth"
	"resale/demo"
	"resale/store"
	"resale/store/storetest"
)

// Every command answers --help and -h (and resale help COMMAND) with its
// own usage and exit 0, without reading a setting, connecting anywhere or
// making anything in the folder it runs in.
func TestEveryCommandAnswersHelp(t *testing.T) {
	cwd := t.TempDir()
	t.Chdir(cwd)
	// settings that would fail every command that read them
	bad := env(map[string]string{"DATABASE_URL": "postgres://127.0.0.1:1/x?connect_timeout=1", "RESALE_ENV": "nonsense"})
	commands := []string{"serve", "migrate", "admin", "seed", "backup", "restore", "version", "doctor", "help", "vapid-keys"}
	if len(commands) != len(commandHelp) {
		t.Fatalf("commandHelp has %d commands, the test %d", len(commandHelp), len(commands))
	}
	for _, cmd := range commands {
		for _, args := range [][]string{{cmd, "--help"}, {cmd, "-h"}, {"help", cmd}, {cmd, "grant", "--help"}} {
			var out, errOut bytes.Buffer
			code := run(context.Background(), args, bad, &out, &errOut)
			if code != 0 || errOut.Len() != 0 || !strings.HasPrefix(out.String(), "usage: resale "+cmd) {
				t.Errorf("resale %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out.String(), errOut.String())
			}
		}
	}
	for _, flag := range []string{"--help", "-h", "help"} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), []string{flag}, bad, &out, &errOut); code != 0 || !strings.Contains(out.String(), "resale COMMAND --help") {
			t.Errorf("resale %s: exit %d, %q", flag, code, out.String())
		}
	}
	if left := listDir(t, cwd); left != "" {
		t.Errorf("help made %s in the folder it ran in", left)
	}
	// a command line that does not fit says that command's usage
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"backup"}, env(nil), &out, &errOut); code != 2 ||
		!strings.Contains(errOut.String(), "resale: usage: backup takes --to DIR\n\nusage: resale backup --to DIR") {
		t.Errorf("backup without --to: exit %d, %q", code, errOut.String())
	}
}

// seed --demo makes as many laptops as resale --help says, and prints how
// to sign in as the demo's admin with a password that signs in.
func TestSeedDemoPrintsTheAdminsSignIn(t *testing.T) {
	ctx := context.Background()
	url := storetest.URL(t)
	var help bytes.Buffer
	run(ctx, []string{"--help"}, env(nil), &help, &help)
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"seed", "--demo"}, env(map[string]string{"DATABASE_URL": url, "DATA_DIR": t.TempDir()}), &out, &errOut); code != 0 {
		t.Fatalf("seed: exit %d, %s", code, errOut.String())
	}
	m := regexp.MustCompile(`demo shop ready: 7 accounts, (\d+) products`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("seed said %q", out.String())
	}
	if want := fmt.Sprintf("an admin and %s laptops", m[1]); !strings.Contains(help.String(), want) {
		t.Errorf("resale --help does not say %q:\n%s", want, help.String())
	}
	a := regexp.MustCompile(`sign in as the admin: (\S+), password (\S+) `).FindStringSubmatch(out.String())
	if a == nil || a[1] != demo.AdminEmail {
		t.Fatalf("seed said %q", out.String())
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	u, err := store.New(pool).GetUserByEmail(ctx, a[1])
	if err != nil || u.Role != store.RoleAdmin {
		t.Fatalf("%s: %+v %v", a[1], u, err)
	}
	if ok, _, err := auth.NewHasher(1).Verify(ctx, a[2], u.PasswordHash); !ok || err != nil {
		t.Errorf("the printed password does not sign in as %s (%v)", a[1], err)
	}
	if ok, _, _ := auth.NewHasher(1).Verify(ctx, demo.Password, u.PasswordHash); ok {
		t.Errorf("the admin's password is the shared demo password")
	}
}
