import { useState } from "react";
import { useT } from "@/lib/i18n";
import { notify } from "@/lib/toast";

/**
 * ShareButton shares the page's address: the phone's own share sheet (Web
 * Share API) where there is one, else the link is copied to the clipboard.
 */
export function ShareButton({ title, url, className = "" }: { title: string; url?: string; className?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);

  async function onShare() {
    const link = url ?? window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url: link });
      } catch {
        // closed without sharing: nothing to say
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify("success", t("Link copied"));
      setTimeout(() => setCopied(false), 3000);
    } catch {
      notify("error", t("Could not copy the link: copy it from the address bar."));
    }
  }

  return (
    <button type="button" className={`btn btn-outline ${className}`} onClick={() => void onShare()}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {copied ? t("Link copied") : t("Share")}
    </button>
  );
}
