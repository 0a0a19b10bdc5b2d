import { useBalance, type Balance } from "@/api/ledger";
import { PageSpinner } from "@/components/page-spinner";
import { formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** One figure of the balance: its name, the Tk, and what it means in a line. */
function Figure({ id, label, value, note, tone }: { id: string; label: string; value: string; note: string; tone?: string }) {
  return (
    <div className="rounded-box bg-base-100 p-4 shadow-sm">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone ?? ""}`} data-stat={id}>
        {value}
      </dd>
      <dd className="mt-1 text-sm text-base-content/70">{note}</dd>
    </div>
  );
}

/** BalanceCard is a seller's earned, paid out and owed, in plain words. */
export function BalanceCard({ balance }: { balance: Balance }) {
  const { t, locale } = useLanguage();
  const owesShop = balance.owed < 0;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure id="earned" label={t("Earned")} value={formatTk(balance.earned, locale)} note={t("Your sales, less refunds and the shop's commission.")} />
      <Figure id="paidOut" label={t("Paid out")} value={formatTk(balance.paidOut, locale)} note={t("What the shop has paid you.")} />
      {owesShop ? (
        <Figure
          id="owed"
          label={t("You owe the shop")}
          value={formatTk(-balance.owed, locale)}
          note={t("The shop's commission on laptops you sold for cash, which you were paid in hand.")}
          tone="text-warning"
        />
      ) : (
        <Figure
          id="owed"
          label={t("The shop owes you")}
          value={formatTk(balance.owed, locale)}
          note={t("Online payments less refunds, commission and payouts. Cash you were paid in hand is not in it.")}
          tone="text-success"
        />
      )}
    </dl>
  );
}

/** /dashboard/balance (seller): what they earned, what the shop paid out, and what is owed either way. */
export default function BalancePage() {
  const { t } = useLanguage();
  usePageTitle(t("Balance"));
  const { data, error } = useBalance();
  return (
    <section className="space-y-6" aria-labelledby="balance-title">
      <div>
        <h1 id="balance-title" className="text-2xl font-bold sm:text-3xl">
          {t("Balance")}
        </h1>
        <p className="mt-1 max-w-2xl text-base-content/70">{t("The shop pays out what it owes you by bKash, Nagad, Rocket or bank transfer.")}</p>
      </div>
      {data ? (
        <BalanceCard balance={data} />
      ) : error ? (
        <div role="alert" className="alert alert-error alert-soft">
          {t("We couldn't load your balance. Please refresh the page in a moment.")}
        </div>
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
