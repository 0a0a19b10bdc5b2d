import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useUnsubscribe } from "@/api/notifications";
import { NoticeCard } from "@/components/notice-card";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/**
 * /unsubscribe?token=...: the "unsubscribe" link of a notification email.
 * Nothing happens on arrival (a mail scanner opening links must not
 * unsubscribe anyone): a button posts the token, which turns that kind of
 * email off.
 */
export default function Unsubscribe() {
  const t = useT();
  usePageTitle(t("Unsubscribe"));
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const { user } = useAuth();
  const { trigger, isMutating } = useUnsubscribe();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onConfirm() {
    setError(null);
    try {
      await trigger(token);
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : t("Could not unsubscribe. Please try again."));
    }
  }

  const settings = (
    <Link to={user ? "/settings/notifications" : "/login"} className="link link-primary text-sm" state={user ? undefined : { from: { pathname: "/settings/notifications" } }}>
      {t("Choose every kind of email in your settings")}
    </Link>
  );
  if (!token) {
    return (
      <NoticeCard title={t("This link is not complete")} tone="error">
        <p className="text-base-content/70">{t("Open the unsubscribe link from the email again.")}</p>
        {settings}
      </NoticeCard>
    );
  }
  if (done) {
    return (
      <NoticeCard title={t("You are unsubscribed")} tone="ok">
        <p className="text-base-content/70">{t("We will not email you this kind of notification any more. You still see it in the app.")}</p>
        {settings}
      </NoticeCard>
    );
  }
  return (
    <NoticeCard title={t("Unsubscribe from these emails?")} tone="info">
      <p className="text-base-content/70">{t("You will stop getting this kind of email from Resale. It still shows under the bell in the app.")}</p>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => void onConfirm()} disabled={isMutating} aria-busy={isMutating}>
        {isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t("Unsubscribe")}
      </button>
      {settings}
    </NoticeCard>
  );
}
