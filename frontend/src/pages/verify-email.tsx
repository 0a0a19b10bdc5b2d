import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PASSWORD_NEEDED, useLinkState, useVerifyEmail, VERIFY_CHECK_KEY, type Verified, type VerifyEmailBody } from "@/api/account";
import { NewPasswordFields, PasswordField, useNewPassword } from "@/components/form-field";
import { NoticeCard } from "@/components/notice-card";
import { SubmitButton } from "@/components/submit-button";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** Where the page is: before the press, asking for more, or done. */
type Step =
  | { kind: "confirm"; error?: string }
  | { kind: "proof"; email: string }
  | { kind: "verified" | "takenOver"; email: string; signedIn: boolean; stillAs?: string }
  | { kind: "failed"; message: string };

type Send = (body: Omit<VerifyEmailBody, "token">, how: "verified" | "takenOver") => Promise<ApiError | null>;

/**
 * /verify-email?token=...: the link of the welcome email. Nothing is spent
 * on arrival (mail scanners and link previews open links): the page only
 * asks whether the link still works, so that a used or expired one says
 * so at once; a button posts the token. With the account's own session that verifies the address.
 * Otherwise, when the account had a password before its address was
 * proven, the link alone changes nothing and the page asks for that
 * password, or offers "I did not create this account", which sets a new
 * one and takes the account over. A token in the answer signs in here;
 * another account's session here is never replaced. Each end says what
 * happened.
 */
export default function VerifyEmail() {
  const t = useT();
  usePageTitle(t("Verify your email"));
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const auth = useAuth();
  const { trigger, isMutating } = useVerifyEmail();
  const [step, setStep] = useState<Step>({ kind: "confirm" });
  const { data: link, isLoading: checking } = useLinkState(VERIFY_CHECK_KEY, token);

  // send posts the token with body; it moves the page on, or returns the
  // error a form shows under its fields.
  const send: Send = async (body, how) => {
    try {
      const res: Verified = await trigger({ token, ...body });
      if (res.accessToken) auth.login(res.accessToken, res.user);
      const stillAs = !res.accessToken && auth.user && auth.user._id !== res.user._id ? auth.user.email : undefined;
      setStep({ kind: how, email: res.user.email, signedIn: Boolean(res.accessToken) || auth.user?._id === res.user._id, stillAs });
      return null;
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, t("This link did not work."));
      if (e.code === PASSWORD_NEEDED && typeof e.body.email === "string") setStep({ kind: "proof", email: e.body.email });
      else if (e.code === "token_unusable" || e.code === "already_verified") setStep({ kind: "failed", message: e.message });
      else if (e.status === 401 || step.kind === "confirm") setStep({ kind: "confirm", error: e.message });
      else return e;
      return null;
    }
  };

  if (!token) {
    return (
      <NoticeCard title={t("This link is not complete")} tone="error">
        <p className="text-base-content/70">{t("Open the link from the email again. Logged in, you can ask for a new one from the banner at the top.")}</p>
      </NoticeCard>
    );
  }
  if (step.kind === "confirm" && checking) return <NoticeCard title={t("Checking the link…")} tone="busy" />;
  if (step.kind === "confirm" && link && link.state !== "valid") return <SpentLinkCard state={link.state} verified={link.emailVerified === true} signedIn={Boolean(auth.user)} />;
  switch (step.kind) {
    case "confirm":
      return (
        <NoticeCard title={t("Verify your email")} tone="info">
          <p className="text-base-content/70">{t("This link verifies the email address of a Resale account. Nothing changes until you press the button.")}</p>
          {auth.user && (
            <p className="text-sm text-base-content/60">
              <Emphasis text={t("You are logged in as {email}.", { email: auth.user.email })} words={[auth.user.email]} />
            </p>
          )}
          {step.error && (
            <p role="alert" className="text-sm text-error">
              {step.error}
            </p>
          )}
          <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={() => void send({}, "verified")} disabled={isMutating} aria-busy={isMutating}>
            {isMutating && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Confirm my email address")}
          </button>
        </NoticeCard>
      );
    case "proof":
      return <ProofCard email={step.email} me={auth.user?.email} busy={isMutating} send={send} />;
    case "failed":
      return (
        <NoticeCard title={t("We could not verify your email")} tone="error">
          <p role="alert" className="text-base-content/70">
            {step.message}
          </p>
          <p className="text-sm text-base-content/60">{t("A link works once and for a limited time. Logged in, you can ask for a new one from the banner at the top.")}</p>
          <HomeOrLogIn signedIn={Boolean(auth.user)} />
        </NoticeCard>
      );
    default:
      return <DoneCard step={step} />;
  }
}

/** A link that no longer works, said on arrival: used (the address may be verified by it), expired, or unknown. */
function SpentLinkCard({ state, verified, signedIn }: { state: "used" | "expired" | "unknown"; verified: boolean; signedIn: boolean }) {
  const t = useT();
  if (verified) {
    return (
      <NoticeCard title={t("Your email is verified")} tone="ok">
        <p className="text-base-content/70">
          {state === "used" ? t("This link was already used: your email is verified. There is nothing more to do.") : t("This link has expired, but your email is verified already. There is nothing more to do.")}
        </p>
        <HomeOrLogIn signedIn={signedIn} />
      </NoticeCard>
    );
  }
  const title = { used: t("This link was already used"), expired: t("This link has expired"), unknown: t("This link does not work") }[state];
  return (
    <NoticeCard title={title} tone="error">
      <p className="text-base-content/70">
        {state === "expired" ? t("A verification link works for two days.") : t("A link works once and for a limited time.")}{" "}
        {signedIn ? t("Ask for a new one from the banner at the top.") : t("Log in, then ask for a new one from the banner at the top.")}
      </p>
      <HomeOrLogIn signedIn={signedIn} />
    </NoticeCard>
  );
}

