package api

import (
	"github.com/labstack/echo/v4"

	"resale/docs"
)

// openAPI serves GET /api/openapi.json: the HTTP contract (docs/openapi.yaml)
// as JSON, to anyone. It changes only with the binary, so a client may
// keep it for an hour and then ask again with its ETag (304).
func (s *Server) openAPI(c echo.Context) error {
	body, err := docs.OpenAPIJSON()
	if err != nil {
		return err
	}
	return sendFile(c, newStaticFile("openapi.json", body), "public, max-age=3600")
}
