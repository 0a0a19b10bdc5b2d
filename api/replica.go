package api

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"resale/store"
)

// wroteCookie marks a browser that changed the catalogue lately: its
// public reads go to the primary, so it reads its own write even from an
// instance that has not heard of the change yet, while others may be
// answered by the read replica (docs/scaling.md). It holds no secret.
const wroteCookie = "resale_wrote"

// fromReplica lets the public catalogue's reads go to the read replica
// (store.FromReplica) unless the caller changed the catalogue within
// readYourWrites; it does nothing without a replica.
func (s *Server) fromReplica(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if s.readYourWrites <= 0 || req.Method != http.MethodGet {
			return next(c)
		}
		if _, err := req.Cookie(wroteCookie); err == nil {
			return next(c)
		}
		c.SetRequest(req.WithContext(store.FromReplica(req.Context())))
		return next(c)
	}
}

// markWrote sends the cookie that keeps the caller's public reads on the
// primary for readYourWrites: called by changes before the answer to a
// write that changed the catalogue leaves.
func (s *Server) markWrote(res *echo.Response) {
	if s.readYourWrites <= 0 {
		return
	}
	http.SetCookie(res, &http.Cookie{
		Name: wroteCookie, Value: "1", Path: "/api",
		MaxAge:   int((s.readYourWrites + time.Second - 1) / time.Second),
		HttpOnly: true, Secure: s.hsts, SameSite: http.SameSiteLaxMode,
	})
}

// replicaMetrics say whether the read replica answers the public reads
// now and how many it has answered.
func replicaMetrics(st *store.Store) []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "resale_read_replica_fresh",
			Help: "1 while the read replica (DATABASE_READ_URL) answers the public catalogue's reads, 0 while the primary does (the replica down, lagging, or not yet past a catalogue change).",
		}, func() float64 {
			if st.ReplicaFresh() {
				return 1
			}
			return 0
		}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "resale_read_replica_reads_total",
			Help: "Reads sent to the read replica (DATABASE_READ_URL).",
		}, func() float64 { return float64(st.ReplicaReads()) }),
	}
}

// WatchReplica checks the read replica every second until ctx ends,
// logging when it starts and stops answering the public reads.
func (s *Server) WatchReplica(ctx context.Context) {
	s.store.WatchReplica(ctx, func(inUse bool, why error) {
		if inUse {
			s.log.Info("read replica: answering the public catalogue's reads")
			return
		}
		s.log.Warn("read replica: not used, the primary answers every read", "why", why)
	})
}
