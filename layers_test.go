package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// subsystems know no HTTP (STYLE.md): api translates their errors. A
// package listed here fails the test as soon as it, or anything it
// imports, imports the HTTP layer.
var subsystems = []string{
	"resale/auth",
	"resale/backup",
	"resale/media",
	"resale/payments",
	"resale/priceguide", // #39: pure; api and store use it
	"resale/push",       // #37 (net/http to push services is its job; our HTTP layer is not)
}

// httpLayer is what a subsystem must not depend on: our HTTP layer, the
// web framework, and test servers in production code.
var httpLayer = []string{
	"resale/api",
	"github.com/labstack/echo",
	"net/http/httptest",
}

func TestSubsystemsKnowNoHTTP(t *testing.T) {
	t.Parallel()
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	for _, pkg := range subsystems {
		out, err := exec.Command(goCmd, "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) == 0 || deps[len(deps)-1] != pkg {
			t.Fatalf("go list -deps %s does not end with the package itself: %q", pkg, out)
		}
		for _, d := range deps {
			for _, bad := range httpLayer {
				if d == bad || strings.HasPrefix(d, bad+"/") {
					t.Errorf("%s depends on %s: a subsystem knows no HTTP, api translates its errors", pkg, d)
				}
			}
		}
	}
}
