import { Bounce, ToastContainer } from "react-toastify";
import type { Theme } from "@/lib/theme";

/**
 * Where the toasts start: just below the sticky header (4rem and its 1px
 * border), so on a phone, where a toast is as wide as the screen, it does
 * not cover the menu, the search or Log Out for its five seconds.
 */
export const TOAST_TOP = "calc(4rem + 1px + 0.5rem + env(safe-area-inset-top))";

/** The one toast container, with the spec's defaults: top-right, 5 seconds, pause on hover and focus loss, draggable. */
export default function Toasts({ theme }: { theme: Theme }) {
  return (
    <ToastContainer
      position="top-right"
      style={{ top: TOAST_TOP }}
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
