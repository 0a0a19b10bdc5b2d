// /dashboard/conversations (admin): the conversations people reported,
// newest first; each opens read-only beside the list
// (/dashboard/conversations/:id). Admins can read reported threads only.
import type { ReactNode } from "react";
import { useMatch } from "react-router-dom";
import { useAdminConversations, type ReportedConversation } from "@/api/conversations";
import { useReportReasonText } from "@/components/chat-dialogs";
import { ConversationRow } from "@/components/conversation-row";
import { LoadMore } from "@/components/load-more";
import { TableSkeleton } from "@/components/skeletons";
import { useLanguage, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { TwoPanes } from "@/pages/dashboard/messages";

/** "buyer → seller" as the row names them. */
function peopleOf(c: ReportedConversation, t: Translate): string {
  const buyer = c.buyer?.userName ?? c.buyerName ?? t("Buyer");
  const seller = c.seller?.userName ?? c.sellerName ?? t("Seller");
  return `${buyer} → ${seller}`;
}

/** The admins' list of reported conversations. */
export default function ReportedConversations() {
  const { t } = useLanguage();
  usePageTitle(t("Reported chats"));
  const open = useMatch("/dashboard/conversations/:id") !== null;
  const list = useAdminConversations();
  const reasonText = useReportReasonText();
  const { data: threads, error } = list;

  let body: ReactNode;
  if (error && !threads) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the reported chats. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!threads) {
    body = <TableSkeleton columns={2} />;
  } else if (threads.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
        <p className="text-lg font-semibold text-base-content/70">{t("No reported chats")}</p>
        <p className="text-sm text-base-content/60">{t("When someone reports a conversation, it shows up here for you to read.")}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-base-200 overflow-hidden rounded-box bg-base-100 shadow-sm" aria-label={t("Reported chats")}>
          {threads.map((c) => (
            <li key={c._id}>
              <ConversationRow
                conversation={{ ...c, unread: 0 }}
                to={`/dashboard/conversations/${encodeURIComponent(c._id)}`}
                people={peopleOf(c, t)}
                note={t("Reported: {reason}", { reason: reasonText(c.reportReason) })}
              />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={list.hasMore}
          loading={list.isLoadingMore}
          failed={error !== undefined}
          onLoadMore={list.loadMore}
          failedText={t("We couldn't load more. Please try again.")}
        />
      </>
    );
  }

  return (
    <TwoPanes
      titleId="reported-chats-title"
      title={t("Reported chats")}
      intro={t("Conversations people reported. You can read them; nothing you do here is shown to them.")}
      open={open}
      list={body}
      placeholder={t("Pick a reported chat to read it.")}
    />
  );
}
