import { useSyncExternalStore } from "react";
import { Bounce, ToastContainer } from "react-toastify";
import type { Theme } from "@/lib/theme";

/**
 * Where the toasts start on a wider screen: just below the sticky header
 * (4rem and its 1px border), at the right, clear of the menu, the search
 * and the account menu.
 */
export const TOAST_TOP = "calc(4rem + 1px + 0.5rem + env(safe-area-inset-top))";

/**
 * On a phone a toast is as wide as the screen: at the top it covered the
 * page's title and its first buttons for five seconds. There it comes up
 * from the bottom edge instead, where a page keeps no title: above the
 * bottom navigation or a product's action bar (--phone-bar, index.css).
 */
export const TOAST_BOTTOM = "calc(0.5rem + var(--phone-bar, 0px) + env(safe-area-inset-bottom))";

/** The widths below Tailwind's sm: a phone. */
const PHONE = "(max-width: 639.98px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a phone-wide window; follows a rotation or a resize. */
function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
}

/**
 * The one toast container, with the spec's defaults (top-right, 5 seconds,
 * pause on hover and focus loss, draggable); on a phone at the bottom.
 */
export default function Toasts({ theme }: { theme: Theme }) {
  const phone = usePhone();
  return (
    <ToastContainer
      position={phone ? "bottom-center" : "top-right"}
      style={phone ? { bottom: TOAST_BOTTOM } : { top: TOAST_TOP }}
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      newestOnTop
      theme={theme}
      transition={Bounce}
    />
  );
}
