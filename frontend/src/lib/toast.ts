// Toasts without react-toastify in the first page's script: the library
// comes in its own chunk, loaded as the app starts (main.tsx mounts the
// container lazily) or at the latest with the first toast.

/** notify shows a toast; pages whose chunk imports react-toastify may call toast() directly. */
export function notify(kind: "success" | "error", message: string): void {
  void import("react-toastify").then(({ toast }) => toast[kind](message));
}
