import { useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import {
  PAYOUT_METHODS,
  PAYOUT_REFERENCE_MAX,
  useLedger,
  useRecordPayout,
  useSellerBalance,
  type Balance,
  type LedgerEntry,
  type PayoutMethod,
} from "@/api/ledger";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { DialogForm } from "@/components/dialog-form";
import { FormField, fieldDescribedBy } from "@/components/form-field";
import { ApiError } from "@/lib/api";
import { formatDateTime, formatTk } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { notify } from "@/lib/toast";
import { usePageTitle } from "@/lib/title";

const KIND_TEXT: Record<string, MessageKey> = {
  payment: "ledger.kind.payment",
  refund: "ledger.kind.refund",
  commission: "ledger.kind.commission",
  payout: "ledger.kind.payout",
  promotion: "ledger.kind.promotion",
};

const METHOD_TEXT: Record<string, MessageKey> = {
  cash: "ledger.method.cash",
  card: "ledger.method.card",
  sslcommerz: "ledger.method.sslcommerz",
  bkash: "ledger.method.bkash",
  nagad: "ledger.method.nagad",
  rocket: "ledger.method.rocket",
  bank: "ledger.method.bank",
};

/** useLedgerText names a row's kind and method in people's words. */
export function useLedgerText() {
  const { t } = useLanguage();
  return {
    kind: (e: LedgerEntry) => (e.kind === "commission" && e.reversal ? t("ledger.kind.commissionBack") : e.kind in KIND_TEXT ? t(KIND_TEXT[e.kind]!) : e.kind),
    method: (m: string) => (m in METHOD_TEXT ? t(METHOD_TEXT[m]!) : m),
  };
}

/** The admin's Record payout: how much, how it was paid, and its number or reference. */
export function PayoutDialog({
  sellerId,
  sellerName,
  owed,
  onClose,
}: {
  sellerId: string;
  sellerName: string;
  /** What the shop owes the seller now, when it is known. */
  owed?: number;
  onClose: () => void;
}) {
  const { t, locale } = useLanguage();
  const id = useId();
  const text = useLedgerText();
  const { trigger, isMutating } = useRecordPayout();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PayoutMethod>("bkash");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  async function send() {
    const tk = Number(amount);
    const found: typeof errors = {};
    if (!/^[0-9]+$/.test(amount.trim()) || tk < 1) found.amount = t("Write a whole number of Tk, at least 1.");
    if (reference.trim() === "") found.reference = t("Write the bKash or Nagad number, or the bank's reference.");
    setErrors(found);
    setRefusal(null);
    if (found.amount || found.reference) return;
    try {
      await trigger({ sellerId, amount: tk, method, reference: reference.trim() });
      notify("success", t("Payout recorded."));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === "more_than_owed") setRefusal(t("This is more than the shop owes this seller."));
      else if (err instanceof ApiError && err.status === 404) setRefusal(t("This account is not a seller."));
      else setRefusal(t("We couldn't record the payout. Please try again."));
    }
  }

  return (
    <DialogForm
      id={id}
      title={t("Record payout")}
      detail={
        owed === undefined
          ? t("Money the shop paid {name}. It can be no more than the shop owes them.", { name: sellerName })
          : t("Money the shop paid {name}. The shop owes them {amount} now; a payout can be no more than that.", {
              name: sellerName,
              amount: formatTk(Math.max(owed, 0), locale),
            })
      }
      busy={isMutating}
      onClose={onClose}
      onSubmit={() => void send()}
      submitLabel={t("Record payout")}
      tone="primary"
      error={refusal}
    >
      <FormField id={`${id}-amount`} label={t("Amount (Tk)")} error={errors.amount}>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="numeric"
          className={`input w-full ${errors.amount ? "input-error" : ""}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-amount`, errors.amount)}
          data-autofocus
        />
      </FormField>
      <FormField id={`${id}-method`} label={t("Paid by")}>
        <select id={`${id}-method`} name="method" className="select w-full" value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
          {PAYOUT_METHODS.map((m) => (
            <option key={m} value={m}>
              {text.method(m)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-reference`} label={t("Number or reference")} error={errors.reference} hint={t("The bKash or Nagad number, or the bank's reference.")}>
        <input
          id={`${id}-reference`}
          name="reference"
          className={`input w-full ${errors.reference ? "input-error" : ""}`}
          value={reference}
          maxLength={PAYOUT_REFERENCE_MAX}
          onChange={(e) => setReference(e.target.value)}
          aria-invalid={errors.reference ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-reference`, errors.reference, t("The bKash or Nagad number, or the bank's reference."))}
        />
      </FormField>
    </DialogForm>
  );
}

/** /dashboard/ledger (admin): every payment, refund, commission and payout; one seller's with ?seller=, where payouts are recorded. */
export default function Ledger() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Ledger"));
  const [search, setSearch] = useSearchParams();
  const sellerId = search.get("seller");
  const list = useLedger(sellerId);
  const text = useLedgerText();
  const [paying, setPaying] = useState(false);
  const balance = useSellerBalance(sellerId);
  const sellerName = search.get("name") ?? list.data?.find((e) => e.sellerId === sellerId)?.sellerName ?? "";

  const aside = sellerId ? (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSearch({})}>
        {t("Show every seller")}
      </button>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setPaying(true)}>
        {t("Record payout")}
      </button>
    </div>
  ) : undefined;

  return (
    <ListPage
      titleId="ledger-title"
      title={sellerId ? t("Ledger of {name}", { name: sellerName || `#${sellerId}` }) : t("Ledger")}
      intro={
        <p className="mt-1 max-w-2xl text-base-content/70">
          {t("Every payment, refund, commission and payout. Money that reaches the seller is +, money that leaves them is −. Choose a seller to record a payout.")}
        </p>
      }
      aside={aside}
    >
      {sellerId && balance.data && <SellerBalance balance={balance.data} />}
      <DataList
        list={list}
        rowKey={(e) => e._id}
        loadError={<span>{t("We couldn't load the ledger. Please refresh the page in a moment.")}</span>}
        empty={<EmptyState title={t("Nothing in the ledger yet")}>{t("Payments appear here once buyers pay or hand-overs complete.")}</EmptyState>}
        columns={[
          { header: t("When"), className: "whitespace-nowrap", cell: (e) => formatDateTime(e.createdAt, locale) },
          { header: t("Kind"), cell: (e) => text.kind(e) },
          {
            header: t("Amount"),
            className: (e) => `whitespace-nowrap tabular-nums font-semibold ${e.amount < 0 ? "text-error" : "text-success"}`,
            cell: (e) => (e.amount > 0 ? "+" : "") + formatTk(e.amount, locale),
          },
          { header: t("Paid by"), cell: (e) => text.method(e.method) },
          {
            header: t("Seller"),
            cell: (e) =>
              e.sellerId === null ? (
                <span className="text-base-content/60">{t("No seller (refunded to the buyer)")}</span>
              ) : e.sellerId === sellerId ? (
                e.sellerName
              ) : (
                <button type="button" className="link" onClick={() => setSearch({ seller: e.sellerId!, name: e.sellerName })}>
                  {e.sellerName}
                </button>
              ),
          },
          { header: t("Booking"), cell: (e) => (e.bookingId ? `#${e.bookingId}` : <Blank />) },
          { header: t("Number or reference"), className: "break-all", cell: (e) => e.reference || <Blank /> },
        ]}
      />
      {paying && sellerId && <PayoutDialog sellerId={sellerId} sellerName={sellerName} owed={balance.data?.owed} onClose={() => setPaying(false)} />}
    </ListPage>
  );
}

