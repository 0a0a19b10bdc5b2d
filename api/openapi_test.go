package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/labstack/echo/v4"

	"resale/api"
	"resale/docs"
)

// openAPI is docs/openapi.yaml, loaded and validated once for the whole
// test binary: every answer of the API tests is checked against it.
var openAPI = sync.OnceValues(func() (*openapi3.T, error) {
	// the bodies that are not JSON are checked for their status and type
	for _, ct := range []string{"text/html", "text/xml", "text/event-stream", "image/jpeg"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.PlainBodyDecoder)
	}
	doc, err := openapi3.NewLoader().LoadFromData(docs.OpenAPIYAML())
	if err != nil {
		return nil, err
	}
	return doc, doc.Validate(context.Background())
})

func loadOpenAPI(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openAPI()
	if err != nil {
		t.Fatalf("docs/openapi.yaml: %v", err)
	}
	return doc
}

// echoParam is a path parameter as Echo writes it (:id), and apiParam as
// OpenAPI does ({id}); routes are compared without the parameters' names.
var (
	echoParam = regexp.MustCompile(`:[A-Za-z]+`)
	apiParam  = regexp.MustCompile(`\{[A-Za-z]+\}`)
)

// checkAnswer fails the test when an answer is not one docs/openapi.yaml
// allows for its route: an undocumented route or status, or a body that
// does not match the schema for its status and type. Answers of no route
// (the app's pages, unknown /api paths) are the SPA's and not the API's.
//
// A JSON body the server took (a 2xx answer) must match the document's
// request body too, so the document is never stricter than the server.
func checkAnswer(t *testing.T, h http.Handler, req *http.Request, sent []byte, rec *httptest.ResponseRecorder) {
	t.Helper()
	srv, ok := h.(*api.Server)
	if !ok {
		return
	}
	route := srv.RouteOf(req)
	if route == "" || strings.HasSuffix(route, "/*") {
		return
	}
	doc := loadOpenAPI(t)
	path := echoParam.ReplaceAllStringFunc(route, func(p string) string { return "{" + p[1:] + "}" })
	item := doc.Paths.Find(path)
	var op *openapi3.Operation
	if item != nil {
		op = item.GetOperation(req.Method)
	}
	if op == nil {
		t.Errorf("%s %s: docs/openapi.yaml lacks this route", req.Method, route)
		return
	}
	if len(sent) > 0 && rec.Code/100 == 2 && strings.HasPrefix(req.Header.Get(echo.HeaderContentType), echo.MIMEApplicationJSON) {
		checkRequestBody(t, &routers.Route{Spec: doc, Path: path, PathItem: item, Method: req.Method, Operation: op}, route, req, sent)
	}
	body := rec.Body.Bytes()
	if rec.Header().Get(echo.HeaderContentEncoding) == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err == nil {
			body, err = io.ReadAll(zr)
		}
		if err != nil {
			t.Errorf("%s %s answered %d with a bad gzip body: %v", req.Method, route, rec.Code, err)
			return
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req,
			Route:   &routers.Route{Spec: doc, Path: path, PathItem: item, Method: req.Method, Operation: op},
		},
		Status:  rec.Code,
		Header:  rec.Header(),
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("%s %s answered %d, which docs/openapi.yaml does not allow: %v\nbody: %.600s", req.Method, route, rec.Code, err, body)
	}
}

// checkRequestBody fails the test when a JSON body the server took is not
// one the document describes.
func checkRequestBody(t *testing.T, r *routers.Route, route string, req *http.Request, sent []byte) {
	t.Helper()
	if r.Operation.RequestBody == nil {
		t.Errorf("%s %s took a body that docs/openapi.yaml does not describe: %.300s", req.Method, route, sent)
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(sent))
	in := &openapi3filter.RequestValidationInput{Request: req, Route: r, Options: &openapi3filter.Options{}}
	if err := openapi3filter.ValidateRequestBody(context.Background(), in, r.Operation.RequestBody.Value); err != nil {
		t.Errorf("%s %s took a body that docs/openapi.yaml refuses: %v\nbody: %.300s", req.Method, route, err, sent)
	}
}

// readable is the whole of a request body a test holds in memory, to check
// it against the document afterwards; nil for none or for a stream.
func readable(body io.Reader) []byte {
	switch body.(type) {
	case *bytes.Reader, *bytes.Buffer, *strings.Reader:
		b, _ := io.ReadAll(body)
		return b
	}
	return nil
}

// The document is valid OpenAPI 3.1 and every route Echo has is in it, and
// nothing else: a new route fails here until it is documented.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	t.Parallel()
	doc := loadOpenAPI(t)
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	s := newTestServerWith(t, nil, nil) // the table needs no database
	routes := map[string]bool{}
	for _, r := range s.handler.(*api.Server).EchoRoutes() {
		if r.Method == echo.RouteNotFound || strings.HasSuffix(r.Path, "/*") {
			continue // the JSON 404 of /api and the app's catch-all
		}
		routes[r.Method+" "+echoParam.ReplaceAllString(r.Path, "{}")] = true
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+apiParam.ReplaceAllString(path, "{}")] = true
		}
	}
	var missing, extra []string
	for r := range routes {
		if !documented[r] {
			missing = append(missing, r)
		}
	}
	for d := range documented {
		if !routes[d] {
			extra = append(extra, d)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	for _, r := range missing {
		t.Errorf("route %s is not in docs/openapi.yaml", r)
	}
	for _, d := range extra {
		t.Errorf("docs/openapi.yaml has %s, which is no route", d)
	}
	if len(routes) < 100 {
		t.Errorf("only %d routes found: the test no longer sees the table", len(routes))
	}
}

// GET /api/openapi.json is the document as JSON, public and kept by ETag.
func TestOpenAPIServed(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	rec := s.get("/api/openapi.json")
	if rec.Code != http.StatusOK {
		t.Fatalf("status = %d, want 200; body %.300s", rec.Code, rec.Body.String())
	}
	var served map[string]any
	decode(t, rec, &served)
	if served["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v, want 3.1.0", served["openapi"])
	}
	paths, _ := served["paths"].(map[string]any)
	if len(paths) != len(loadOpenAPI(t).Paths.Map()) {
		t.Errorf("served %d paths, the document has %d", len(paths), len(loadOpenAPI(t).Paths.Map()))
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age") {
		t.Errorf("Cache-Control = %q, want it kept for a while", cc)
	}
	etag := rec.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := s.do(http.MethodGet, "/api/openapi.json", nil, http.Header{"If-None-Match": {etag}})
	if again.Code != http.StatusNotModified {
		t.Errorf("with If-None-Match: status = %d, want 304", again.Code)
	}
	// the served JSON says what the YAML says
	doc, err := openapi3.NewLoader().LoadFromData(rec.Body.Bytes())
	if err != nil {
		t.Fatalf("the served document does not load: %v", err)
	}
	a, _ := json.Marshal(doc)
	b, _ := json.Marshal(loadOpenAPI(t))
	if !bytes.Equal(a, b) {
		t.Error("the served document differs from docs/openapi.yaml")
	}
}
