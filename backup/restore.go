package backup

import (
	"bytes"
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
	"strings"

	"github.com/jackc/pgx/v5"

	"resale/media"
)

// RestoreOptions are a restore's own choices.
type RestoreOptions struct {
	Options
	// Force replaces a database that already holds a shop.
	Force bool
	// LatestSchema is the newest migration this program knows: a backup
	// of a newer schema needs the newer program.
	LatestSchema int64
}

// ReadManifest reads and checks a backup's manifest, without checking
// the files it lists.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("%s: %w", dir, unwrapPath(err))
		}
		return nil, fmt.Errorf("%s has no %s: it is not a backup made by resale backup, or not a whole one", dir, ManifestName)
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, unwrapPath(err))
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s is damaged: %v", path, err)
	}
	switch {
	case m.Format != Format:
		return nil, fmt.Errorf("%s is of backup format %d; this program reads format %d", path, m.Format, Format)
	case m.Database.Name != DumpName || m.Database.SHA256 == "":
		return nil, fmt.Errorf("%s is damaged: it names no database dump", path)
	case m.SchemaVersion <= 0 || len(m.Rows) == 0:
		return nil, fmt.Errorf("%s is damaged: no schema version or row counts", path)
	}
	for _, p := range m.Photos {
		if !photoName.MatchString(p.Name) {
			return nil, fmt.Errorf("%s is damaged: %q is not a photo's name", path, p.Name)
		}
	}
	for t := range m.Rows {
		if t == "" || strings.ContainsAny(t, "\x00") {
			return nil, fmt.Errorf("%s is damaged: a table without a name", path)
		}
	}
	return &m, nil
}

// Verify checks every file of the backup against the manifest's sizes
// and checksums.
func Verify(dir string, m *Manifest) error {
	check := func(rel string, want File) error {
		got, err := sumFile(filepath.Join(dir, rel), want.Name)
		if err != nil {
			return fmt.Errorf("the backup in %s is incomplete: %s: %w", dir, rel, unwrapPath(err))
		}
		if got.Size != want.Size || got.SHA256 != want.SHA256 {
			return fmt.Errorf("the backup in %s is damaged: %s does not match its checksum in %s", dir, rel, ManifestName)
		}
		return nil
	}
	if err := check(DumpName, m.Database); err != nil {
		return err
	}
	for _, p := range m.Photos {
		if err := check(filepath.Join(PhotosDir, p.Name), p); err != nil {
			return err
		}
	}
	return nil
}

// Restore puts the backup in dir into the database and the upload store.
// It refuses, changing nothing, when the backup does not match its
// manifest or when the database already holds a shop (unless Force) or
// the upload store holds photos the backup does not have (unless Force).
func Restore(ctx context.Context, o RestoreOptions, dir string) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	if m.SchemaVersion > o.LatestSchema {
		return fmt.Errorf("the backup's schema (version %d) is newer than this program's (%d): restore it with the version that made it, %s", m.SchemaVersion, o.LatestSchema, m.Resale)
	}
	fmt.Fprintf(o.Progress, "checking the backup of %s (%d photos) against its manifest\n", m.Created.Format("2006-01-02 15:04:05 UTC"), len(m.Photos))
	if err := Verify(dir, m); err != nil {
		return err
	}

	conn, err := pgx.Connect(ctx, o.DatabaseURL)
	if err != nil {
		return fmt.Errorf("database: %w", err)
	}
	defer conn.Close(context.Background())
	pgRestore, psql, err := restoreTools(ctx, conn, m)
	if err != nil {
		return err
	}
	if err := checkReplaceable(ctx, o, conn, m); err != nil {
		return err
	}
	drop, err := dropEverything(ctx, conn)
	if err != nil {
		return err
	}

	// The photos first: were the database's restore to fail, they are
	// only unnamed photos, and a second restore finds them in place.
	if err := restorePhotos(ctx, o, dir, m); err != nil {
		return err
	}
	fmt.Fprintf(o.Progress, "restoring the database (schema version %d) with %s and %s, in one transaction\n", m.SchemaVersion, pgRestore.path, psql.path)
	return replay(ctx, o.DatabaseURL, pgRestore, psql, filepath.Join(dir, DumpName), drop, rowCheck(m))
}

