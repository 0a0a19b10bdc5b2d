package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest a hand-written function may be (issue #33),
// counted from its func line to its closing brace inclusive. A function
// longer than this does several things in a row; each thing wants a name.
const maxFuncLines = 80

// longTables are the functions allowed past maxFuncLines because they are
// tables a reader scans rather than logic they follow: the route table and
// the settings table. Keyed by file (slash-separated, from the repository
// root) and function name (Type.method for a method).
var longTables = map[string]bool{
	"api/routes.go Server.routes": true,
	"config.go loadConfig":        true,
	// The authorization matrix and the hostile-input suite are route tables
	// too: one row per registered route, read down like api/routes.go.
	"api/matrix_test.go TestAuthorizationMatrix":            true,
	"api/hostile_test.go TestHostileInputOnEveryWriteRoute": true,
}

// TestNoLongFunctions walks every hand-written Go file of the repository,
// tests included, and fails naming each function longer than maxFuncLines
// that is not a table (longTables); an entry of that list that is no
// longer long fails too, so the list cannot outlive what it excuses.
func TestNoLongFunctions(t *testing.T) {
	t.Parallel()
	var files int
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDir(path, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		files++
		rel := filepath.ToSlash(path)
		for _, fn := range longFuncs(fset, f) {
			key := rel + " " + fn.name
			if longTables[key] {
				seen[key] = true
				continue
			}
			t.Errorf("%s:%s is %d lines (at most %d): split it along its phases", rel, fn.name, fn.lines, maxFuncLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("walked only %d Go files: is the test running from the repository root?", files)
	}
	for key := range longTables {
		if !seen[key] {
			t.Errorf("%s is excused from the %d-line limit but is no longer over it (or gone): remove it from the list", key, maxFuncLines)
		}
	}
}

// TestLongFuncsMeasures keeps the measure honest: a function of exactly
// maxFuncLines passes, one line more is reported, with its receiver.
func TestLongFuncsMeasures(t *testing.T) {
	t.Parallel()
	body := func(lines int) string { return strings.Repeat("\t_ = 0\n", lines-2) }
	src := fmt.Sprintf("package p\n\ntype T struct{}\n\nfunc ok() {\n%s}\n\nfunc (T) tooLong() {\n%s}\n",
		body(maxFuncLines), body(maxFuncLines+1))
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := longFuncs(fset, f)
	if len(got) != 1 || got[0].name != "T.tooLong" || got[0].lines != maxFuncLines+1 {
		t.Fatalf("longFuncs = %+v, want only T.tooLong at %d lines", got, maxFuncLines+1)
	}
}

// skipDir says which directories hold no hand-written Go of ours: the web
// app (and its node_modules), the pinned tools, hidden directories and test
// fixtures.
func skipDir(path, name string) bool {
	if path == "." {
		return false
	}
	switch {
	case path == "frontend", path == ".tools", name == "testdata", name == "node_modules":
		return true
	case strings.HasPrefix(name, "."):
		return true
	}
	return false
}

// longFunc is one function over the limit.
type longFunc struct {
	name  string
	lines int
}

// longFuncs lists the top-level functions and methods of f longer than
// maxFuncLines, counted from the func keyword (not its doc comment) to the
// closing brace. A method is named Type.method.
func longFuncs(fset *token.FileSet, f *ast.File) []longFunc {
	var out []longFunc
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		lines := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
		if lines <= maxFuncLines {
			continue
		}
		out = append(out, longFunc{name: funcName(fn), lines: lines})
	}
	return out
}

// funcName is Type.method for a method and the bare name for a function.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	typ := fn.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if idx, ok := typ.(*ast.IndexExpr); ok {
		typ = idx.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}
