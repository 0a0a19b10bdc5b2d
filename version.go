package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version and commit are stamped by the Makefile and the Dockerfile with
// -ldflags "-X main.version=... -X main.commit=...". They are the one
// exception to "no package variables": the linker can only set a variable.
var version, commit string

// buildVersion is the version and commit this binary was built from: the
// stamped values, else what the Go toolchain recorded (the module version
// of a `go install resale@v1.2.3`, the VCS revision of a build inside a
// git checkout), else "dev" and "unknown".
func buildVersion() (string, string) {
	v, c := version, commit
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			if c == "" && s.Key == "vcs.revision" {
				c = s.Value
			}
		}
	}
	if v == "" {
		v = "dev"
	}
	if c == "" {
		c = "unknown"
	}
	return v, c
}

// versionLine is what `resale version` prints.
func versionLine() string {
	v, c := buildVersion()
	return fmt.Sprintf("resale %s (commit %s, %s)", v, c, runtime.Version())
}
