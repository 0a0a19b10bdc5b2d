import { Link } from "react-router-dom";
import { ChatIcon } from "@/components/product-parts";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

/**
 * The header's way to the inbox, beside the bell: a chat icon with the
 * number of threads that have unread messages (none at 0; "99+" past 99).
 * Its name says the count, so a screen reader hears it.
 */
export function MessagesLink({ count }: { count: number }) {
  const { t, locale } = useLanguage();
  const shown = count > 99 ? `${formatNumber(99, locale)}+` : formatNumber(count, locale);
  const label = count > 0 ? t("Messages, {count} unread", { count }) : t("Messages");
  return (
    <Link to="/dashboard/messages" className="btn btn-square btn-ghost btn-sm relative sm:btn-md" aria-label={label} title={label}>
      <ChatIcon />
      {count > 0 && (
        <span className="badge badge-error badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[10px] font-bold" aria-hidden="true" data-testid="messages-unread">
          {shown}
        </span>
      )}
    </Link>
  );
}
