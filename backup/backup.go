// Package backup writes a shop's database and photos to a folder and
// restores them from one.
//
// The database is dumped by pg_dump in its custom format, from a snapshot
// this package exports and keeps open meanwhile, so the row counts and the
// list of photos the database names, written to the manifest, are those of
// the very same moment as the dump. The photos are copied after the dump:
// photos are never deleted and a photo is stored before any row names it,
// so every photo the dump names is in the store by then. Photos uploaded
// while the backup runs may be copied too; nothing in the dump names them
// (harmless orphans, which the restored shop never shows).
//
// A restore checks the whole backup against its manifest before it
// changes anything, copies the photos into the upload store, then replays
// the dump through psql in one transaction that also checks every table's
// row count against the manifest: the database is restored whole or not
// at all.
package backup

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"resale/media"
)

// Format is the version of the backup folder's layout and manifest.
const Format = 1

const (
	// ManifestName, DumpName and PhotosDir are the parts of a backup folder.
	ManifestName = "manifest.json"
	DumpName     = "database.dump"
	PhotosDir    = "photos"
)

// Manifest describes one backup: what it holds, and each file's checksum.
type Manifest struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
	// Resale is the version of the program that made the backup.
	Resale string `json:"resale"`
	// SchemaVersion is the newest migration applied to the database.
	SchemaVersion int64 `json:"schemaVersion"`
	// PostgresMajor is the database server's major version; PgDumpMajor
	// that of the pg_dump that dumped it.
	PostgresMajor int `json:"postgresMajor"`
	PgDumpMajor   int `json:"pgDumpMajor"`
	// Database is the dump, pg_dump's custom format.
	Database File `json:"database"`
	// Rows is each table's row count in the dump (schema public).
	Rows map[string]int64 `json:"rows"`
	// PhotoSource is where the photos were copied from.
	PhotoSource string `json:"photoSource"`
	Photos      []File `json:"photos"`
	// MissingPhotos are photos the database names that the upload store
	// did not have when the backup was made (damage older than the backup).
	MissingPhotos []string `json:"missingPhotos,omitempty"`
}

// NoPhotosError is a backup that found none of the photos the database
// names: the upload store it was given is not the shop's.
type NoPhotosError struct {
	Named  int
	Source string
}

func (e *NoPhotosError) Error() string {
	return fmt.Sprintf("the database names %d photos but none of them is in %s", e.Named, e.Source)
}

// File is one file of the backup with its size and SHA-256.
type File struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Options are what both a backup and a restore work on.
type Options struct {
	// DatabaseURL is the database, as a role that may read (backup) or
	// create (restore) everything in it: the schema's owner.
	DatabaseURL string
	Photos      media.Lister
	// Progress gets a line for each step.
	Progress io.Writer
}

