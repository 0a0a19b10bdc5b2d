package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"

	"resale/backup"
	"resale/media"
	"resale/migrations"
)

// backupOptions are the database (as the schema's owner when the server
// runs as a data-only role) and the upload store a backup or restore
// works on.
func backupOptions(ctx context.Context, cfg *config, stdout io.Writer, restore bool) (backup.Options, func(), error) {
	var uploads media.Storage
	var err error
	if restore || cfg.S3.Endpoint != "" {
		uploads, err = openUploads(ctx, cfg)
	} else {
		uploads, err = openUploadsToRead(cfg)
	}
	if err != nil {
		return backup.Options{}, nil, err
	}
	lister, ok := uploads.(media.Lister)
	if !ok {
		uploads.Close()
		return backup.Options{}, nil, fmt.Errorf("the upload store cannot list its photos")
	}
	dbURL := cfg.DirectURL // pg_dump's snapshot needs a session of its own
	if cfg.MigrationURL != "" {
		dbURL = cfg.MigrationURL
	}
	return backup.Options{DatabaseURL: dbURL, Photos: lister, Progress: stdout}, func() { uploads.Close() }, nil
}

// serviceSettingsHint is how to give a command run by hand the settings
// the service runs with (deploy/resale.service).
const serviceSettingsHint = "run it with the service's settings (as root: set -a; . /etc/resale/resale.env; set +a; export RESALE_ENV=production DATA_DIR=/var/lib/resale)"

// wrongPhotosHint names the settings that say where the photos are.
func wrongPhotosHint(cfg *config) string {
	if cfg.S3.Endpoint != "" {
		return "check S3_ENDPOINT and S3_BUCKET, or " + serviceSettingsHint
	}
	return "check UPLOAD_DIR (or DATA_DIR, whose uploads folder it is by default), or " + serviceSettingsHint
}

// openUploadsToRead opens the upload folder for a backup, which only
// reads it: a folder that is not there is not made (in whatever folder
// the command was run from) but read as holding no photo, so a database
// that names photos fails the backup naming the wrong setting, and one
// that names none (a shop with no photo yet) is backed up.
func openUploadsToRead(cfg *config) (media.Storage, error) {
	if _, err := os.Stat(cfg.UploadDir); errors.Is(err, fs.ErrNotExist) {
		return absentFolder(cfg.UploadDir), nil
	}
	d, err := media.OpenDir(cfg.UploadDir)
	if err != nil {
		return nil, fmt.Errorf("UPLOAD_DIR: %w", err)
	}
	return d, nil
}

// absentFolder is an upload folder that does not exist, to a backup: it
// holds no photo and is named as missing in messages.
type absentFolder string

func (a absentFolder) Put(context.Context, string, []byte) error {
	return fmt.Errorf("the upload folder %s does not exist", string(a))
}
func (absentFolder) Open(context.Context, string) (io.ReadSeekCloser, error) {
	return nil, fs.ErrNotExist
}
func (absentFolder) Close() error                                         { return nil }
func (absentFolder) List(context.Context, func(media.Stored) error) error { return nil }
func (a absentFolder) String() string {
	return "the upload folder " + string(a) + ", which does not exist"
}

// backupCommand writes the database and the photos to a new folder.
func backupCommand(ctx context.Context, cfg *config, _ *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	to := fs.String("to", "", "")
	if err := fs.Parse(args); err != nil || *to == "" || fs.NArg() != 0 {
		return fmt.Errorf("%w: backup takes --to DIR", errUsage)
	}
	o, closeUploads, err := backupOptions(ctx, cfg, stdout, false)
	if err != nil {
		return err
	}
	defer closeUploads()
	m, err := backup.Backup(ctx, o, *to, versionLine())
	var none *backup.NoPhotosError
	if errors.As(err, &none) {
		return fmt.Errorf("backup: %w: %s", err, wrongPhotosHint(cfg))
	}
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
	o, closeUploads, err := backupOptions(ctx, cfg, stdout, true)
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
