import { Bounce, ToastContainer } from "react-toastify";
import type { Theme } from "@/lib/theme";

/** The one toast container, with the spec's defaults: top-right, 5 seconds, pause on hover and focus loss, draggable. */
export default function Toasts({ theme }: { theme: Theme }) {
  return (
    <ToastContainer
      position="top-right"
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
