import { UserListPage } from "@/pages/dashboard/all-users";

/** /dashboard/allbuyer (admin): buyer accounts. */
export default function AllBuyers() {
  return (
    <UserListPage
      role="Buyer"
      title="All Buyer"
      description="Everyone who signed up to buy. Remove accounts that break the rules."
      empty="No Buyer"
      emptyDetail="Buyers appear here as they sign up."
      count={["{n} buyer", "{n} buyers"]}
    />
  );
}
