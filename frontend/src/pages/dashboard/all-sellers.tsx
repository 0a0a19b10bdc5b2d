import { UserListPage } from "@/pages/dashboard/all-users";

/** /dashboard/allseller (admin): seller accounts; verify trusted sellers. */
export default function AllSellers() {
  return (
    <UserListPage
      role="Seller"
      title="All Seller"
      description="Verify sellers you trust: their listings show the verified badge. Remove accounts that break the rules."
      empty="No Seller"
      emptyDetail="Sellers appear here as they sign up."
      count={["{n} seller", "{n} sellers"]}
    />
  );
}
