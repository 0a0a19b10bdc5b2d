package api

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"
)

// checkToolTargets are the builds make check-tool makes (#40).
var checkToolTargets = map[string]string{
	"linux-amd64": "", "linux-arm64": "",
	"darwin-amd64": "", "darwin-arm64": "",
	"windows-amd64": ".exe", "windows-arm64": ".exe",
}

// downloadCheckTool serves GET /download/resale-check/:target: the
// resale-check program for one os-arch from the folder make check-tool
// fills (Options.CheckToolDir, CHECK_TOOL_DIR), as an attachment.
func (s *Server) downloadCheckTool(c echo.Context) error {
	target := c.Param("target")
	ext, ok := checkToolTargets[target]
	if !ok {
		return &Error{Status: http.StatusNotFound, Code: "not_found",
			Message: "resale-check is built for linux, windows and darwin on amd64 and arm64: ask for e.g. /download/resale-check/windows-amd64"}
	}
	name := "resale-check-" + target + ext
	path := filepath.Join(s.checkToolDir, name)
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && st.IsDir()) {
		s.log.Warn("resale-check download: not built", "path", path)
		return &Error{Status: http.StatusNotFound, Code: "not_built",
			Message: "resale-check for " + strings.Replace(target, "-", " on ", 1) + " is not built on this shop yet: its owner runs make check-tool"}
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	c.Response().Header().Set("X-Content-Type-Options", "nosniff")
	return c.Attachment(path, name)
}
