import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/myproducts (seller): the seller's listings. */
export default function MyProducts() {
  return <ComingSoon title="My Products" description="Your listings with their price and status; advertise a laptop or delete it from here." />;
}
