package api

import (
	"sync"

	"github.com/labstack/echo/v4"

	"resale/docs"
)

// openAPIFile is the HTTP contract as a static file, made (and hashed
// for its ETag) once per process.
var openAPIFile = sync.OnceValues(func() (*staticFile, error) {
	body, err := docs.OpenAPIJSON()
	if err != nil {
		return nil, err
	}
	return newStaticFile("openapi.json", body), nil
})

// openAPI serves GET /api/openapi.json: the HTTP contract (docs/openapi.yaml)
// as JSON, to anyone. It changes only with the binary, so a client may
// keep it for an hour and then ask again with its ETag (304).
func (s *Server) openAPI(c echo.Context) error {
	f, err := openAPIFile()
	if err != nil {
		return err
	}
	return sendFile(c, f, "public, max-age=3600")
}
