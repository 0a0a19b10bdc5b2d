// /dashboard/messages: the inbox, for every signed-in role. On a desktop
// (lg and up) two panes: the threads on the left, the open one on the
// right (its route, /dashboard/messages/:id, is the Outlet). On a phone
// the list, or the open thread with a back link.
import type { ReactNode } from "react";
import { Outlet, useMatch } from "react-router-dom";
import { useConversations } from "@/api/conversations";
import { ConversationList, ConversationRow } from "@/components/conversation-row";
import { EmptyState, ListView } from "@/components/data-list";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

type TwoPanesProps = {
  titleId: string;
  title: string;
  intro: string;
  /** True while a thread is open (a phone shows it instead of the list). */
  open: boolean;
  list: ReactNode;
  /** What the right pane says with no thread open. */
  placeholder: string;
};

/** The inbox's frame, shared with the admins' reported threads. */
export function TwoPanes({ titleId, title, intro, open, list, placeholder }: TwoPanesProps) {
  return (
    <section className="space-y-4" aria-labelledby={titleId}>
      {/* on a phone an open thread has the room; its header says what it is */}
      <div className={open ? "max-lg:sr-only" : ""}>
        <h1 id={titleId} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h1>
        <p className="mt-1 text-base-content/70">{intro}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)]">
        {/* the panes' height: the screen less the header and the page's margins, never tiny */}
        <div className={`${open ? "max-lg:hidden" : ""} min-w-0 lg:h-[calc(100dvh-14.5rem)] lg:min-h-[26rem] lg:overflow-y-auto`}>{list}</div>
        <div className={`${open ? "" : "max-lg:hidden"} h-[calc(100dvh-11.5rem)] min-h-[26rem] min-w-0 lg:h-[calc(100dvh-14.5rem)]`}>
          {open ? (
            <Outlet />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-2 rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
              <svg viewBox="0 0 24 24" className="h-10 w-10 text-base-content/30" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
              </svg>
              <p className="text-base-content/70">{placeholder}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/** The inbox: the caller's threads, newest activity first, a page at a time. */
export default function Messages() {
  const { t } = useLanguage();
  usePageTitle(t("Messages"));
  const open = useMatch("/dashboard/messages/:id") !== null;
  const list = useConversations();

  const body = (
    <ListView
      list={list}
      loadError={<span>{t("We couldn't load your messages. Please refresh the page in a moment.")}</span>}
      loading={
        <div role="status" className="space-y-2 rounded-box bg-base-100 p-3 shadow-sm">
          <span className="sr-only">{t("Loading...")}</span>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="flex gap-3" aria-hidden="true">
              <div className="skeleton h-10 w-14 shrink-0" />
              <div className="flex-1 space-y-2 py-1">
                <div className="skeleton h-3 w-3/4" />
                <div className="skeleton h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      }
      empty={
        <EmptyState title={t("No messages yet")}>
          {t("Use “Chat with seller” on a laptop to ask about it. Buyers' questions about your laptops show up here too.")}
        </EmptyState>
      }
    >
      {(threads) => (
        <ConversationList label={t("Conversations")}>
          {threads.map((c) => (
            <li key={c._id}>
              <ConversationRow conversation={c} to={`/dashboard/messages/${encodeURIComponent(c._id)}`} />
            </li>
          ))}
        </ConversationList>
      )}
    </ListView>
  );

  return (
    <TwoPanes
      titleId="messages-title"
      title={t("Messages")}
      intro={t("Talk to buyers and sellers about a laptop before you meet.")}
      open={open}
      list={body}
      placeholder={t("Pick a conversation to read it.")}
    />
  );
}
