package main

import (
	"embed"
	"io/fs"
)

// The built React app. `make` writes a placeholder index.html when the
// frontend has not been built, so this always compiles.
//
//go:embed all:frontend/dist
var webDist embed.FS

func webFS() (fs.FS, error) {
	return fs.Sub(webDist, "frontend/dist")
}
