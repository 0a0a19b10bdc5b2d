import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/allusers (admin): every account. */
export default function AllUsers() {
  return <ComingSoon title="All Users" description="Every account on Resale with its role, and a way to remove accounts that break the rules." />;
}
