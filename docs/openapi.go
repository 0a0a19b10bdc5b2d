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
	doc, err := jsonable(doc)
	if err != nil {
		return nil, fmt.Errorf("docs/openapi.yaml: %w", err)
	}
	return json.Marshal(doc)
})

// jsonable turns the maps YAML may key by other scalars into maps keyed by
// strings, as JSON needs.
func jsonable(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			j, err := jsonable(e)
			if err != nil {
				return nil, err
			}
			v[k] = j
		}
		return v, nil
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			j, err := jsonable(e)
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(k)] = j
		}
		return out, nil
	case []any:
		for i, e := range v {
			j, err := jsonable(e)
			if err != nil {
				return nil, err
			}
			v[i] = j
		}
		return v, nil
	}
	return v, nil
}
