// Every page names itself in the browser tab: "My Booking – Resale".
import { useEffect } from "react";

/** The home page's title, also index.html's. */
export const SITE_TITLE = "Resale – buy and sell used laptops";

/** pageTitle is the tab's text for a page; no name gives the site's own title. */
export function pageTitle(name?: string): string {
  return name ? `${name} – Resale` : SITE_TITLE;
}

/** usePageTitle sets document.title while the page is shown. */
export function usePageTitle(name?: string) {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