// restoreTools finds the pg_restore that reads the backup's dump and the
// psql of the database server, which must be as new as the backup's.
func restoreTools(ctx context.Context, conn *pgx.Conn, m *Manifest) (pgRestore, psql pgTool, err error) {
	major, err := serverMajor(ctx, conn)
	if err != nil {
		return pgTool{}, pgTool{}, err
	}
	if major < m.PostgresMajor {
		return pgTool{}, pgTool{}, fmt.Errorf("the backup comes from PostgreSQL %d and this database server is %d: restore into PostgreSQL %d or newer", m.PostgresMajor, major, m.PostgresMajor)
	}
	// pg_restore reads archives of its own version and older
	pgRestore, err = findTool(ctx, "pg_restore", max(m.PgDumpMajor, major))
	if err != nil {
		return pgTool{}, pgTool{}, fmt.Errorf("%w (the backup was dumped by pg_dump %d; the server is PostgreSQL %d)", err, m.PgDumpMajor, major)
	}
	psql, err = findTool(ctx, "psql", major)
	if err != nil {
		return pgTool{}, pgTool{}, err
	}
	return pgRestore, psql, nil
}

// checkReplaceable looks at what is there now: a database holding
// anything, or photos the backup lacks, are refused without Force; with
// it, they are said, and another session connected is refused.
func checkReplaceable(ctx context.Context, o RestoreOptions, conn *pgx.Conn, m *Manifest) error {
	present, err := describeDatabase(ctx, conn)
	if err != nil {
		return err
	}
	inBackup := map[string]bool{}
	for _, p := range m.Photos {
		inBackup[p.Name] = true
	}
	var others int
	err = o.Photos.List(ctx, func(s media.Stored) error {
		if !inBackup[s.Key] {
			others++
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !o.Force {
		switch {
		case present != "":
			return fmt.Errorf("the database is not empty (%s): restore refuses to replace it without --force", present)
		case others > 0:
			return fmt.Errorf("%s holds %d photos that are not in the backup: restore refuses to mix them in without --force", o.Photos.String(), others)
		}
		return nil
	}
	var sessions int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`).Scan(&sessions); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	if sessions > 0 {
		return fmt.Errorf("%d other sessions are connected to the database: stop every resale instance (systemctl stop resale) before a restore", sessions)
	}
	if present != "" {
		fmt.Fprintf(o.Progress, "--force: replacing everything in the database (%s)\n", present)
	}
	if others > 0 {
		fmt.Fprintf(o.Progress, "--force: keeping the %d photos in %s that are not in the backup (nothing will name them)\n", others, o.Photos.String())
	}
	return nil
}

// restorePhotos copies the backup's photos into the upload store, each
// checked again against the manifest as it is read.
func restorePhotos(ctx context.Context, o RestoreOptions, dir string, m *Manifest) error {
	fmt.Fprintf(o.Progress, "copying %d photos into %s\n", len(m.Photos), o.Photos.String())
	for _, p := range m.Photos {
		b, err := os.ReadFile(filepath.Join(dir, PhotosDir, p.Name))
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != p.SHA256 {
			return fmt.Errorf("the backup in %s changed while it was restored: %s", dir, p.Name)
		}
		if err := o.Photos.Put(ctx, p.Name, b); err != nil {
			return err
		}
	}
	return nil
}

// describeDatabase says what the database holds, in a few words, or ""
// when it has no table, view or sequence of its own.
func describeDatabase(ctx context.Context, conn *pgx.Conn) (string, error) {
	var relations int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_%'
		AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`).Scan(&relations); err != nil {
		return "", fmt.Errorf("database: %w", err)
	}
	if relations == 0 {
		return "", nil
	}
	parts := []string{fmt.Sprintf("%d tables, views and sequences", relations)}
	var version *int64
	if conn.QueryRow(ctx, "SELECT max(version_id) FROM public.goose_db_version").Scan(&version) == nil && version != nil {
		parts = append(parts, fmt.Sprintf("a shop at schema version %d", *version))
		for _, t := range []string{"users", "products", "bookings", "payments"} {
			var n int64
			if conn.QueryRow(ctx, "SELECT count(*) FROM public."+t).Scan(&n) == nil {
				parts = append(parts, fmt.Sprintf("%d %s", n, t))
			}
		}
	}
	return strings.Join(parts, ", "), nil
}

// dropEverything is SQL that removes every object of the database's own
// schemas (public kept, emptied), so the dump can be replayed into it.
func dropEverything(ctx context.Context, conn *pgx.Conn) (string, error) {
	rows, err := conn.Query(ctx, `
		SELECT 'DROP SCHEMA IF EXISTS ' || quote_ident(nspname) || ' CASCADE;'
		FROM pg_namespace
		WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname NOT LIKE 'pg\_%'
		UNION ALL
		SELECT 'DROP EXTENSION IF EXISTS ' || quote_ident(e.extname) || ' CASCADE;'
		FROM pg_extension e WHERE e.extnamespace = 'public'::regnamespace
		UNION ALL
		SELECT 'DROP ' || CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
			WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END
			|| ' IF EXISTS public.' || quote_ident(c.relname) || ' CASCADE;'
		FROM pg_class c
		WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
			-- a column's own sequence goes with its table
			AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'i', 'a'))
		UNION ALL
		SELECT 'DROP ' || CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END
			|| ' IF EXISTS public.' || quote_ident(p.proname) || '(' || pg_get_function_identity_arguments(p.oid) || ') CASCADE;'
		FROM pg_proc p
		WHERE p.pronamespace = 'public'::regnamespace
			AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
		UNION ALL
		SELECT 'DROP ' || CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END
			|| ' IF EXISTS public.' || quote_ident(t.typname) || ' CASCADE;'
		FROM pg_type t
		WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r', 'c')
			AND (t.typtype <> 'c' OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
			AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')`)
	if err != nil {
		return "", fmt.Errorf("database: listing what to replace: %w", err)
	}
	stmts, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", fmt.Errorf("database: listing what to replace: %w", err)
	}
	return strings.Join(stmts, "\n") + "\n", nil
}

// rowCheck is SQL that fails the restore's transaction unless every table
// holds the rows the manifest counted.
func rowCheck(m *Manifest) string {
	var b strings.Builder
	b.WriteString("DO $resale_check$ DECLARE n bigint; BEGIN\n")
	for t, want := range m.Rows {
		id := pgx.Identifier{"public", t}.Sanitize()
		lit := strings.ReplaceAll(t, "'", "''")
		fmt.Fprintf(&b, "SELECT count(*) INTO n FROM %s; IF n <> %d THEN RAISE EXCEPTION 'the restored table %s has %% rows, the manifest says %d', n; END IF;\n", id, want, lit, want)
	}
	b.WriteString("END $resale_check$;\n")
	return b.String()
}

// replay feeds psql, in one transaction: the drops, the dump as
// pg_restore writes it out as SQL (owners and grants left out, so it
// restores as whoever runs it), and the row check.
func replay(ctx context.Context, dbURL string, pgRestore, psql pgTool, dump, drop, check string) error {
	conn, env := toolConn(dbURL)
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	var restoreErr bytes.Buffer
	restore := exec.CommandContext(ctx, pgRestore.path, "--no-owner", "--no-privileges", "--file=-", dump)
	restore.Stdout, restore.Stderr = w, &restoreErr
	if err := restore.Start(); err != nil {
		w.Close()
		return fmt.Errorf("pg_restore: %w", err)
	}
	w.Close()
	var psqlErr bytes.Buffer
	apply := exec.CommandContext(ctx, psql.path, "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1",
		"--single-transaction", "--output=/dev/null", "--file=-", "--dbname="+conn)
	apply.Env = env
	apply.Stdin = io.MultiReader(strings.NewReader(drop), r, strings.NewReader(check))
	apply.Stderr = &psqlErr
	applyErr := apply.Run()
	r.Close() // a pg_restore still writing stops
	restoreWait := restore.Wait()
	switch {
	case restoreWait != nil && restoreErr.Len() > 0:
		return fmt.Errorf("%w; the database is unchanged", toolError("pg_restore", restoreWait, restoreErr.String()))
	case applyErr != nil:
		return fmt.Errorf("%w; the database is unchanged", toolError("psql", applyErr, psqlErr.String()))
	case restoreWait != nil:
		return toolError("pg_restore", restoreWait, "")
	}
	return nil
}
