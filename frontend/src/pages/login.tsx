import { useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { googleLoginUrl, useLogin, type AuthResponse } from "@/api/auth";
import { useCategories, type Category } from "@/api/categories";
import { useConfig } from "@/api/config";
import { AuthCard } from "@/components/auth-card";
import { EmailField, TextField } from "@/components/form-field";
import { GoogleButton } from "@/components/google-button";
import { PhoneSignIn } from "@/components/phone-sign-in";
import { SubmitButton } from "@/components/submit-button";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { armAction } from "@/lib/pending-action";
import { useT, type Translate } from "@/lib/i18n";
import { returnPath } from "@/lib/return-path";
import { usePageTitle } from "@/lib/title";

type Errors = { email?: string; password?: string };

/** Why a visitor was sent here, as the page that sent them said: to book or to report a laptop. */
export type LoginReason = "book" | "report" | "chat" | "favourite" | "savedSearch";

/**
 * loginReason tells a visitor sent here why: what the page they came from
 * needs ("Log in to see all HP laptops"), or what they tried to do there.
 * Null when they came of their own accord.
 */
export function loginReason(state: unknown, categories: Category[] | undefined, t: Translate): string | null {
  const s = typeof state === "object" && state !== null ? (state as { from?: unknown; reason?: unknown }) : {};
  if (s.reason === "book") return t("Log in to book this laptop.");
  if (s.reason === "report") return t("Log in to report this laptop.");
  if (s.reason === "chat") return t("Log in to chat with the seller.");
  if (s.reason === "favourite") return t("Log in to save this laptop to your favourites.");
  if (s.reason === "savedSearch") return t("Log in to save this search.");
  const from = s.from;
  const pathname =
    typeof from === "string" ? from : typeof from === "object" && from !== null ? (from as { pathname?: unknown }).pathname : undefined;
  if (typeof pathname !== "string") return null;
  const category = /^\/categorys\/([^/]+)\/?$/.exec(pathname);
  if (category) {
    const name = categories?.find((c) => c._id === decodeURIComponent(category[1]!))?.name;
    return name ? t("Log in to see all {brand} laptops.", { brand: name }) : t("Log in to see all the laptops of this brand.");
  }
  if (pathname === "/dashboard/payment" || pathname.startsWith("/dashboard/payment/")) return t("Log in to pay for your booking.");
  if (pathname === "/dashboard" || pathname.startsWith("/dashboard/")) return t("Log in to see your dashboard.");
  return null;
}

/** How a visitor logs in: the spec's email and password, or (#35) a verified phone and a code by SMS. */
type Way = "email" | "phone";

/** WayTabs switch between the email and the phone log-in; shown only where the shop sends SMS. */
function WayTabs({ way, onChange }: { way: Way; onChange: (w: Way) => void }) {
  const t = useT();
  const tabs: { value: Way; label: string }[] = [
    { value: "email", label: t("Email and password") },
    { value: "phone", label: t("Phone and code") },
  ];
  return (
    <div role="tablist" aria-label={t("How to log in")} className="tabs tabs-box w-full">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={`login-tab-${tab.value}`}
          aria-selected={way === tab.value}
          aria-controls="login-panel"
          tabIndex={way === tab.value ? 0 : -1}
          className={`tab flex-1 ${way === tab.value ? "tab-active font-semibold" : "text-base-content/80"}`}
          onClick={() => onChange(tab.value)}
          onKeyDown={(e) => {
            if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
            const next: Way = way === "email" ? "phone" : "email";
            onChange(next);
            document.getElementById(`login-tab-${next}`)?.focus();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** /login: email and password, a phone and a code (#35) or Google sign-in, then back to where the user was. */
export default function Login() {
  const t = useT();
  usePageTitle(t("Log In"));
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const from = returnPath(location.state, search);
  const { data: config } = useConfig();
  const { data: categories } = useCategories();
  const reason = loginReason(location.state, categories, t);
  const { trigger, isMutating } = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [signedIn, setSignedIn] = useState(false);
  const [way, setWay] = useState<Way>(search.get("with") === "phone" ? "phone" : "email");
  const phoneOn = config?.sms === true;
  // A failed Google round trip comes back as /login?error=<message>.
  const googleError = search.get("error");

  // Already signed in: nothing to do here. (Not after signing in on this
  // page: that navigates to `from` itself.)
  if (auth.user && !signedIn) return <Navigate to="/home" replace />;

  function signedInWith(res: AuthResponse) {
    setSignedIn(true);
    auth.login(res.accessToken, res.user);
    // the action that sent them here (Save, Book...) is finished there
    armAction(from, res.user._id);
    toast.success(t("Login Success"));
    void navigate(from, { replace: true });
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    try {
      signedInWith(await trigger({ email: email.trim(), password }));
    } catch (err) {
      const message = err instanceof Error ? err.message : t("Login failed. Try again.");
      const fields = err instanceof ApiError ? err.fields : {};
      // The spec puts the server's message under the password field.
      setErrors({ email: fields.email, password: fields.password ?? message });
    }
  }

  return (
    <AuthCard
      title={t("Log In")}
      subtitle={t("Welcome back. Log in to book laptops and manage your ads.")}
      asideTitle={t("Good laptops, fair prices, real people.")}
      asidePoints={[t("Book a laptop and meet the seller"), t("Pay the seller in cash when you meet"), t("Post your own ads for free")]}
    >
      {reason && (
        <p role="status" className="alert alert-info alert-soft text-sm">
          {reason}
        </p>
      )}
      {phoneOn && <WayTabs way={way} onChange={setWay} />}
      {/* no label on the panel: the journeys find the email field by its label, "Email" */}
      <div id={phoneOn ? "login-panel" : undefined} role={phoneOn ? "tabpanel" : undefined}>
        {phoneOn && way === "phone" ? (
          <PhoneSignIn onSignedIn={signedInWith} />
        ) : (
          <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Log In")}>
            <EmailField id="login-email" value={email} onChange={setEmail} error={errors.email} />
            <TextField
              id="login-password"
              name="password"
              type="password"
              label={t("Password")}
              autoComplete="current-password"
              placeholder={t("Your password")}
              value={password}
              onChange={setPassword}
              error={errors.password}
            />
            <div className="-mt-1 flex justify-end">
              <Link to="/forgot-password" className="link link-hover text-sm text-base-content/80">
                {t("Forgot password?")}
              </Link>
            </div>
            <SubmitButton busy={isMutating}>{t("Login")}</SubmitButton>
          </form>
        )}
      </div>

      {config?.googleEnabled && (
        <div className="flex flex-col gap-3">
          <div className="divider my-0 text-sm text-base-content/60">{t("OR")}</div>
          <GoogleButton href={googleLoginUrl(from)} />
        </div>
      )}
      {googleError && (
        <p role="alert" className="text-sm text-error">
          {googleError}
        </p>
      )}

      <p className="text-center text-sm">
        {t("New to Resale?")}{" "}
        <Link to="/signup" state={{ from }} className="link link-primary font-medium">
          {t("Create an account")}
        </Link>
      </p>
    </AuthCard>
  );
}
