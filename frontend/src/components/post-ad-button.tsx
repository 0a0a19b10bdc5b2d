import { Link } from "react-router-dom";
import type { User } from "@/lib/auth";
import { useT } from "@/lib/i18n";

/** Where a visitor goes to post an ad: sign-up as a Seller, then straight to Add Product. */
export const POST_AD_SIGNUP = `/signup?${new URLSearchParams({ role: "Seller", from: "/dashboard/addproduct" }).toString()}`;

type PostAdButtonProps = {
  user: User | null;
  /** A buyer's click: ask, make them a seller, then open Add Product. */
  onBecomeSeller: () => void;
  /** True while a buyer is being made a seller. */
  busy?: boolean;
  className?: string;
  /** Runs when the link is followed (closing the phone menu). */
  onFollow?: () => void;
};

/**
 * "Post your ad": a visitor signs up as a Seller, a seller opens Add
 * Product, a buyer becomes a seller first. An admin does not sell: nothing.
 */
export function PostAdButton({ user, onBecomeSeller, busy = false, className = "btn btn-accent", onFollow }: PostAdButtonProps) {
  const t = useT();
  if (user?.role === "Admin") return null;
  if (user?.role === "Buyer") {
    return (
      <button type="button" className={className} onClick={onBecomeSeller} disabled={busy} aria-busy={busy}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t("Post your ad")}
      </button>
    );
  }
  return (
    <Link to={user ? "/dashboard/addproduct" : POST_AD_SIGNUP} className={className} onClick={onFollow}>
      {t("Post your ad")}
    </Link>
  );
}
