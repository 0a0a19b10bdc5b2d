import { CheckedBadge } from "@/components/checked-badge";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { offeredMethods, useConfig } from "@/api/config";
import { useAdvertiseProduct, useDeleteProduct, useUserProducts, type Product } from "@/api/products";
import { similarAdPath, type SimilarState } from "@/api/shops";
import { promotionOutcomeOf, type PromotionMethod, type PromotionOutcome } from "@/api/promotions";
import { useMarkSold, useRelist, useRenew, useStopAdvertising } from "@/api/product-sale";
import { useConfirm } from "@/components/confirm-dialog";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { PromotionDialog, PromotionOutcomeAlert } from "@/components/promotion-dialog";
import { RowAction } from "@/components/row-action";
import { TableSkeleton } from "@/components/skeletons";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { listingEnd } from "@/lib/expiry";
import { cutName, formatDateTime, formatTk } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import type { EditState } from "@/pages/dashboard/edit-product";
import { BulkBar, BulkOutcome, useBulkSelection } from "@/pages/dashboard/bulk-actions";

/**
 * refusal is what a refused delete or mark-sold says: a laptop a booking
 * holds (409 held, #31) in the seller's language (a paid one is sold in
 * the list), else the API's message, else fallback.
 */
function refusal(err: unknown, p: Product, t: Translate, fallback: string): string {
  if (err instanceof ApiError && err.code === "held") {
    return p.available === "soled"
      ? t("A buyer has paid for this laptop by card, so it cannot be removed or marked sold. Hand it over with the buyer's code from your leads; if the sale cannot happen, ask an admin to remove the listing, which refunds the buyer.")
      : t("You accepted a booking of this laptop, so it cannot be removed or marked sold. Hand it over with the buyer's code, or decline that booking in your leads first.");
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

type Action = "advertise" | "stop" | "delete" | "sold" | "relist" | "renew";

/**
 * /dashboard/myproducts (seller): the seller's listings, sold and expired ones
 * included, each marked sold, put on sale again or renewed here.
 */
export default function MyProducts() {
  const { t, locale } = useLanguage();
  usePageTitle(t("My Products"));
  const { user } = useAuth();
  const list = useUserProducts(user?.email);
  const products = list.data;
  const advertise = useAdvertiseProduct();
  const stopAd = useStopAdvertising();
  const remove = useDeleteProduct();
  const markSold = useMarkSold();
  const relist = useRelist();
  const renew = useRenew();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState<{ id: string; action: Action } | null>(null);
  // #37 several listings renewed or marked sold at once
  const bulk = useBulkSelection(products ?? [], confirm);
  // #34 paid promotion: with ADVERTISE_PRICE set, Advertise is paid by
  // card or through SSLCommerz; the gateway sends the seller back here
  // with ?promotion=OUTCOME
  const { data: config } = useConfig();
  const advertisePrice = config?.advertisePrice ?? 0;
  // SSLCommerz (bKash, Nagad, cards) first where the shop takes it: most sellers here have no card
  const promoMethods = (["sslcommerz", "card"] as const).filter((m: PromotionMethod) => offeredMethods(config).includes(m));
  const [promoting, setPromoting] = useState<Product | null>(null);
  const [params, setParams] = useSearchParams();
  const [cardOutcome, setCardOutcome] = useState<PromotionOutcome | null>(null);
  const promoOutcome = cardOutcome ?? promotionOutcomeOf(params.get("promotion"));
  function closeOutcome() {
    setCardOutcome(null);
    if (params.has("promotion")) {
      const next = new URLSearchParams(params);
      next.delete("promotion");
      setParams(next, { replace: true });
    }
  }

  async function onMarkSold(p: Product) {
    const yes = await confirm({
      message: t("Sold outside the shop?"),
      detail: t("Open bookings will be declined and their buyers told."),
      confirmLabel: t("Mark sold"),
    });
    if (!yes) return;
    setBusy({ id: p._id, action: "sold" });
    try {
      await markSold.trigger(p._id);
      toast.success(t("Marked as sold"));
    } catch (err) {
      toast.error(refusal(err, p, t, t("Could not mark this product sold")));
    } finally {
      setBusy(null);
    }
  }

  async function onRelist(p: Product) {
    const yes = await confirm({
      message: t("Put {name} on sale again?", { name: p.productName }),
      detail: t("Buyers will be able to book it again."),
      confirmLabel: t("Relist"),
    });
    if (!yes) return;
    setBusy({ id: p._id, action: "relist" });
    try {
      await relist.trigger(p._id);
      toast.success(t("Listed again"));
    } catch (err) {
      // 409 when it was paid for or handed over through the shop: the server says so
      toast.error(err instanceof Error ? err.message : t("Could not relist this product"));
    } finally {
      setBusy(null);
    }
  }

  async function onRenew(p: Product) {
    setBusy({ id: p._id, action: "renew" });
    try {
      const { expiresAt } = await renew.trigger(p._id);
      toast.success(t("Renewed: listed until {date}", { date: formatDateTime(expiresAt, locale) }));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not renew this listing"));
    } finally {
      setBusy(null);
    }
  }

  async function onStopAd(p: Product) {
    const yes = await confirm({
      message: t("Stop advertising this product?"),
      detail: t("{name} leaves Urgent Sell now. You can advertise it again later.", { name: p.productName }),
      confirmLabel: t("Stop"),
    });
    if (!yes) return;
    setBusy({ id: p._id, action: "stop" });
    try {
      await stopAd.trigger(p._id);
      toast.success(t("Advertising stopped"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not stop advertising this product"));
    } finally {
      setBusy(null);
    }
  }

  async function onAdvertise(p: Product) {
    if (advertisePrice > 0) {
      setPromoting(p);
      return;
    }
    const yes = await confirm({
      message: t("Are you sure Advertise this Product"),
      detail: t("{name} will be shown under Urgent Sell on the home page.", { name: p.productName }),
      confirmLabel: t("Advertise"),
    });
    if (!yes) return;
    setBusy({ id: p._id, action: "advertise" });
    try {
      await advertise.trigger(p._id);
      toast.success(t("Product Advertise Success"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not advertise this product"));
    } finally {
      setBusy(null);
    }
  }

  async function onDelete(p: Product) {
    const yes = await confirm({
      message: t("Are you sure Delete this Product"),
      detail: t("{name} will be removed for good.", { name: p.productName }),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!yes) return;
    setBusy({ id: p._id, action: "delete" });
    try {
      await remove.trigger(p._id);
      toast.success(t("Delete Success"));
    } catch (err) {
      toast.error(refusal(err, p, t, t("Could not delete this product")));
    } finally {
      setBusy(null);
    }
  }

  const spinning = (p: Product, action: Action) => busy?.id === p._id && busy.action === action;
  const row = (p: Product) => {
    const sold = p.available === "soled";
    const end = sold ? "later" : listingEnd(p);
    // an admin hid it until it is edited (#32): out of the catalogue like
    // an expired one, but the edit brings it back
    const hidden = p.hiddenReason !== undefined;
    return { sold, end, hidden, expired: end === "expired" && !hidden };
  };

  function availability(p: Product) {
    const { sold, end, hidden, expired } = row(p);
    return (
      <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
        {hidden ? (
          <span className="badge badge-warning whitespace-nowrap">{t("Hidden by an admin")}</span>
        ) : expired ? (
          <span className="badge badge-outline border-base-content/40" title={t("Out of the catalogue: renew it to list it again")}>
            {t("Expired")}
          </span>
        ) : (
          <span className={`badge badge-soft ${sold ? "badge-error" : "badge-success"}`}>{t(p.available)}</span>
        )}
        {!sold && p.reserved && (
          <span
            className="badge badge-warning whitespace-nowrap"
            title={t("Booked by a buyer: it takes no other bookings until the hand-over or until it is released")}
          >
            {t("Booked")}
          </span>
        )}
        {/* #40 checked by resale-check, or the way to prove it on the listing's page */}
        {p.checkedAt ? (
          <CheckedBadge />
        ) : (
          !sold && (
            <Link to={`/product/${encodeURIComponent(p._id)}#check`} className="link link-primary text-xs whitespace-nowrap">
              {t("Prove its health")}
            </Link>
          )
        )}
        {hidden && (
          <span className="basis-full text-right text-sm break-words md:max-w-72 md:text-left" role="note">
            <span className="font-medium">{t("Reason: {reason}", { reason: p.hiddenReason ?? "" })}</span>{" "}
            <span className="text-base-content/70">{t("Edit the listing and it is back in the shop at once.")}</span>
          </span>
        )}
        {end !== "later" && !hidden && (
          <RowAction
            text={t("Renew")}
            label={t("Renew {name}", { name: p.productName })}
            tone="primary"
            busy={spinning(p, "renew")}
            disabled={busy !== null}
            onClick={() => void onRenew(p)}
          />
        )}
        {sold && p.soldInShop ? (
          // the server refuses it (409 sold_in_shop): no button, the reason in words
          <span className="basis-full text-right text-xs text-base-content/70 md:text-left">
            {t("Sold through the shop (paid or handed over), so it cannot be relisted.")}
          </span>
        ) : sold ? (
          <RowAction
            text={t("Relist")}
            label={t("Relist {name}", { name: p.productName })}
            tone="outline"
            busy={spinning(p, "relist")}
            disabled={busy !== null}
            onClick={() => void onRelist(p)}
          />
        ) : (
          <RowAction
            text={t("Mark sold")}
            label={t("Mark sold: {name}", { name: p.productName })}
            tone="outline"
            busy={spinning(p, "sold")}
            disabled={busy !== null}
            onClick={() => void onMarkSold(p)}
          />
        )}
        {!sold && !expired && !hidden && p.expiresAt && (
          <span className={`basis-full text-right text-xs md:text-left ${end === "soon" ? "font-semibold text-warning" : "text-base-content/70"}`}>
            {t("Listed until {date}", { date: formatDateTime(p.expiresAt, locale) })}
          </span>
        )}
      </div>
    );
  }

  function advertising(p: Product) {
    const { sold, hidden, expired } = row(p);
    return (
      <>
      {p.advertise ? (
        <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
          <span className="badge badge-accent gap-1 font-semibold whitespace-nowrap">{t("Advertised")}</span>
          {p.advertisedUntil && (
            <span className="text-xs text-base-content/70">{t("until {date}", { date: formatDateTime(p.advertisedUntil, locale) })}</span>
          )}
          <RowAction
            text={t("Stop")}
            label={t("Stop advertising {name}", { name: p.productName })}
            tone="outline"
            busy={spinning(p, "stop")}
            disabled={busy !== null}
            onClick={() => void onStopAd(p)}
          />
        </div>
      ) : (
        <RowAction
          text={t("Advertise")}
          label={t("Advertise {name}", { name: p.productName })}
          tone="primary"
          busy={spinning(p, "advertise")}
          disabled={sold || expired || hidden || busy !== null || (advertisePrice > 0 && promoMethods.length === 0)}
          reason={
            sold
              ? t("A sold product cannot be advertised")
              : hidden
                ? t("Edit this listing before advertising it")
                : expired
                  ? t("Renew this listing before advertising it")
                  : advertisePrice > 0 && promoMethods.length === 0
                    ? t("Advertising is not available: this shop takes no online payments")
                    : undefined
          }
          onClick={() => void onAdvertise(p)}
        />
      )}
      {!p.advertise && !sold && advertisePrice > 0 && promoMethods.length === 0 && (
        <span className="mt-1 block text-right text-xs text-base-content/70 md:text-left">{t("Advertising is not available: this shop takes no online payments")}</span>
      )}
      </>
    );
  }

  return (
    <ListPage
      titleId="my-products-title"
      title={products ? t("My Products: {count}", { count: products.length }) : t("My Products")}
      aside={
        <Link to="/dashboard/addproduct" className="btn btn-primary btn-sm sm:btn-md">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
            <path strokeLinecap="round" d="M12 5v14M5 12h14" />
          </svg>
          {t("Add Product")}
        </Link>
      }
    >
      {promoOutcome && <PromotionOutcomeAlert outcome={promoOutcome} onClose={closeOutcome} />}
      {bulk.outcome && <BulkOutcome outcome={bulk.outcome} onClose={bulk.closeOutcome} />}
      {products && products.length > 0 && <BulkBar bulk={bulk} total={products.length} disabled={busy !== null} />}
      <DataList
        list={list}
        rowKey={(p) => p._id}
        loading={<TableSkeleton columns={5} />}
        loadError={<span>{t("We couldn't load your products. Please refresh the page in a moment.")}</span>}
        empty={<EmptyState title={t("No Product")}>{t("Post your first laptop and it will show up here.")}</EmptyState>}
        columns={[
          {
            header: t("ProductName"),
            label: false,
            cell: (p) => (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 md:flex-nowrap">
                {/* #37 picked for a bulk action: in the name's cell, so the columns stay the spec's */}
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm checkbox-primary"
                  checked={bulk.selected.has(p._id)}
                  onChange={() => bulk.toggle(p._id)}
                  aria-label={t("Select {name}", { name: p.productName })}
                />
                <img src={p.picture} alt="" loading="lazy" className="h-10 w-14 shrink-0 rounded object-cover" />
                {/* on a phone the name takes the line, and Edit, Numbers and Similar ad go under it when it needs the room */}
                <span className="min-w-0 flex-1 basis-40 font-medium md:flex-none md:basis-auto md:whitespace-nowrap" title={p.productName}>
                  {cutName(p.productName)}
                </span>
                <span className="ml-auto flex gap-1 md:ml-0">
                  {!row(p).sold && (
                    <Link
                      to={`/dashboard/products/${encodeURIComponent(p._id)}/edit`}
                      state={{ product: p } satisfies EditState}
                      className="btn btn-ghost btn-xs gap-1 text-primary"
                      aria-label={t("Edit {name}", { name: p.productName })}
                    >
                      <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                        <path strokeLinecap="round" strokeLinejoin="round" d="M16.9 3.6a2 2 0 0 1 2.8 2.8L8.5 17.6 4 19l1.4-4.5L16.9 3.6Z" />
                      </svg>
                      {t("Edit")}
                    </Link>
                  )}
                  {/* #37 the listing's 30 days: views, calls, chats, favourites, bookings */}
                  <Link
                    to={`/dashboard/products/${encodeURIComponent(p._id)}/numbers`}
                    className="btn btn-ghost btn-xs gap-1 text-primary"
                    aria-label={t("Numbers of {name}", { name: p.productName })}
                  >
                    <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path strokeLinecap="round" d="M5 20V11M12 20V5M19 20v-6" />
                    </svg>
                    {t("Numbers")}
                  </Link>
                  <Link
                    to={similarAdPath(p._id)}
                    state={{ similar: p } satisfies SimilarState}
                    className="btn btn-ghost btn-xs gap-1 text-primary"
                    aria-label={t("Post a similar ad like {name}", { name: p.productName })}
                    title={t("Post a similar ad")}
                  >
                    <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <rect x="8" y="8" width="12" height="12" rx="2" />
                      <path strokeLinecap="round" d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
                    </svg>
                    {t("Similar ad")}
                  </Link>
                </span>
              </div>
            ),
          },
          { header: t("Price"), className: "font-semibold md:whitespace-nowrap", cell: (p) => formatTk(p.sellPrice, locale) },
          { header: t("Available"), cell: availability },
          { header: t("Advertise"), cell: advertising },
          {
            header: t("Delete"),
            cell: (p) => (
              <RowAction
                text={t("Delete")}
                label={t("Delete {name}", { name: p.productName })}
                tone="delete"
                busy={spinning(p, "delete")}
                disabled={busy !== null}
                onClick={() => void onDelete(p)}
              />
            ),
          },
        ]}
      />
      {confirmDialog}
      {promoting && (
        <PromotionDialog
          product={promoting}
          price={advertisePrice}
          methods={promoMethods}
          publishableKey={config?.stripePublishableKey ?? null}
          onClose={() => setPromoting(null)}
          onDone={(outcome) => {
            setPromoting(null);
            setCardOutcome(outcome);
          }}
        />
      )}
    </ListPage>
  );
}
