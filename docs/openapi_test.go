package docs

import (
	"encoding/json"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The served JSON is the YAML document, keys and all.
func TestOpenAPIJSON(t *testing.T) {
	body, err := OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" || len(doc.Paths["/api/products"]) == 0 {
		t.Errorf("openapi %q with %d paths, want 3.1.0 with GET /api/products", doc.OpenAPI, len(doc.Paths))
	}
}

// A mapping with keys YAML reads as numbers still becomes a JSON object.
func TestJSONableNumberKeys(t *testing.T) {
	var v any
	if err := yaml.Unmarshal([]byte("responses:\n  200: {description: OK}\n  404: [a, {b: 1}]\n"), &v); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(jsonable(v))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"responses":{"200":{"description":"OK"},"404":["a",{"b":1}]}}`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
