import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useVerifyEmail } from "@/api/account";
import { NoticeCard } from "@/components/notice-card";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

type Result = { state: "busy" } | { state: "ok"; email: string } | { state: "failed"; message: string };

/**
 * /verify-email?token=...: the link of the welcome email. Posts the token
 * once on arrival and says how it went; the signed-in user is refreshed
 * (the banner goes). When the proof ended the account's other sessions,
 * the answer's token signs in here.
 */
export default function VerifyEmail() {
  const t = useT();
  usePageTitle(t("Verify your email"));
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const auth = useAuth();
  const { trigger } = useVerifyEmail();
  const [result, setResult] = useState<Result>({ state: "busy" });
  // A token works once: post it once, even when effects run twice.
  const posted = useRef<string | null>(null);

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    trigger(token)
      .then((res) => {
        if (res.accessToken) auth.login(res.accessToken, res.user);
        setResult({ state: "ok", email: res.user.email });
      })
      .catch((err: unknown) => {
        setResult({ state: "failed", message: err instanceof Error ? err.message : t("This link did not work.") });
      });
  }, [token, trigger, auth, t]);

  if (!token) {
    return (
      <NoticeCard title={t("This link is not complete")} tone="error">
        <p className="text-base-content/70">{t("Open the link from the email again. Logged in, you can ask for a new one from the banner at the top.")}</p>
      </NoticeCard>
    );
  }
  if (result.state === "busy") return <NoticeCard title={t("Verifying your email...")} tone="busy" />;
  if (result.state === "failed") {
    return (
      <NoticeCard title={t("We could not verify your email")} tone="error">
        <p role="alert" className="text-base-content/70">
          {result.message}
        </p>
        <p className="text-sm text-base-content/60">{t("A link works once and for a limited time. Logged in, you can ask for a new one from the banner at the top.")}</p>
        <Link to={auth.user ? "/home" : "/login"} className="btn btn-primary">
          {auth.user ? t("Go to the home page") : t("Log In")}
        </Link>
      </NoticeCard>
    );
  }
  return (
    <NoticeCard title={t("Your email is verified")} tone="ok">
      <p className="text-base-content/70">{t("Thank you. {email} is now verified: you can book, list and message.", { email: result.email })}</p>
      <Link to={auth.user ? "/home" : "/login"} className="btn btn-primary">
        {auth.user ? t("Go to the home page") : t("Log In")}
      </Link>
    </NoticeCard>
  );
}
