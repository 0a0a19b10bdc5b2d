// Not a route: the "Chat with seller" dialog of product cards and the
// product page, in its own chunk (loaded on the first click, so the first
// page's script stays small). It opens or continues the buyer's one thread
// about the laptop with a first message, then goes to that thread.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useStartConversation, type ConversationProduct } from "@/api/conversations";
import { chatErrorText, StartChatDialog } from "@/components/chat-dialogs";
import { useLanguage } from "@/lib/i18n";

type StartChatProps = {
  product: ConversationProduct;
  /** The seller's name. */
  seller: string;
  onClose: () => void;
};

/** The first-message dialog; sending goes to the thread. */
export default function StartChat({ product, seller, onClose }: StartChatProps) {
  const { t } = useLanguage();
  const start = useStartConversation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function send(text: string) {
    setError(null);
    try {
      const { _id } = await start.trigger({ productId: product._id, text });
      onClose();
      void navigate(`/dashboard/messages/${encodeURIComponent(_id)}`);
    } catch (err) {
      setError(chatErrorText(err, t));
      throw err;
    }
  }

  return <StartChatDialog product={product} seller={seller} onClose={onClose} onSend={send} error={error} />;
}
