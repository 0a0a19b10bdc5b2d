import { useT } from "@/lib/i18n";

type VerifyEmailBannerProps = {
  email: string;
  /** What the server said when a write was refused for it; replaces the usual line. */
  message?: string;
  onResend: () => void;
  /** True while the resend call is on its way. */
  busy: boolean;
  /** True once a new link has been asked for. */
  sent: boolean;
};

/** The strip (its own chunk) under the header while the signed-in user's email is not verified, with a Resend button. */
export default function VerifyEmailBanner({ email, message, onResend, busy, sent }: VerifyEmailBannerProps) {
  const t = useT();
  return (
    <div role="status" className="border-b border-warning/40 bg-warning/15">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2">
          <svg viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path strokeLinecap="round" strokeLinejoin="round" d="m3 7 9 6 9-6" />
          </svg>
          <span>{message ?? t("Please verify your email: open the link we sent to {email}.", { email })}</span>
        </p>
        {sent ? (
          <p className="shrink-0 font-medium">{t("A new link is on its way.")}</p>
        ) : (
          <button type="button" className="btn btn-warning btn-sm shrink-0 self-start sm:self-auto" onClick={onResend} disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("Resend the link")}
          </button>
        )}
      </div>
    </div>
  );
}
