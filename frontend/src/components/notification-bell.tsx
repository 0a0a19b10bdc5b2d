import { Link } from "react-router-dom";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

/**
 * The header's bell: a link to /notifications with the unread count on it
 * (nothing on it at 0; "99+" past 99). Its name says the count, so a
 * screen reader hears it.
 */
export function NotificationBell({ count }: { count: number }) {
  const { t, locale } = useLanguage();
  const shown = count > 99 ? `${formatNumber(99, locale)}+` : formatNumber(count, locale);
  const label = count > 0 ? t("Notifications, {count} unread", { count }) : t("Notifications");
  return (
    <Link to="/notifications" className="btn btn-square btn-ghost btn-sm relative sm:btn-md" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path strokeLinecap="round" d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span className="badge badge-error badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[10px] font-bold" aria-hidden="true" data-testid="unread-count">
          {shown}
        </span>
      )}
    </Link>
  );
}
