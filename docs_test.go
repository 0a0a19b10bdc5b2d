package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// settingName is how every setting is spelt: capitals, digits and
// underscores (TZ included).
var settingName = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// settingReaders are the functions the program reads a setting through:
// loadConfig's getenv and get, the typed helpers, and the os package's own.
var settingReaders = map[string]bool{
	"getenv": true, "get": true, "intSetting": true, "durationSetting": true,
	"Getenv": true, "LookupEnv": true,
}

// settingFiles are where the settings are read: there, a setting's name
// passed to any call counts, so a new helper (a boolSetting) is seen too.
var settingFiles = map[string]bool{"config.go": true, "doctor.go": true}

// settingsReadByCode lists every setting the main package's non-test files
// read: a string literal in the shape of a setting's name passed to one of
// settingReaders (to any call in settingFiles), wherever it stands among
// the arguments.
func settingsReadByCode(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !settingFiles[name] && !settingReaders[calleeName(call.Fun)] {
				return true
			}
			for _, arg := range call.Args {
				lit, ok := arg.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				if s, err := strconv.Unquote(lit.Value); err == nil && settingName.MatchString(s) {
					read[s] = fset.Position(lit.Pos()).String()
				}
			}
			return true
		})
	}
	return read
}

func calleeName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// settingRow is a row of a settings table in docs/configure.md: its first
// cell names one setting in backquotes.
var settingRow = regexp.MustCompile("^\\|\\s*`([A-Z][A-Z0-9_]*)`\\s*\\|")

// settingsDocumented lists the settings docs/configure.md's tables document,
// each with its line.
func settingsDocumented(t *testing.T) map[string]int {
	t.Helper()
	b, err := os.ReadFile("docs/configure.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]int{}
	for i, line := range strings.Split(string(b), "\n") {
		if m := settingRow.FindStringSubmatch(line); m != nil {
			if prev, dup := documented[m[1]]; dup {
				t.Errorf("docs/configure.md:%d documents %s again (first at line %d)", i+1, m[1], prev)
			}
			documented[m[1]] = i + 1
		}
	}
	return documented
}

// TestConfigureDocumentsEverySetting keeps docs/configure.md and the code in
// step: every setting the program reads has its row there, and every row
// names a setting the program reads.
func TestConfigureDocumentsEverySetting(t *testing.T) {
	read := settingsReadByCode(t)
	documented := settingsDocumented(t)
	// a floor, so a change to how settings are read cannot make this test
	// find nothing and pass
	if len(read) < 30 {
		t.Fatalf("found only %d settings read in the code (%v): has the way config.go reads them changed? Teach settingsReadByCode", len(read), slices.Sorted(maps.Keys(read)))
	}
	for _, name := range slices.Sorted(maps.Keys(read)) {
		if _, ok := documented[name]; !ok {
			t.Errorf("%s reads the setting %s, which docs/configure.md does not document: add a row \"| `%s` | default | meaning |\" to its tables", read[name], name, name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(documented)) {
		if _, ok := read[name]; !ok {
			t.Errorf("docs/configure.md:%d documents the setting %s, which no code reads: remove its row, or read it in config.go", documented[name], name)
		}
	}
}