/** The end: the address is verified, and maybe the account taken over; says who is logged in here. */
function DoneCard({ step }: { step: Extract<Step, { kind: "verified" | "takenOver" }> }) {
  const t = useT();
  const tookOver = step.kind === "takenOver";
  return (
    <NoticeCard title={tookOver ? t("The account is yours") : t("Your email is verified")} tone="ok">
      <p className="text-base-content/70">
        <Emphasis
          text={
            tookOver
              ? t("{email} is verified and has your new password. The old password no longer works and everyone else was logged out. Its settings went back to the start: check the name and phone in Settings.", { email: step.email })
              : t("Thank you. {email} is now verified: you can book, list and message.", { email: step.email })
          }
          words={[step.email]}
        />
      </p>
      {step.stillAs && (
        <p className="text-sm text-base-content/70">
          <Emphasis text={t("You are still logged in as {me}. To use {email}, log out and log in with its password.", { me: step.stillAs, email: step.email })} words={[step.stillAs, step.email]} />
        </p>
      )}
      {!step.stillAs && step.signedIn && (
        <p className="text-sm text-base-content/60">
          <Emphasis text={t("You are logged in as {email}.", { email: step.email })} words={[step.email]} />
        </p>
      )}
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">
        {tookOver && step.signedIn && (
          <Link to="/settings" className="btn btn-outline">
            {t("Go to Settings")}
          </Link>
        )}
        <HomeOrLogIn signedIn={step.signedIn || Boolean(step.stillAs)} />
      </div>
    </NoticeCard>
  );
}

/** Emphasis shows a text with the addresses in it in bold; a long address may break anywhere on a phone. */
function Emphasis({ text, words }: { text: string; words: string[] }) {
  const wanted = words.filter(Boolean);
  if (wanted.length === 0) return text;
  const escaped = wanted.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return text.split(new RegExp(`(${escaped.join("|")})`)).map((part, i) =>
    wanted.includes(part) ? (
      <strong key={i} className="font-semibold text-base-content [overflow-wrap:anywhere]">
        {part}
      </strong>
    ) : (
      part
    ),
  );
}

function HomeOrLogIn({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return (
    <Link to={signedIn ? "/home" : "/login"} className="btn btn-primary">
      {signedIn ? t("Go to the home page") : t("Log In")}
    </Link>
  );
}

/** The link alone is not enough: the account's password, or "I did not create this account". */
function ProofCard({ email, me, busy, send }: { email: string; me?: string; busy: boolean; send: Send }) {
  const t = useT();
  const [takeOver, setTakeOver] = useState(false);
  return (
    <NoticeCard title={t("Is this your account?")} tone="info">
      <p className="text-base-content/70">
        <Emphasis text={t("This link is for {email}. That account was given a password before its email was verified, so the link alone is not enough: enter that password to keep it.", { email })} words={[email]} />
      </p>
      {me && me !== email && (
        <p className="text-sm text-base-content/60">
          <Emphasis text={t("You are logged in as {email}.", { email: me })} words={[me]} />
        </p>
      )}
      <PasswordForm email={email} busy={busy} send={send} />
      <div className="divider my-0 w-full text-sm text-base-content/60">{t("or")}</div>
      {takeOver ? (
        <TakeOverForm busy={busy} send={send} />
      ) : (
        <button type="button" className="btn btn-outline w-full" onClick={() => setTakeOver(true)}>
          {t("I did not create this account")}
        </button>
      )}
      <p className="text-sm text-base-content/60">{t("Not your email address? Close this page: nothing has changed.")}</p>
    </NoticeCard>
  );
}

function PasswordForm({ email, busy, send }: { email: string; busy: boolean; send: Send }) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(undefined);
    const err = await send({ password }, "verified");
    if (err) setError(err.fields.password ? t("That is not this account's password.") : err.message);
  }

  return (
    <form className="flex w-full flex-col gap-4 text-left" onSubmit={onSubmit} aria-label={t("Verify with this password")}>
      {/* for password managers: whose password this is */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id="verify-password"
        name="password"
        label={t("Password of this account")}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={error}
      />
      <SubmitButton busy={busy}>{t("Verify with this password")}</SubmitButton>
    </form>
  );
}

function TakeOverForm({ busy, send }: { busy: boolean; send: Send }) {
  const t = useT();
  const fields = useNewPassword();
  const { password, setErrors } = fields;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!fields.check()) return;
    const err = await send({ newPassword: password }, "takenOver");
    if (err) setErrors({ password: err.fields.newPassword ?? err.message });
  }

  return (
    <form className="flex w-full flex-col gap-4 text-left" onSubmit={onSubmit} aria-label={t("I did not create this account")}>
      <h2 className="text-lg font-semibold">{t("I did not create this account")}</h2>
      <p className="text-sm text-base-content/70">
        {t(
          "If someone else signed up with your email address, choose a new password to make the account yours. Their password stops working, everyone logged in to the account is logged out, and what they set goes back to the start: phone, photo, email settings, saved searches, favourites and blocks; a seller account becomes a buyer account.",
        )}
      </p>
      <NewPasswordFields id="takeover" name="new-password" state={fields} />
      <SubmitButton busy={busy}>{t("Make this account mine")}</SubmitButton>
    </form>
  );
}
