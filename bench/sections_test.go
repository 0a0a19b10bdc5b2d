package main

import (
	"os"
	"path/filepath"
	"testing"
)

// writeSection replaces a section where it is and puts a new one before
// the hand-kept record.
func TestWriteSection(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("bench", 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "# Benchmark results\n\n## Budgets\n\n- PASS\n\n## Search at 10 products\n\nold ten\n\n## Search at 100 products\n\nhundred\n\n## Before and after\n\nkept\n"
	if err := os.WriteFile(filepath.Join("bench", "results.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeSection("Search at 10 products", "\n## Search at 10 products\n\nnew ten\n"); err != nil {
		t.Fatal(err)
	}
	if err := writeSection("Mail", "\n## Mail\n\nmail\n"); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("bench", "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := "# Benchmark results\n\n## Budgets\n\n- PASS\n\n## Search at 10 products\n\nnew ten\n\n## Search at 100 products\n\nhundred\n\n## Mail\n\nmail\n\n## Before and after\n\nkept\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A full run's report keeps every section but the first table, the
// budgets and the micro-benchmarks, wherever it stood.
func TestOtherSections(t *testing.T) {
	doc := "# Benchmark results\n\n| table |\n\n## Budgets\n\n- PASS\n\n## Search at 10 products\n\nten\n\n## Before and after\n\nkept\n\n## Micro-benchmarks\n\nmicro\n\n## #38: by hand\n\nhand\n"
	want := "\n## Search at 10 products\n\nten\n\n## Before and after\n\nkept\n\n## #38: by hand\n\nhand\n"
	if got := otherSections(doc); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
