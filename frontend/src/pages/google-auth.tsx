import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { useGoogleExchange } from "@/api/auth";
import { useAuth } from "@/lib/auth";
import { armAction } from "@/lib/pending-action";
import { useT } from "@/lib/i18n";
import { safePath } from "@/lib/return-path";
import { usePageTitle } from "@/lib/title";

/**
 * /auth/google?code=...&from=...: where the server sends the browser after
 * Google. Trades the one-time code for a token (exactly once, even when
 * React runs effects twice), signs in and goes back to `from`.
 */
export default function GoogleAuth() {
  const t = useT();
  usePageTitle(t("Google sign-in"));
  const [search] = useSearchParams();
  const code = search.get("code");
  const from = safePath(search.get("from"));
  const { login } = useAuth();
  const navigate = useNavigate();
  const { trigger } = useGoogleExchange();
  const [error, setError] = useState<string | null>(null);
  // The code is single-use: a second POST would fail and hide the first's success.
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    trigger({ code }).then(
      (res) => {
        login(res.accessToken, res.user);
        // the action that sent them here (Save, Book...) is finished there
        armAction(from, res.user._id);
        toast.success(t("LogIn Success"));
        void navigate(from, { replace: true });
      },
      (err: unknown) => setError(err instanceof Error ? err.message : t("Google sign-in failed. Try again.")),
    );
  }, [code, from, login, navigate, trigger, t]);

  const problem = code ? error : t("This sign-in link is incomplete. Start again from the log-in page.");
  if (!problem) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p className="text-base-content/70">{t("Signing you in with Google...")}</p>
      </div>
    );
  }
  return (
    <section className="card mx-auto w-full max-w-md bg-base-100 shadow-md" aria-labelledby="google-auth-title">
      <div className="card-body items-center gap-4 text-center">
        <div className="rounded-full bg-error/10 p-4 text-error" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </div>
        <h1 id="google-auth-title" className="text-2xl font-bold">
          {t("Google sign-in failed")}
        </h1>
        <p role="alert" className="text-error">
          {problem}
        </p>
        <Link to="/login" state={{ from }} className="btn btn-primary">
          {t("Back to Log In")}
        </Link>
      </div>
    </section>
  );
}