/** SellerBalance is the chosen seller's money in one line: earned, paid out, and what is owed either way. */
function SellerBalance({ balance }: { balance: Balance }) {
  const { t, locale } = useLanguage();
  const owesShop = balance.owed < 0;
  return (
    <dl className="mb-4 flex flex-wrap gap-x-6 gap-y-1 rounded-box bg-base-100 p-3 text-sm shadow-sm" aria-label={t("Balance")}>
      <div>
        <dt className="inline text-base-content/70">{t("Earned")}: </dt>
        <dd className="inline font-semibold tabular-nums">{formatTk(balance.earned, locale)}</dd>
      </div>
      <div>
        <dt className="inline text-base-content/70">{t("Paid out")}: </dt>
        <dd className="inline font-semibold tabular-nums">{formatTk(balance.paidOut, locale)}</dd>
      </div>
      <div>
        <dt className="inline text-base-content/70">{owesShop ? t("They owe the shop") : t("The shop owes them")}: </dt>
        <dd className={`inline font-semibold tabular-nums ${owesShop ? "text-warning" : "text-success"}`} data-stat="owed">
          {formatTk(Math.abs(balance.owed), locale)}
        </dd>
      </div>
    </dl>
  );
}

/** Blank is a cell with nothing in it: a dash, so a phone's card line does not look cut off. */
function Blank() {
  return <span className="text-base-content/50">—</span>;
}
