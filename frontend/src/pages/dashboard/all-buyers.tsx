import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/allbuyer (admin): buyer accounts. */
export default function AllBuyers() {
  return <ComingSoon title="All Buyer" description="Every buyer account, with a way to remove accounts that break the rules." />;
}
