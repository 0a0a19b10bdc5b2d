// Package docs holds the HTTP contract, docs/openapi.yaml, for the server
// to serve and the tests to check the routes and answers against.
package docs

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed openapi.yaml
var openAPIYAML []byte

// OpenAPIYAML is the OpenAPI 3.1 document as written.
func OpenAPIYAML() []byte { return openAPIYAML }

// OpenAPIJSON is the document as JSON, converted on first use and kept.
func OpenAPIJSON() ([]byte, error) { return openAPIJSON() }

var openAPIJSON = sync.OnceValues(func() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(openAPIYAML, &doc); err != nil {
		return nil, fmt.Errorf("docs/openapi.yaml: %w", err)
	}
	return json.Marshal(jsonable(doc))
})

// jsonable turns the maps YAML keys by other scalars (an unquoted 200)
// into maps keyed by strings, as JSON needs.
func jsonable(v any) any {
	switch v := v.(type) {
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[fmt.Sprint(k)] = jsonable(e)
		}
		return out
	case map[string]any:
		for k, e := range v {
			v[k] = jsonable(e)
		}
	case []any:
		for i, e := range v {
			v[i] = jsonable(e)
		}
	}
	return v
}
