import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/payment/:id: card payment for one booking. */
export default function Payment() {
  return <ComingSoon title="Payment" description="Pay for your booking securely by card; the laptop is marked sold once the payment succeeds." />;
}
