import { useState } from "react";
import { toast } from "react-toastify";
import { useDeleteReportedProduct, useReportedProducts, type Product } from "@/api/products";
import { VerifiedBadge } from "@/components/product-card";
import { useConfirm } from "@/components/confirm-dialog";
import { LoadMore } from "@/components/load-more";
import { PageSpinner } from "@/components/page-spinner";
import { RowAction } from "@/components/row-action";
import { formatNumber, formatTk } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** /dashboard/repotedproducts (admin): listings people reported. */
export default function ReportedProducts() {
  const { t, locale } = useLanguage();
  usePageTitle(t("Reported Products"));
  const list = useReportedProducts();
  const { data: products, error } = list;
  const remove = useDeleteReportedProduct();
  const [confirm, confirmDialog] = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function onDelete(p: Product) {
    const yes = await confirm({
      message: t("Are you sure Delete this Product"),
      detail: t("{name} by {seller} will be removed for good.", { name: p.productName, seller: p.seller }),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!yes) return;
    setDeleting(p._id);
    try {
      await remove.trigger(p._id);
      toast.success(t("Delete Success"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not delete this product"));
    } finally {
      setDeleting(null);
    }
  }

  if (error && !products) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load the reported products. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!products) return <PageSpinner />;

  return (
    <section className="space-y-6" aria-labelledby="reported-title">
      <div>
        <h1 id="reported-title" className="text-2xl font-bold sm:text-3xl">
          {t("Reported Products: {count}", { count: products.length })}
        </h1>
        <p className="mt-1 text-base-content/70">{t("Listings that people reported as suspicious. Deleting one removes it from the shop.")}</p>
      </div>

      {products.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-base-content/70">{t("No Reported Product")}</p>
          <p className="text-sm text-base-content/60">{t("Nothing to review right now.")}</p>
        </div>
      ) : (
        <div className="table-cards-wrap overflow-x-auto rounded-box bg-base-100 shadow-sm">
          <table className="table-cards table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("ProductName")}</th>
                <th scope="col">{t("Seller")}</th>
                <th scope="col">{t("Price")}</th>
                <th scope="col">{t("Delete")}</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p, i) => (
                <tr key={p._id} className="hover:bg-base-200/50">
                  <th scope="row" className="text-base-content/60">
                    {formatNumber(i + 1, locale)}
                  </th>
                  <td>
                    <div className="flex items-center gap-3">
                      <img src={p.picture} alt="" loading="lazy" className="h-10 w-14 shrink-0 rounded object-cover" />
                      {/* the whole name, on up to two lines: the 25-character cut is My Products' */}
                      <span className="line-clamp-2 font-medium break-words md:min-w-40" title={p.productName}>
                        {p.productName}
                      </span>
                    </div>
                  </td>
                  <td data-label={t("Seller")}>
                    <div className="min-w-0 max-md:text-end">
                      <div className="flex flex-wrap items-center gap-2 max-md:justify-end md:whitespace-nowrap">
                        <span>{p.seller}</span>
                        {p.sellerVerify && <VerifiedBadge />}
                      </div>
                      <div className="text-xs break-all text-base-content/60">{p.sellerEmail}</div>
                    </div>
                  </td>
                  <td className="font-semibold md:whitespace-nowrap" data-label={t("Price")}>
                    {formatTk(p.sellPrice, locale)}
                  </td>
                  <td data-label={t("Delete")}>
                    <RowAction
                      text={t("Delete")}
                      label={t("Delete {name}", { name: p.productName })}
                      tone="delete-solid"
                      busy={deleting === p._id}
                      disabled={deleting !== null}
                      onClick={() => void onDelete(p)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.isLoadingMore}
        failed={list.error !== undefined && products !== undefined}
        onLoadMore={list.loadMore}
        failedText={t("We couldn't load more. Please try again.")}
      />
      {confirmDialog}
    </section>
  );
}
