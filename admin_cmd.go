package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"

	"resale/api"
	"resale/auth"
	"resale/store"
)

// adminCommand is the only way to make an admin: from the shop owner's
// shell (or ADMIN_EMAIL, ensureAdminEmail), never over HTTP. grant makes
// an existing account an admin; create makes a new admin account and
// prints the one-time link that sets its password.
func adminCommand(ctx context.Context, cfg *config, logger *slog.Logger, args []string, stdout io.Writer) error {
	switch {
	case len(args) == 2 && args[0] == "grant":
		return adminGrant(ctx, cfg, logger, args[1], stdout)
	case len(args) > 0 && args[0] == "create":
		email, name, err := parseAdminCreate(args[1:])
		if err != nil {
			return err
		}
		return adminCreate(ctx, cfg, logger, email, name, stdout)
	}
	return fmt.Errorf("%w: admin takes grant EMAIL, or create EMAIL [--name NAME]", errUsage)
}

// adminGrant makes the live account with the email an admin.
func adminGrant(ctx context.Context, cfg *config, logger *slog.Logger, email string, stdout io.Writer) error {
	pool, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer pool.Close()
	u, err := store.New(pool).GrantAdmin(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no account with the email %q: sign up first, then grant, or make a new admin account with resale admin create %s", email, email)
	}
	if err != nil {
		return err
	}
	logger.Info("admin granted", "user_id", u.ID)
	fmt.Fprintf(stdout, "%s (%s) is now an admin\n", u.Name, u.Email)
	return nil
}

// parseAdminCreate reads create's EMAIL [--name NAME], in either order,
// and checks them as sign-up does; the name defaults to the email's part
// before the @.
func parseAdminCreate(args []string) (email, name string, err error) {
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&name, "name", "", "")
	var emails []string
	for {
		if err := fs.Parse(args); err != nil {
			return "", "", fmt.Errorf("%w: admin create: %v", errUsage, err)
		}
		if fs.NArg() == 0 {
			break
		}
		emails = append(emails, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(emails) != 1 {
		return "", "", fmt.Errorf("%w: admin create takes one EMAIL [--name NAME]", errUsage)
	}
	if email, err = api.CheckEmail(emails[0]); err != nil {
		return "", "", fmt.Errorf("%w: admin create: the email %q %v", errUsage, emails[0], err)
	}
	named := false
	fs.Visit(func(f *flag.Flag) { named = named || f.Name == "name" })
	if !named {
		return email, defaultAdminName(email), nil
	}
	if name, err = api.CheckUserName(name); err != nil {
		return "", "", fmt.Errorf("%w: admin create: --name %v", errUsage, err)
	}
	return email, name, nil
}

// defaultAdminName is the name of an admin made without one: the email's
// part before the @ (a checked email's part is a valid name), cut to the
// longest name allowed.
func defaultAdminName(email string) string {
	local, _, _ := strings.Cut(email, "@")
	if r := []rune(local); len(r) > 100 {
		local = string(r[:100])
	}
	return local
}

// adminCreate makes a new admin account and prints its one-time link. An
// email that has an account already is an error saying what to run.
func adminCreate(ctx context.Context, cfg *config, logger *slog.Logger, email, name string, stdout io.Writer) error {
	secret, err := cfg.jwtSecret()
	if err != nil {
		return err
	}
	pool, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer pool.Close()
	st := store.New(pool)
	u, link, err := newAdmin(ctx, st, secret, cfg.PublicURL, email, name)
	if errors.Is(err, store.ErrConflict) {
		return emailTaken(ctx, st, email)
	}
	if err != nil {
		return err
	}
	logger.Info("admin created", "user_id", u.ID)
	fmt.Fprintf(stdout, "%s (%s) is an admin. Open this link within %s to choose the password; it works once:\n%s\n",
		u.Name, u.Email, linkLife, link)
	return nil
}

// linkLife says store.AdminLinkLife in words.
const linkLife = "24 hours"

// emailTaken is the error of admin create for an email an account has.
func emailTaken(ctx context.Context, st *store.Store, email string) error {
	if u, err := st.GetUserByEmail(ctx, email); err == nil && u.Role == store.RoleAdmin {
		return fmt.Errorf("%s is an admin already: to choose a new password, use Forgot password on the sign-in page (without SMTP_URL its email, link included, is written to the server's log)", email)
	}
	return fmt.Errorf("an account with the email %s exists already: make it an admin with resale admin grant %s", email, email)
}

// newAdmin makes an admin account (store.CreateAdmin) with the one-time
// link that sets its password: a password reset link, made as the reset
// emails' are (auth.AccountTokens), opening the app's reset page.
func newAdmin(ctx context.Context, st *store.Store, secret []byte, publicURL *url.URL, email, name string) (store.User, string, error) {
	tokens := auth.NewAccountTokens(secret)
	salt, hash := tokens.New()
	u, err := st.CreateAdmin(ctx, store.NewAdmin{Name: name, Email: email, Salt: salt, Hash: hash, LinkLife: store.AdminLinkLife})
	if err != nil {
		return store.User{}, "", err
	}
	return u, publicURL.String() + "/reset-password?token=" + url.QueryEscape(tokens.Token(salt)), nil
}

// ensureAdminEmail makes ADMIN_EMAIL's account at start, when no account
// has that email, and logs its one-time link, once: of two instances
// starting together, one makes it (store.CreateAdmin) and the other finds
// it. An account of another role that has the email is not made an admin
// (anyone may have signed up with it first): a warning says to grant it.
func ensureAdminEmail(ctx context.Context, cfg *config, st *store.Store, secret []byte, logger *slog.Logger) error {
	if cfg.AdminEmail == "" {
		return nil
	}
	// looked up first, so that later starts write nothing (an insert that
	// finds the email taken still spends an account id)
	u, err := st.GetUserByEmail(ctx, cfg.AdminEmail)
	if errors.Is(err, store.ErrNotFound) {
		var link string
		u, link, err = newAdmin(ctx, st, secret, cfg.PublicURL, cfg.AdminEmail, defaultAdminName(cfg.AdminEmail))
		if err == nil {
			logger.Info("ADMIN_EMAIL: admin account created; open the link within "+linkLife+" to choose its password (it works once)",
				"email", u.Email, "user_id", u.ID, "link", link)
			return nil
		}
		if errors.Is(err, store.ErrConflict) { // another instance made it meanwhile
			u, err = st.GetUserByEmail(ctx, cfg.AdminEmail)
		}
	}
	if err != nil {
		return fmt.Errorf("ADMIN_EMAIL: %w", err)
	}
	if u.Role != store.RoleAdmin {
		logger.Warn("ADMIN_EMAIL: an account that is not an admin has this email, and is left as it is, since anyone may have signed up with it: if it is yours, run resale admin grant EMAIL",
			"email", cfg.AdminEmail, "user_id", u.ID, "role", u.Role)
	}
	return nil
}
