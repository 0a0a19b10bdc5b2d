package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"resale/backup"
	"resale/media"
	"resale/migrations"
)

// backupOptions are the database (as the schema's owner when the server
// runs as a data-only role) and the upload store a backup or restore
// works on.
func backupOptions(ctx context.Context, cfg *config, stdout io.Writer) (backup.Options, func(), error) {
	uploads, err := openUploads(ctx, cfg)
	if err != nil {
		return backup.Options{}, nil, err
	}
	lister, ok := uploads.(media.Lister)
	if !ok {
		uploads.Close()
		return backup.Options{}, nil, fmt.Errorf("the upload store cannot list its photos")
	}
	dbURL := cfg.DatabaseURL
	if cfg.MigrationURL != "" {
		dbURL = cfg.MigrationURL
	}
	return backup.Options{DatabaseURL: dbURL, Photos: lister, Progress: stdout}, func() { uploads.Close() }, nil
}

// backupCommand writes the database and the photos to a new folder.
func backupCommand(ctx context.Context, cfg *config, _ *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	to := fs.String("to", "", "")
	if err := fs.Parse(args); err != nil || *to == "" || fs.NArg() != 0 {
		return fmt.Errorf("%w: backup takes --to DIR", errUsage)
	}
	o, closeUploads, err := backupOptions(ctx, cfg, stdout)
	if err != nil {
		return err
	}
	defer closeUploads()
	m, err := backup.Backup(ctx, o, *to, versionLine())
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(stdout, "backup written to %s: schema version %d, %d users, %d products, %d bookings, %d payments, %d photos\n",
		*to, m.SchemaVersion, m.Rows["users"], m.Rows["products"], m.Rows["bookings"], m.Rows["payments"], len(m.Photos))
	return nil
}

// restoreCommand puts a backup into an empty database and upload store.
func restoreCommand(ctx context.Context, cfg *config, _ *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	from := fs.String("from", "", "")
	force := fs.Bool("force", false, "")
	if err := fs.Parse(args); err != nil || *from == "" || fs.NArg() != 0 {
		return fmt.Errorf("%w: restore takes --from DIR [--force]", errUsage)
	}
	latest, err := migrations.Latest()
	if err != nil {
		return err
	}
	o, closeUploads, err := backupOptions(ctx, cfg, stdout)
	if err != nil {
		return err
	}
	defer closeUploads()
	err = backup.Restore(ctx, backup.RestoreOptions{Options: o, Force: *force, LatestSchema: latest}, *from)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	m, _ := backup.ReadManifest(*from)
	fmt.Fprintf(stdout, "restored from %s: schema version %d, %d users, %d products, %d bookings, %d payments, %d photos; start resale to serve it\n",
		*from, m.SchemaVersion, m.Rows["users"], m.Rows["products"], m.Rows["bookings"], m.Rows["payments"], len(m.Photos))
	return nil
}
