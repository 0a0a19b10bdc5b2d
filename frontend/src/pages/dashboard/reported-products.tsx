import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/repotedproducts (admin): listings buyers reported. */
export default function ReportedProducts() {
  return <ComingSoon title="Reported Products" description="Listings that buyers reported as suspicious, so you can review and delete them." />;
}
