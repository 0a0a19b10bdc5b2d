package api

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"resale/store"
)

// opsCollector reads, at each scrape, what needs a person when it goes
// wrong and that no request counts: the job queue (emails failing, the
// payment reconciliation not completing), payments waiting for a refund,
// and the free space where photos are kept. Every instance reports the
// same database figures: aggregate them with max, not sum.
type opsCollector struct {
	st        *store.Store
	uploadDir string // empty when photos go to an object store
	logger    interface{ Warn(string, ...any) }
}

var (
	opsUp = prometheus.NewDesc("resale_ops_stats_up",
		"1 when the last scrape could read the job queue and payments from the database, else 0.", nil, nil)
	opsJobs = prometheus.NewDesc("resale_jobs",
		"Background jobs by kind (send_email, send_account_email, reconcile_payments, ...) and state (available, running, retryable, scheduled, discarded, ...); completed ones are not counted.",
		[]string{"kind", "state"}, nil)
	opsLastCompleted = prometheus.NewDesc("resale_job_last_completed_timestamp_seconds",
		"When a job of this kind last completed (Unix time), among those River still keeps (a day).", []string{"kind"}, nil)
	opsRefunds = prometheus.NewDesc("resale_payments_refund_required",
		"Payments kept for refund and not yet refunded (a laptop already sold to someone else, a paid advertisement that could not run); reconciliation refunds them.", nil, nil)
	opsUploadFree = prometheus.NewDesc("resale_upload_dir_free_bytes",
		"Bytes free for an unprivileged user on the file system of UPLOAD_DIR (absent with S3_ENDPOINT).", nil, nil)
	opsUploadSize = prometheus.NewDesc("resale_upload_dir_size_bytes",
		"Size in bytes of the file system of UPLOAD_DIR (absent with S3_ENDPOINT).", nil, nil)
)

// Describe implements prometheus.Collector.
func (opsCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{opsUp, opsJobs, opsLastCompleted, opsRefunds, opsUploadFree, opsUploadSize} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (o opsCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	if o.uploadDir != "" {
		if free, size, err := diskSpace(o.uploadDir); err == nil {
			gauge(opsUploadFree, float64(free))
			gauge(opsUploadSize, float64(size))
		} else {
			o.logger.Warn("metrics: reading the upload folder's free space", "err", err)
		}
	}
	if o.st == nil {
		return
	}
	// a scrape must not hang on a database that does not answer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	s, err := o.st.OpsStats(ctx)
	if err != nil {
		o.logger.Warn("metrics: reading the job queue and payments", "err", err)
		gauge(opsUp, 0)
		return
	}
	gauge(opsUp, 1)
	for _, j := range s.Jobs {
		gauge(opsJobs, float64(j.Count), j.Kind, j.State)
	}
	for kind, at := range s.LastCompleted {
		gauge(opsLastCompleted, float64(at.UnixNano())/1e9, kind)
	}
	gauge(opsRefunds, float64(s.RefundsRequired))
}
