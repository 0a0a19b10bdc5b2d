package api

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"resale/events"
	"resale/store"
)

// metrics are the server's Prometheus series. Request series are labelled
// by the route's template (c.Path(), e.g. /api/products/:id), never the raw
// URL, so their number is bounded by the route table.
type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// routes holds, for every registered path and known method, the
	// observers of each status class, resolved on first use. It is built
	// once after the routes are registered and only read afterwards, so a
	// request pays a map lookup and two atomic updates, no label hashing.
	routes    map[routeKey]*routeObservers
	unmatched map[string]*routeObservers // by method: a path no route matched
	// live-update streams the server ended, by the hub's reason
	streamsDropped *prometheus.CounterVec
	// the kept catalogue answers (cache.go): drops by reason, and the
	// requests waiting for an identical one's answer
	cacheDrops   *prometheus.CounterVec
	cacheWaiting prometheus.Gauge
}

type routeKey struct{ method, path string }

// routeObservers are one route's series, one pair per status class
// (1xx to 5xx), made when that class is first seen.
type routeObservers struct {
	method, route string
	class         [5]atomic.Pointer[classObservers]
}

type classObservers struct {
	count    prometheus.Counter
	duration prometheus.Observer
}

var statusClasses = [5]string{"1xx", "2xx", "3xx", "4xx", "5xx"}

// metricMethods are the methods given their own label; any other is OTHER.
var metricMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
	http.MethodDelete, http.MethodPatch, http.MethodOptions, "OTHER"}

func metricMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// newMetrics registers the server's series, and more: those of the
// subsystems it serves (payments).
func newMetrics(reg prometheus.Registerer, st *store.Store, build BuildInfo, more ...prometheus.Collector) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "resale_http_requests_total",
			Help: "HTTP requests answered, by method, route template and status class.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "resale_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by method, route template and status class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method", "route", "status"}),
		unmatched: map[string]*routeObservers{},
		streamsDropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "resale_event_streams_dropped_total",
			Help: "Live-update streams the server ended: slow (the client fell behind), deaf (the database connection was lost), shutdown.",
		}, []string{"reason"}),
		cacheDrops: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "resale_catalogue_cache_drops_total",
			Help: "Times the kept catalogue answers were all dropped, by reason: change (this instance's write), notice (the database announced a change), listener_lost, listener_back; size_cap: times some were evicted, as they reached 16 MB.",
		}, []string{"reason"}),
		cacheWaiting: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "resale_catalogue_cache_waiting",
			Help: "Catalogue requests waiting for an identical request's answer being made (single flight).",
		}),
	}
	// every reason from the start, at 0, so rates and alerts see them
	// before the first drop
	for _, r := range []string{events.ReasonSlow, events.ReasonDeaf, events.ReasonShutdown} {
		m.streamsDropped.WithLabelValues(r)
	}
	for _, r := range dropReasons {
		m.cacheDrops.WithLabelValues(r)
	}
	buildInfo := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "resale_build_info",
		Help: "Always 1; the labels name the running build.",
	}, []string{"version", "commit"})
	buildInfo.WithLabelValues(build.Version, build.Commit).Set(1)
	cs := append([]prometheus.Collector{m.requests, m.duration, m.streamsDropped, m.cacheDrops, m.cacheWaiting, buildInfo}, more...)
	if st != nil {
		cs = append(cs, poolCollector{st})
	}
	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	for _, method := range metricMethods {
		m.unmatched[method] = &routeObservers{method: method, route: "unmatched"}
	}
	return m, nil
}

// index prepares the observers of every registered route, for every
// method (a known path called with the wrong method is a 405 on that route).
func (m *metrics) index(routes []*echo.Route) {
	m.routes = map[routeKey]*routeObservers{}
	for _, r := range routes {
		if r.Path == "" {
			continue
		}
		for _, method := range metricMethods {
			k := routeKey{method, r.Path}
			if m.routes[k] == nil {
				m.routes[k] = &routeObservers{method: method, route: r.Path}
			}
		}
	}
}

// observe counts one answered request.
func (m *metrics) observe(method, path string, status int, d time.Duration) {
	method = metricMethod(method)
	r := m.routes[routeKey{method, path}]
	if r == nil {
		r = m.unmatched[method]
	}
	i := min(max(status/100-1, 0), 4)
	o := r.class[i].Load()
	if o == nil {
		// first request of this route and class: resolve the labels once;
		// a race here resolves the same series twice, which is harmless
		o = &classObservers{
			count:    m.requests.WithLabelValues(r.method, r.route, statusClasses[i]),
			duration: m.duration.WithLabelValues(r.method, r.route, statusClasses[i]),
		}
		r.class[i].Store(o)
	}
	o.count.Inc()
	o.duration.Observe(d.Seconds())
}

// poolCollector reads the database pool's statistics at each scrape.
type poolCollector struct{ st *store.Store }

var (
	poolAcquired = prometheus.NewDesc("resale_db_pool_acquired_connections", "Connections in use by a request.", nil, nil)
	poolIdle     = prometheus.NewDesc("resale_db_pool_idle_connections", "Open connections waiting for work.", nil, nil)
	poolTotal    = prometheus.NewDesc("resale_db_pool_total_connections", "Open connections, in use, idle and being opened.", nil, nil)
	poolMax      = prometheus.NewDesc("resale_db_pool_max_connections", "The most connections the pool may open.", nil, nil)
	poolAcquires = prometheus.NewDesc("resale_db_pool_acquires_total", "Connections handed out.", nil, nil)
	poolWaits    = prometheus.NewDesc("resale_db_pool_empty_acquires_total", "Connections asked for when none was idle, so the caller waited.", nil, nil)
	poolWaited   = prometheus.NewDesc("resale_db_pool_acquire_wait_seconds_total", "Time spent waiting for a connection.", nil, nil)
	poolCanceled = prometheus.NewDesc("resale_db_pool_canceled_acquires_total", "Waits for a connection given up because the request ended.", nil, nil)
)

// Describe implements prometheus.Collector.
func (poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolAcquired, poolIdle, poolTotal, poolMax, poolAcquires, poolWaits, poolWaited, poolCanceled} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (p poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := p.st.PoolStat()
	gauge := func(d *prometheus.Desc, v float64) { ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v) }
	counter := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	gauge(poolAcquired, float64(s.AcquiredConns()))
	gauge(poolIdle, float64(s.IdleConns()))
	gauge(poolTotal, float64(s.TotalConns()))
	gauge(poolMax, float64(s.MaxConns()))
	counter(poolAcquires, float64(s.AcquireCount()))
	counter(poolWaits, float64(s.EmptyAcquireCount()))
	counter(poolWaited, s.AcquireDuration().Seconds())
	counter(poolCanceled, float64(s.CanceledAcquireCount()))
}
