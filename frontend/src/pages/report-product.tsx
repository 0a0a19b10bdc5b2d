// Not a route: a product card's Report, in its own chunk (loaded on the
// first click, so the first page's script stays small). The same reason
// and note dialog as the product page's; a refusal keeps it open.
import type { ProductReportReason } from "@/api/moderation";
import { useReportProduct, type Product } from "@/api/products";
import { ReportProductDialog } from "@/components/moderation-dialogs";
import { useT } from "@/lib/i18n";
import { notify } from "@/lib/toast";

type ReportProductProps = {
  product: Pick<Product, "_id" | "productName">;
  onClose: () => void;
};

/** The report dialog of one product; sending toasts Report Success and closes it. */
export default function ReportProduct({ product, onClose }: ReportProductProps) {
  const t = useT();
  const report = useReportProduct();

  async function send(reason: ProductReportReason, note: string) {
    try {
      await report.trigger({ id: product._id, reason, note });
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not report this product"));
      throw err;
    }
    onClose();
    notify("success", t("Report Success"));
  }

  return <ReportProductDialog productName={product.productName} onClose={onClose} onSend={send} />;
}
