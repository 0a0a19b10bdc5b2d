import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { useMarkNotificationsRead, useNotifications, type Notification } from "@/api/notifications";
import { LoadMore } from "@/components/load-more";
import { TableSkeleton } from "@/components/skeletons";
import { formatDateTime } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** A notification's link, when it is a path on this site (never another origin). */
function localLink(link: string): string | null {
  return link.startsWith("/") && !link.startsWith("//") ? link : null;
}

/**
 * /notifications: what the shop told the signed-in user, newest first, a
 * page at a time. Unread ones stand out; opening one marks it read and goes
 * to what it is about; "Mark all read" clears the bell.
 */
export default function Notifications() {
  const { t, locale, lang } = useLanguage();
  usePageTitle(t("Notifications"));
  const list = useNotifications(lang);
  const { data: items, error } = list;
  const mark = useMarkNotificationsRead();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const anyUnread = items?.some((n) => !n.read) ?? false;

  async function onOpen(n: Notification) {
    const to = localLink(n.link);
    if (!n.read) {
      setOpening(n._id);
      try {
        await mark.trigger({ ids: [n._id] });
      } catch {
        // still go: the mark is a courtesy, the thing it is about matters more
      } finally {
        setOpening(null);
      }
    }
    if (to) void navigate(to);
  }

  async function onMarkAll() {
    try {
      await mark.trigger({ all: true });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not mark them read. Please try again."));
    }
  }

  let body;
  if (error && !items) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your notifications. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!items) {
    body = <TableSkeleton columns={2} label={t("Loading notifications")} />;
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
        <p className="text-lg font-semibold text-base-content/70">{t("No notifications yet")}</p>
        <p className="text-sm text-base-content/60">{t("Bookings, payments and news about your laptops will show up here.")}</p>
      </div>
    );
  } else {
    body = (
      <ul className="divide-y divide-base-200 overflow-hidden rounded-box bg-base-100 shadow-sm" aria-label={t("Notifications")}>
        {items.map((n) => (
          <li key={n._id} className={n.read ? "" : "bg-primary/5"}>
            <button
              type="button"
              className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-base-200/60 focus-visible:bg-base-200/60 disabled:opacity-70"
              onClick={() => void onOpen(n)}
              disabled={opening === n._id}
              aria-busy={opening === n._id}
            >
              <span className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-primary"}`} aria-hidden="true" />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className={`break-words ${n.read ? "font-medium text-base-content/80" : "font-bold"}`}>
                  {!n.read && <span className="sr-only">{t("Unread:")} </span>}
                  {n.title}
                </span>
                {n.body && <span className="break-words text-sm text-base-content/70">{n.body}</span>}
                <time dateTime={n.createdAt} className="text-xs text-base-content/60">
                  {formatDateTime(n.createdAt, locale)}
                </time>
              </span>
              {opening === n._id && <span className="loading loading-spinner loading-xs mt-1.5" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4" aria-labelledby="notifications-title">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="notifications-title" className="text-2xl font-bold sm:text-3xl">
          {t("Notifications")}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/settings/notifications" className="btn btn-ghost btn-sm">
            {t("Email settings")}
          </Link>
          <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => void onMarkAll()} disabled={!anyUnread || mark.isMutating} aria-busy={mark.isMutating}>
            {mark.isMutating && opening === null && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("Mark all read")}
          </button>
        </div>
      </header>
      {body}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        failed={Boolean(error && items)}
        onLoadMore={list.loadMore}
        failedText={t("We couldn't load more notifications. Please try again.")}
      />
    </section>
  );
}
