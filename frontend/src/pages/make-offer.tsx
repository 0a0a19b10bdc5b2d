// Not a route: "Make an offer" on a product's page, in its own chunk
// (loaded on the first click). It opens or continues the buyer's one
// thread about the laptop with a line naming the offer (a thread starts
// with words), sends the offer there, and goes to the thread, where the
// seller answers it. The server's rules are the chat's: not one's own
// laptop, not a sold, expired or reserved one, at most the price.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { isConversationKey, messagesKey, useStartConversation, type ConversationProduct } from "@/api/conversations";
import { chatErrorText, OfferDialog } from "@/components/chat-dialogs";
import { apiFetch } from "@/lib/api";
import { formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { useRevalidate } from "@/lib/revalidate";
import { notify } from "@/lib/toast";

type MakeOfferProps = {
  product: ConversationProduct;
  onClose: () => void;
};

/** The offer dialog of a product's page; sending goes to the thread. */
export default function MakeOffer({ product, onClose }: MakeOfferProps) {
  const { t, locale } = useLanguage();
  const start = useStartConversation();
  const revalidate = useRevalidate(isConversationKey);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // the thread, once opened: a second try sends only the offer
  const [thread, setThread] = useState<string | null>(null);

  async function send(amount: number) {
    setError(null);
    try {
      let id = thread;
      if (id === null) {
        ({ _id: id } = await start.trigger({ productId: product._id, text: t("I'd like to offer {amount}.", { amount: formatTk(amount, locale) }) }));
        setThread(id);
      }
      try {
        await apiFetch(messagesKey(id), { method: "POST", json: { offer: amount } });
      } finally {
        await revalidate();
      }
      onClose();
      notify("success", t("Offer sent: {amount}", { amount: formatTk(amount, locale) }));
      void navigate(`/dashboard/messages/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(chatErrorText(err, t));
      throw err;
    }
  }

  return <OfferDialog product={product} onClose={onClose} onSend={send} error={error} />;
}
