// The small dialogs of conversations: the first message about a laptop,
// the buyer's price offer, and a report to the admins. Props in, JSX out:
// the page sends, and says (through `error`) why a send was refused.
import { useId, useRef, useState } from "react";
import { REPORT_NOTE_MAX, REPORT_REASONS, type ConversationProduct, type Offer, type ReportReason } from "@/api/conversations";
import { DialogForm, DialogHeader, ReasonDialog, ReasonPicker } from "@/components/dialog-form";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { MessageComposer } from "@/components/message-composer";
import { Modal } from "@/components/modal";
import { ApiError } from "@/lib/api";
import { formatTk } from "@/lib/format";
import { useLanguage, type MessageKey, type Translate } from "@/lib/i18n";
import { photoSources } from "@/lib/photo";

/**
 * chatErrorText says why a message, an offer or a first message was
 * refused, in the page's language where the status says enough: a block
 * (403), too many messages (429), a laptop no longer for sale (404, 409).
 * An unverified email keeps the server's words (the banner says more).
 */
export function chatErrorText(err: unknown, t: Translate): string {
  if (!(err instanceof ApiError)) return t("Could not send. Please try again.");
  if (err.status === 403 && err.code !== "email_unverified") return t("You can't write to this person: one of you has blocked the other.");
  if (err.status === 429) return t("You're sending messages too fast. Wait a minute and try again.");
  if (err.status === 404 || err.status === 409) return t("This laptop is no longer for sale.");
  if (err.status === 0) return t("Could not reach the server. Check your connection and try again.");
  const field = Object.values(err.fields)[0];
  return field ? `${err.message}: ${field}` : err.message || t("Could not send. Please try again.");
}

/** The laptop a dialog is about: photo, name, price. */
function ProductLine({ product }: { product: ConversationProduct }) {
  const { locale } = useLanguage();
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-box bg-base-200/60 p-2">
      <img {...photoSources(product.picture, "64px")} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
      <div className="min-w-0">
        <p className="line-clamp-2 font-medium break-words">{product.productName}</p>
        <p className="font-semibold text-primary">{formatTk(product.sellPrice, locale)}</p>
      </div>
    </div>
  );
}

type StartChatDialogProps = {
  product: ConversationProduct;
  /** The seller's name, for the title. */
  seller: string;
  onClose: () => void;
  /** Sends the first message; throws to keep the dialog open. */
  onSend: (text: string) => Promise<void>;
  /** Why the last send was refused. */
  error: string | null;
};

/** "Chat with seller": the first message about a laptop, "Is it still available?" to start with. */
export function StartChatDialog({ product, seller, onClose, onSend, error }: StartChatDialogProps) {
  const { t } = useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} boxClassName="sm:max-w-lg">
      <div className="flex flex-col gap-4">
        <DialogHeader
          id={id}
          title={t("Chat with {name}", { name: seller })}
          detail={t("Ask the seller anything about this laptop. Your phone number and email stay private.")}
          onClose={close}
          busy={busy}
        />
        <ProductLine product={product} />
        <MessageComposer
          initial={t("Is it still available?")}
          label={t("Your message")}
          showLabel
          rows={3}
          autoFocus
          error={error}
          onSend={async (text) => {
            setBusy(true);
            try {
              await onSend(text);
            } finally {
              setBusy(false);
            }
          }}
        />
      </div>
    </Modal>
  );
}

type OfferDialogProps = {
  product: ConversationProduct;
  onClose: () => void;
  /** Sends the offer in whole Tk; throws to keep the dialog open. */
  onSend: (amount: number) => Promise<void>;
  error: string | null;
};

