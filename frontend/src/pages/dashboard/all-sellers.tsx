import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/allseller (admin): seller accounts and verification. */
export default function AllSellers() {
  return <ComingSoon title="All Seller" description="Every seller account, with a button to verify trusted sellers or remove accounts." />;
}
