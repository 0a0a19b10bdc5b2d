import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { POST_AD_SIGNUP } from "@/components/post-ad-button";
import { ChatIcon } from "@/components/product-parts";
import type { User } from "@/lib/auth";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

export type BottomNavProps = {
  user: User | null;
  /** True while the signed-in user is still being resolved: no Sell until it is known. */
  loading: boolean;
  /** Conversations with unread messages: the badge on Chats, as on the header's messages. */
  unreadMessages: number;
  /** A buyer's Sell: become a seller first (the header's Post your ad does the same). */
  onBecomeSeller: () => void;
  becomingSeller?: boolean;
  /** Search also opens the header's search box, its words ready to type. */
  onSearch: () => void;
};

type Tab = "home" | "search" | "sell" | "chats" | "account";

/** Which tab a path belongs to, for the highlight (null: none of them, e.g. a product's page). */
export function tabOf(pathname: string): Tab | null {
  if (pathname === "/" || pathname === "/home") return "home";
  if (pathname === "/search") return "search";
  if (pathname === "/dashboard/addproduct") return "sell";
  if (pathname === "/dashboard/messages" || pathname.startsWith("/dashboard/messages/")) return "chats";
  if (/^\/(dashboard|settings|notifications|login|signup)(\/|$)/.test(pathname)) return "account";
  return null;
}

const ICON = "h-6 w-6";

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className={ICON} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {children}
    </svg>
  );
}

const ICONS: Record<Exclude<Tab, "chats">, ReactNode> = {
  home: (
    <Icon>
      <path strokeLinecap="round" strokeLinejoin="round" d="M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-5.5h4V20h4.5V9.5" />
    </Icon>
  ),
  search: (
    <Icon>
      <circle cx="11" cy="11" r="7" />
      <path strokeLinecap="round" d="m20 20-3.5-3.5" />
    </Icon>
  ),
  sell: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path strokeLinecap="round" d="M12 8v8M8 12h8" />
    </Icon>
  ),
  account: (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path strokeLinecap="round" d="M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
    </Icon>
  ),
};

/** One tab's look: the icon over its word, the current one in the brand colour. */
const tabClass = (current: boolean) =>
  `relative flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium ${
    current ? "text-primary" : "text-base-content/70"
  }`;

/**
 * BottomNav is the phone's way around (#37), below md: Home, Search,
 * Sell (the Post your ad flow; an admin, who does not sell, has no Sell),
 * Chats with its unread badge and Account, the current one highlighted
 * (aria-current). Fixed to the bottom above the iPhone's home bar; the
 * frame keeps the room for it under the page, and a product page's action
 * bar takes its place (the frame hides it while that bar is on screen).
 */
export function BottomNav({ user, loading, unreadMessages, onBecomeSeller, becomingSeller = false, onSearch }: BottomNavProps) {
  const { t, locale } = useLanguage();
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  const current = (name: Tab) => (tab === name ? ({ "aria-current": "page" } as const) : {});
  const unread = unreadMessages > 99 ? `${formatNumber(99, locale)}+` : formatNumber(unreadMessages, locale);
  const chatsLabel = unreadMessages > 0 ? t("Chats, {count} unread", { count: unreadMessages }) : t("Chats");
  const sellLabel = <span className="truncate">{t("Sell")}</span>;
  // while the account loads, Sell's room is kept: the tabs do not move when it comes
  let sell: ReactNode = loading ? <span className="flex-1" aria-hidden="true" /> : null;
  if (!loading && user?.role !== "Admin") {
    sell =
      user?.role === "Buyer" ? (
        <button type="button" className={tabClass(false)} onClick={onBecomeSeller} disabled={becomingSeller} aria-busy={becomingSeller}>
          {becomingSeller ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : ICONS.sell}
          {sellLabel}
        </button>
      ) : (
        <Link to={user ? "/dashboard/addproduct" : POST_AD_SIGNUP} className={tabClass(tab === "sell")} {...current("sell")}>
          {ICONS.sell}
          {sellLabel}
        </Link>
      );
  }
  return (
    <nav
      aria-label={t("Phone navigation")}
      data-bottom-nav
      className="fixed inset-x-0 bottom-0 z-30 border-t border-base-300 bg-base-100/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex h-14 max-w-md items-stretch">
        <Link to="/" className={tabClass(tab === "home")} {...current("home")}>
          {ICONS.home}
          <span className="truncate">{t("Home")}</span>
        </Link>
        <Link to="/search" className={tabClass(tab === "search")} {...current("search")} onClick={onSearch}>
          {ICONS.search}
          <span className="truncate">{t("Search")}</span>
        </Link>
        {sell}
        <Link to="/dashboard/messages" className={tabClass(tab === "chats")} {...current("chats")} aria-label={chatsLabel}>
          <span className="relative">
            <ChatIcon className={ICON} />
            {unreadMessages > 0 && (
              <span className="badge badge-error badge-xs absolute -top-1 -right-2 h-4 min-w-4 px-1 text-[10px] font-bold" aria-hidden="true" data-testid="chats-unread">
                {unread}
              </span>
            )}
          </span>
          <span className="truncate" aria-hidden="true">
            {t("Chats")}
          </span>
        </Link>
        <Link to={user ? "/dashboard" : "/login"} className={tabClass(tab === "account")} {...current("account")}>
          {ICONS.account}
          <span className="truncate">{t("Account")}</span>
        </Link>
      </div>
    </nav>
  );
}