/** "Make an offer": a whole number of Tk, from 1 to the asking price. */
export function OfferDialog({ product, onClose, onSend, error }: OfferDialogProps) {
  const { t, locale } = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = product.sellPrice;

  async function submit() {
    // Bangla digits typed on a Bangla keyboard count too
    const digits = value.trim().replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[,\s]/g, "");
    const amount = /^\d+$/.test(digits) ? Number(digits) : NaN;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > max) {
      setProblem(t("Enter a whole amount from 1 to {max}.", { max: formatTk(max, locale) }));
      input.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSend(amount);
    } catch {
      setBusy(false);
    }
  }

  const shown = problem ?? undefined;
  const hint = t("At most the asking price, {max}.", { max: formatTk(max, locale) });
  return (
    <DialogForm
      id={id}
      title={t("Make an offer")}
      detail={t("If the seller accepts, this price is yours for 48 hours: book within that time to pay it.")}
      closeButton
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t("Send offer")}
      tone="primary"
      error={error}
    >
      <ProductLine product={product} />
      <FormField id={`${id}-amount`} label={t("Your offer (Tk)")} error={shown} hint={hint}>
        <input
          ref={input}
          id={`${id}-amount`}
          name="amount"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          className={`input w-full text-lg ${shown ? "input-error" : ""}`}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-amount`, shown, hint)}
        />
      </FormField>
    </DialogForm>
  );
}

type CounterDialogProps = {
  product: ConversationProduct;
  /** The buyer's offer being answered. */
  offer: Offer;
  onClose: () => void;
  /** Sends the counter offer in whole Tk; throws to keep the dialog open. */
  onSend: (amount: number) => Promise<void>;
  error: string | null;
};

/** The seller's "Counter": a price above the buyer's offer and at most the asking price. */
export function CounterOfferDialog({ product, offer, onClose, onSend, error }: CounterDialogProps) {
  const { t, locale } = useLanguage();
  const id = useId();
  const min = offer.amount + 1;
  const max = product.sellPrice;
  const hint = t("Above their offer of {offer}, at most the asking price, {max}.", { offer: formatTk(offer.amount, locale), max: formatTk(max, locale) });
  return (
    <AmountDialog
      id={id}
      product={product}
      title={t("Counter offer")}
      detail={t("If the buyer accepts, they can book at this price for 48 hours.")}
      label={t("Your price (Tk)")}
      hint={hint}
      min={min}
      max={max}
      submitLabel={t("Send counter offer")}
      onClose={onClose}
      onSend={onSend}
      error={error}
    />
  );
}

/** Bangla digits typed on a Bangla keyboard count too; commas and spaces are ignored. */
export function parseAmount(value: string): number {
  const digits = value.trim().replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[,\s]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : NaN;
}

type AmountDialogProps = {
  id: string;
  product: ConversationProduct;
  title: string;
  detail: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  submitLabel: string;
  onClose: () => void;
  onSend: (amount: number) => Promise<void>;
  error: string | null;
};

/** A dialog asking for a whole amount of Tk from min to max (an offer, a counter offer). */
function AmountDialog({ id, product, title, detail, label, hint, min, max, submitLabel, onClose, onSend, error }: AmountDialogProps) {
  const { t, locale } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const amount = parseAmount(value);
    if (!Number.isSafeInteger(amount) || amount < min || amount > max) {
      setProblem(t("Enter a whole amount from {min} to {max}.", { min: formatTk(min, locale), max: formatTk(max, locale) }));
      input.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSend(amount);
    } catch {
      setBusy(false);
    }
  }

  const shown = problem ?? undefined;
  return (
    <DialogForm id={id} title={title} detail={detail} closeButton busy={busy} onClose={onClose} onSubmit={() => void submit()} submitLabel={submitLabel} tone="primary" error={error}>
      <ProductLine product={product} />
      <FormField id={`${id}-amount`} label={label} error={shown} hint={hint}>
        <input
          ref={input}
          id={`${id}-amount`}
          name="amount"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          className={`input w-full text-lg ${shown ? "input-error" : ""}`}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-amount`, shown, hint)}
        />
      </FormField>
    </DialogForm>
  );
}

const REASON_TEXT: Record<ReportReason, MessageKey> = {
  spam: "Spam or advertising",
  scam: "A scam or fraud",
  offensive: "Offensive or abusive",
  other: "Something else",
};

type ReportDialogProps = {
  /** The other person's name. */
  name: string;
  onClose: () => void;
  /** Sends the report; throws to keep the dialog open. */
  onSend: (reason: ReportReason, note: string) => Promise<void>;
  error: string | null;
};

/** "Report": why (a reason to pick) and, if they like, a few words for the admins. */
export function ReportConversationDialog({ name, onClose, onSend, error }: ReportDialogProps) {
  const { t } = useLanguage();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [problem, setProblem] = useState<string | null>(null);

  function check(): boolean {
    if (reason !== "") return true;
    setProblem(t("Pick a reason"));
    document.getElementById(`${id}-reason`)?.focus();
    return false;
  }

  return (
    <ReasonDialog
      title={t("Report the conversation with {name}", { name })}
      detail={t("The admins will read this conversation to look into it.")}
      label={t("A note for the admins (optional)")}
      name="note"
      max={REPORT_NOTE_MAX}
      clean={(note) => note}
      confirmLabel={t("Report")}
      closeButton
      check={check}
      error={error}
      onClose={onClose}
      onConfirm={(note) => onSend(reason as ReportReason, note)}
    >
      <ReasonPicker
        id={`${id}-reason`}
        reasons={REPORT_REASONS}
        text={REASON_TEXT}
        value={reason}
        onChange={(r) => {
          setReason(r);
          setProblem(null);
        }}
        placeholder={t("Pick a reason")}
        error={problem ?? undefined}
      />
    </ReasonDialog>
  );
}

/** useReportReasonText gives a report reason in people's words (the admins' list and thread). */
export function useReportReasonText(): (reason: string) => string {
  const { t } = useLanguage();
  return (reason) => (reason in REASON_TEXT ? t(REASON_TEXT[reason as ReportReason]) : reason);
}
