// Every page names itself in the browser tab: "My Booking – Resale", in
// the language shown (callers pass the page's name already translated).
import { useEffect } from "react";
import { useT } from "@/lib/i18n";

/** The home page's title, also index.html's. */
export const SITE_TITLE = "Resale – buy and sell used laptops";

/** pageTitle is the tab's text for a page; no name gives the site's own title. */
export function pageTitle(name?: string): string {
  return name ? `${name} – Resale` : SITE_TITLE;
}

/** usePageTitle sets document.title while the page is shown. */
export function usePageTitle(name?: string) {
  const t = useT();
  const title = name ? t("{name} – Resale", { name }) : t(SITE_TITLE);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