// Backup writes a backup to dir, which must not exist or be empty. It
// is written beside dir under a temporary name and renamed at the end,
// so dir is either a whole backup or absent.
func Backup(ctx context.Context, o Options, dir, resaleVersion string) (*Manifest, error) {
	dir = filepath.Clean(dir)
	tmp, err := partialDir(dir)
	if err != nil {
		return nil, err
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()

	conn, err := pgx.Connect(ctx, o.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	defer conn.Close(context.Background())
	serverMajor, err := serverMajor(ctx, conn)
	if err != nil {
		return nil, err
	}
	// pg_dump refuses a server newer than itself
	pgDump, err := findTool(ctx, "pg_dump", serverMajor)
	if err != nil {
		return nil, fmt.Errorf("%w (the database server is PostgreSQL %d)", err, serverMajor)
	}

	m := &Manifest{Format: Format, Created: time.Now().UTC().Truncate(time.Second), Resale: resaleVersion,
		PostgresMajor: serverMajor, PgDumpMajor: pgDump.major, Rows: map[string]int64{}, PhotoSource: o.Photos.String()}
	named, err := dumpDatabase(ctx, o, conn, pgDump, tmp, m)
	if err != nil {
		return nil, err
	}
	// The photos, after the dump: every photo it names is stored by now.
	if err := copyPhotos(ctx, o, tmp, named, m); err != nil {
		return nil, err
	}

	if err := writeManifest(tmp, m); err != nil {
		return nil, err
	}
	if err := syncDir(filepath.Join(tmp, PhotosDir)); err != nil {
		return nil, err
	}
	if err := syncDir(tmp); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return nil, fmt.Errorf("cannot move the finished backup to %s: %w", dir, unwrapPath(err))
	}
	done = true
	if err := syncDir(filepath.Dir(dir)); err != nil {
		return nil, err
	}
	return m, nil
}

// partialDir makes the temporary folder a backup to dir is written in,
// beside dir, after checking that dir is absent or empty.
func partialDir(dir string) (string, error) {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return "", fmt.Errorf("%s already exists and is not empty: give a new folder", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("cannot use %s: %w", dir, unwrapPath(err))
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return "", fmt.Errorf("cannot make %s: %w", parent, unwrapPath(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".partial-")
	if err != nil {
		return "", fmt.Errorf("cannot write in %s: %w", parent, unwrapPath(err))
	}
	return tmp, nil
}

// dumpDatabase dumps the database into dir with pgDump, from a snapshot
// that also gives the manifest its schema version, row counts and the
// dump's checksum. It returns the photos the dump names.
func dumpDatabase(ctx context.Context, o Options, conn *pgx.Conn, pgDump pgTool, dir string, m *Manifest) ([]string, error) {
	// One snapshot for the dump and for what the manifest says of it.
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	defer tx.Rollback(context.Background())
	var snapshot string
	if err := tx.QueryRow(ctx, "SELECT pg_export_snapshot()").Scan(&snapshot); err != nil {
		return nil, fmt.Errorf("database: exporting a snapshot: %w", err)
	}
	named, err := describeSnapshot(ctx, tx, m)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(o.Progress, "dumping the database (schema version %d, PostgreSQL %d) with %s\n", m.SchemaVersion, m.PostgresMajor, pgDump.path)
	dumpPath := filepath.Join(dir, DumpName)
	connStr, env := toolConn(o.DatabaseURL)
	cmd := exec.CommandContext(ctx, pgDump.path, "--format=custom", "--snapshot="+snapshot, "--file="+dumpPath, "--dbname="+connStr)
	cmd.Env = env
	if err := runTool(cmd); err != nil {
		return nil, err
	}
	// the snapshot is needed no longer
	if err := tx.Rollback(ctx); err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := os.Chmod(dumpPath, 0o600); err != nil { // it holds password hashes
		return nil, err
	}
	if m.Database, err = sumFile(dumpPath, DumpName); err != nil {
		return nil, err
	}
	return named, nil
}

// describeSnapshot writes the snapshot's schema version and every table's
// row count into m, and returns the photos it names.
func describeSnapshot(ctx context.Context, tx pgx.Tx, m *Manifest) ([]string, error) {
	if err := tx.QueryRow(ctx, "SELECT coalesce(max(version_id), 0) FROM goose_db_version").Scan(&m.SchemaVersion); err != nil {
		return nil, fmt.Errorf("this database holds no Resale shop (no migrations table): %w", err)
	}
	tables, err := publicTables(ctx, tx)
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		var n int64
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM "+pgx.Identifier{"public", t}.Sanitize()).Scan(&n); err != nil {
			return nil, fmt.Errorf("database: counting %s: %w", t, err)
		}
		m.Rows[t] = n
	}
	return namedPhotos(ctx, tx)
}

// copyPhotos copies every stored photo into dir's photos folder, listing
// each in m, and notes in m the named photos the store did not have. None
// of them found is an error: the store given is not the shop's.
func copyPhotos(ctx context.Context, o Options, dir string, named []string, m *Manifest) error {
	fmt.Fprintf(o.Progress, "copying the photos from %s\n", m.PhotoSource)
	photos := filepath.Join(dir, PhotosDir)
	if err := os.Mkdir(photos, 0o700); err != nil {
		return err
	}
	copied := map[string]bool{}
	err := o.Photos.List(ctx, func(s media.Stored) error {
		f, err := copyPhoto(ctx, o.Photos, s.Key, photos)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // listed, then gone: not a photo the dump names
		}
		if err != nil {
			return err
		}
		m.Photos = append(m.Photos, f)
		copied[s.Key] = true
		return nil
	})
	if err != nil {
		return err
	}
	sort.Slice(m.Photos, func(i, j int) bool { return m.Photos[i].Name < m.Photos[j].Name })
	for _, k := range named {
		if !copied[k] {
			m.MissingPhotos = append(m.MissingPhotos, k)
		}
	}
	if n := len(m.MissingPhotos); n > 0 && n == len(named) {
		// not damage but the wrong place: a backup run without the
		// service's settings looks in another folder or bucket
		return &NoPhotosError{Named: n, Source: m.PhotoSource}
	} else if n > 0 {
		fmt.Fprintf(o.Progress, "warning: %d photos the database names were not in %s (first: %s); the shop shows them as missing now too\n", n, m.PhotoSource, m.MissingPhotos[0])
	}
	return nil
}

func serverMajor(ctx context.Context, conn *pgx.Conn) (int, error) {
	var num string
	if err := conn.QueryRow(ctx, "SHOW server_version_num").Scan(&num); err != nil {
		return 0, fmt.Errorf("database: %w", err)
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return 0, fmt.Errorf("database: server_version_num %q", num)
	}
	return n / 10000, nil
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// publicTables are the ordinary and partitioned tables of schema public
// (partitions are counted through their parent).
func publicTables(ctx context.Context, q querier) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`)
	if err != nil {
		return nil, fmt.Errorf("database: listing tables: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("database: listing tables: %w", err)
	}
	return names, nil
}

// namedPhotos are the keys of the photos the database holds (the images
// table has one row per stored photo, whoever uses it).
func namedPhotos(ctx context.Context, q querier) ([]string, error) {
	rows, err := q.Query(ctx, "SELECT key FROM images ORDER BY key")
	if err != nil {
		return nil, fmt.Errorf("database: listing photos: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("database: listing photos: %w", err)
	}
	return keys, nil
}

// photoName is the only shape of a photo's file name in a backup: a
// stored photo or thumbnail, never a path.
var photoName = regexp.MustCompile(`^[0-9a-f]{32}(-[0-9]+)?\.jpg$`)

func copyPhoto(ctx context.Context, from media.Storage, key, dir string) (File, error) {
	r, err := from.Open(ctx, key)
	if err != nil {
		return File{}, err
	}
	defer r.Close()
	path := filepath.Join(dir, key)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return File{}, fmt.Errorf("writing %s: %w", path, unwrapPath(err))
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return File{}, fmt.Errorf("copying photo %s: %w", key, err)
	}
	return File{Name: key, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

func sumFile(path, name string) (File, error) {
	f, err := os.Open(path)
	if err != nil {
		return File{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return File{}, fmt.Errorf("reading %s: %w", path, err)
	}
	return File{Name: name, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

func writeManifest(dir string, m *Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(dir, ManifestName)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, unwrapPath(err))
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", dir, err)
	}
	return nil
}

// unwrapPath drops the operation and path of an *fs.PathError, which the
// message around it already says.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
