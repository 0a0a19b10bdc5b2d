import { ComingSoon } from "@/components/coming-soon";

/** /dashboard/addproduct (seller): the new-listing form. */
export default function AddProduct() {
  return <ComingSoon title="Add a Product" description="Post a laptop with a photo, prices, brand, condition, years of use, phone number and location." />;
}
