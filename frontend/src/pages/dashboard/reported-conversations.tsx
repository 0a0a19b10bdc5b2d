// /dashboard/conversations (admin): the conversations people reported,
// newest first; each opens read-only beside the list
// (/dashboard/conversations/:id). Admins can read reported threads only.
import { useMatch } from "react-router-dom";
import { useAdminConversations, type ReportedConversation } from "@/api/conversations";
import { useReportReasonText } from "@/components/chat-dialogs";
import { ConversationList, ConversationRow } from "@/components/conversation-row";
import { EmptyState, ListView } from "@/components/data-list";
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

  const body = (
    <ListView
      list={list}
      loadError={<span>{t("We couldn't load the reported chats. Please refresh the page in a moment.")}</span>}
      loading={<TableSkeleton columns={2} />}
      empty={<EmptyState title={t("No reported chats")}>{t("When someone reports a conversation, it shows up here for you to read.")}</EmptyState>}
    >
      {(threads) => (
        <ConversationList label={t("Reported chats")}>
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
        </ConversationList>
      )}
    </ListView>
  );

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
