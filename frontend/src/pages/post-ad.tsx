// "Post your ad" for everyone: the header's button and the home page's. A
// buyer who taps it is asked, made a seller (PUT /api/me/role), signed in
// again with the new token and taken to Add Product. PublicLayout holds the
// one question dialog and hands the action to its pages as outlet context.
import { useCallback, type ReactNode } from "react";
import { useNavigate, useOutletContext } from "react-router-dom";
import { useSWRConfig } from "swr";
import { useBecomeSeller } from "@/api/auth";
import { useConfirm } from "@/components/confirm-dialog";
import { ME_KEY, useAuth, type User } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { notify } from "@/lib/toast";

export type PostAd = {
  user: User | null;
  /** A buyer's way to sell: ask, switch the role, open Add Product. */
  becomeSeller: () => void;
  /** True while the role is being switched. */
  busy: boolean;
};

/** usePostAdAction is PublicLayout's: the action, and the dialog to render once. */
export function usePostAdAction(): [PostAd, ReactNode] {
  const t = useT();
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [confirm, dialog] = useConfirm();
  const { trigger, isMutating } = useBecomeSeller();

  const becomeSeller = useCallback(async () => {
    const yes = await confirm({
      message: t("Sell your laptop here?"),
      detail: t("Your account becomes a seller account. You can still book laptops."),
      confirmLabel: t("Become a seller"),
    });
    if (!yes) return;
    try {
      const res = await trigger();
      login(res.accessToken, res.user);
      // the new token's user, as the server sees it now
      void mutate(ME_KEY);
      notify("success", t("You can post ads now"));
      await navigate("/dashboard/addproduct");
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Something went wrong. Please try again."));
    }
  }, [confirm, t, trigger, login, mutate, navigate]);

  return [{ user, becomeSeller: () => void becomeSeller(), busy: isMutating }, dialog];
}

/** usePostAd is the action PublicLayout hands its pages. */
export function usePostAd(): PostAd {
  return useOutletContext<PostAd>();
}
