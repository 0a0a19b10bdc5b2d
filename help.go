package main

import (
	"fmt"
	"slices"

	"resale/demo"
)

// usage is the program's help: every command in a line or two.
var usage = fmt.Sprintf(`usage: resale [command]

commands:
  serve             run the web shop (the default)
  migrate up        apply pending database migrations
  migrate status    list migrations and whether they are applied
  admin create EMAIL [--name NAME]
                    make a new admin account and print a one-time link that
                    sets its password
  admin grant EMAIL make the existing account with that email an admin
  seed --demo       fill an empty shop with demo sellers, a buyer, an admin and %d laptops
  seed --demo --products N
                    also add N generated products with COPY (for benchmarks)
  backup --to DIR   write the database and the photos to a new folder DIR
  restore --from DIR [--force]
                    put a backup into an empty database and upload store
  version           print the version and the commit it was built from
  vapid-keys        print a new VAPID key pair for Web Push (VAPID_PUBLIC_KEY,
                    VAPID_PRIVATE_KEY)
  doctor            check the settings, database, upload store, mail server and
                    Stripe keys, one line each, changing nothing (exit 1 on a failure)

resale COMMAND --help says more about one command.
Settings come from the environment; see docs/configure.md, or resale serve --help.
`, demo.Products())

// settingsHelp names the settings a command reads.
const (
	databaseSettings = `Settings: DATABASE_URL (the database; default postgres://localhost:5432/resale),
MIGRATION_DATABASE_URL (the schema's owner, when DATABASE_URL is a data-only role),
DATABASE_DIRECT_URL (PostgreSQL itself, when DATABASE_URL is a pooler such as PgBouncer),
DATABASE_READ_URL and DATABASE_READ_MAX_LAG (a streaming replica for the public catalogue; 5s),
DB_CONNECT_WAIT (how long to wait for a database that is starting; 30s).
`
	photoSettings = `Photos: DATA_DIR (default .data, relative to the current folder) holds the
upload folder UPLOAD_DIR (default DATA_DIR/uploads), unless S3_ENDPOINT,
S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY name a bucket.
`
	serviceSettings = `Run it with the service's settings, or it works on another database or folder:
as root, set -a; . /etc/resale/resale.env; set +a;
export RESALE_ENV=production DATA_DIR=/var/lib/resale (as deploy/resale.service).
`
)

// commandHelp is each command's own help, for resale COMMAND --help.
var commandHelp = map[string]string{
	"serve": `usage: resale serve

Runs the web shop, the command when none is given: applies pending database
migrations, then serves the API and the web app on ADDR until SIGTERM or
SIGINT, when it finishes the requests in flight.

` + databaseSettings + photoSettings + `Others: ADDR (:8080), PUBLIC_URL, RESALE_ENV (development or production),
JWT_SECRET, TZ, CURRENCY, LOG_FORMAT, LOG_LEVEL, METRICS_ADDR, TRUSTED_PROXIES, SMTP_URL,
MAIL_FROM, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET,
GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, ADMIN_EMAIL (the first admin, made at
start with its one-time link in the log; see resale admin --help) and the
limits in docs/configure.md.
resale doctor checks them all.
`,
	"migrate": `usage: resale migrate up
       resale migrate status

up applies the pending database migrations (serve does it at every start);
status lists every migration and whether it is applied, changing nothing.

` + databaseSettings,
	"admin": `usage: resale admin create EMAIL [--name NAME]
       resale admin grant EMAIL

create makes a new admin account with that email, counted as verified and
needing no photo, and prints a one-time link, PUBLIC_URL/reset-password?token=...,
that sets its password: it works once, within 24 hours; until then the
account cannot sign in with a password. NAME defaults to the email's part
before the @. An email that has an account already is refused: grant it.

grant makes the existing account with that email an admin.

These and ADMIN_EMAIL are the only ways to make an admin, never the web: with
ADMIN_EMAIL set, serve makes that admin at start the same way when no account
has the email, and writes the link to its log.

` + databaseSettings + serviceSettings,
	"seed": fmt.Sprintf(`usage: resale seed --demo [--products N]

--demo fills an empty shop with demo data: 5 sellers, a buyer, an admin and
%d laptops with photos, some advertised, some sold, and 2 bookings. It prints
how to sign in: the sellers and the buyer share the password %s, the
admin's password is made at random and printed once. A shop that already
has the demo data is left as it is.
--products N also adds N generated products with COPY (for benchmarks).

`, demo.Products(), demo.Password) + databaseSettings + photoSettings,
	"backup": `usage: resale backup --to DIR

Writes the database (pg_dump, from PostgreSQL's client programs) and the
photos to DIR, a new folder, with a manifest of checksums. It fails when the
database names photos and none of them is in the upload store: the wrong
DATA_DIR, UPLOAD_DIR or bucket.

` + databaseSettings + photoSettings + serviceSettings,
	"restore": `usage: resale restore --from DIR [--force]

Puts the backup in DIR into an empty database and upload store, checking it
whole first; the database is restored in one transaction. --force replaces a
database that holds a shop. Stop every resale instance first.

` + databaseSettings + photoSettings + serviceSettings,
	"version": `usage: resale version

Prints the version and the commit it was built from. It needs no settings.
`,
	"vapid-keys": `usage: resale vapid-keys

Prints a new VAPID key pair and a VAPID_SUBJECT to fill in, as settings for
the environment file: with them the shop pushes notifications to the browsers
its users enable (docs/configure.md, "Web Push"). Keep the pair: browsers
subscribed with the public key take pushes signed by its private key only, so
a new pair means every user enables push again. Reads no settings.
`,
	"doctor": `usage: resale doctor

Checks the settings, the database, the upload store, the mail server and the
Stripe keys, one line each with what to fix, changing nothing. Exit 1 when a
check fails.

Run it with the service's settings to check the service's.
`,
	"help": `usage: resale help [COMMAND]

Prints what the commands are, or one command's help.
`,
}

// wantsHelp tells whether a command's arguments ask for its help.
func wantsHelp(args []string) bool {
	return slices.Contains(args, "--help") || slices.Contains(args, "-h") || slices.Contains(args, "-help")
}
