import { useEffect, useRef, useState } from "react";
import { NavLink, Outlet } from "react-router-dom";
import { useConversationUnread } from "@/api/conversation-unread";
import { useNewLeadCount } from "@/api/leads";
import { REPORTED_PRODUCTS_KEY, type Product } from "@/api/products";
import { useAuth, type Role } from "@/lib/auth";
import { formatNumber } from "@/lib/format";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { usePagedList } from "@/lib/paged-list";

/**
 * Where work waits for someone, counted beside its menu item: an admin's
 * reports, a seller's new leads, anyone's unread conversations.
 */
type Waiting = "reports" | "leads" | "messages";

type MenuItem = { to: string; label: MessageKey; waiting?: Waiting };

const myBooking: MenuItem = { to: "/dashboard/mybooking", label: "My Booking" };
const leads: MenuItem = { to: "/dashboard/leads", label: "Leads" };
// everyone talks: the threads with unread messages counted
const messages: MenuItem = { to: "/dashboard/messages", label: "Messages", waiting: "messages" };
// everyone saves laptops with the heart
const favourites: MenuItem = { to: "/dashboard/favourites", label: "Favourites" };
// #20 saved searches: everyone keeps searches, after Favourites
const savedSearches: MenuItem = { to: "/dashboard/saved-searches", label: "Saved searches" };

/** Each role's menu: its own work first, then My Booking and Favourites (which everyone has). */
const menus: Record<Role, MenuItem[]> = {
  Buyer: [myBooking, messages, favourites, savedSearches],
  // a seller's daily work: the buyers who booked, with the new ones counted
  Seller: [
    { ...leads, waiting: "leads" },
    messages,
    { to: "/dashboard/addproduct", label: "Add Product" },
    { to: "/dashboard/myproducts", label: "My Products" },
    // #37 the shop page: logo, banner, address, hours, map, about
    { to: "/dashboard/shop", label: "Edit my shop" },
    // #37 how the seller's listings are doing: views, calls, chats, favourites, bookings
    { to: "/dashboard/numbers", label: "Numbers" },
    // #34 what the seller earned, was paid out and is owed
    { to: "/dashboard/balance", label: "Balance" },
    myBooking,
    favourites,
    savedSearches,
  ],
  Admin: [
    // #20 admin overview (helper admin): first, and where /dashboard lands an admin
    { to: "/dashboard/overview", label: "Overview" },
    { to: "/dashboard/repotedproducts", label: "Reported Products", waiting: "reports" },
    { to: "/dashboard/conversations", label: "Reported chats" },
    { to: "/dashboard/allusers", label: "All Users" },
    { to: "/dashboard/allbuyer", label: "All Buyers" },
    { to: "/dashboard/allseller", label: "All Seller" },
    { to: "/dashboard/categories", label: "Categories" },
    // #39 the price guide's reference catalogue: shipped, or uploaded to replace or extend it
    { to: "/dashboard/price-reference", label: "Price reference" },
    // every seller's leads, to look into; the new ones wait for their sellers, not for the admin
    leads,
    // #34 every payment, refund, commission and payout; payouts recorded
    { to: "/dashboard/ledger", label: "Ledger" },
    { to: "/dashboard/mail", label: "Mail problems" },
    { to: "/dashboard/audit", label: "Audit log" },
    // #40 stolen laptops registered, waiting for an admin
    { to: "/dashboard/stolen", label: "Stolen laptops" },
    messages,
    myBooking,
    favourites,
    savedSearches,
  ],
};

/**
 * useWaiting counts the work waiting for this role, as the menu shows it:
 * the open reports an admin has (the rows of the pages loaded, with "+"
 * when the API names a further page), and a seller's new leads (asked
 * again every 30 s, like the bell's count). Nothing for a count of zero.
 */
function useWaiting(role: Role | undefined): Partial<Record<Waiting, string>> {
  const { locale } = useLanguage();
  const reports = usePagedList<Product>(role === "Admin" ? REPORTED_PRODUCTS_KEY : null);
  const newLeads = useNewLeadCount(role === "Seller");
  const unread = useConversationUnread(role !== undefined);
  const waiting: Partial<Record<Waiting, string>> = {};
  const n = reports.data?.length ?? 0;
  if (n > 0) waiting.reports = formatNumber(n, locale) + (reports.hasMore ? "+" : "");
  const leadCount = newLeads.data?.count ?? 0;
  if (leadCount > 0) waiting.leads = formatNumber(leadCount, locale);
  const unreadCount = unread.data?.count ?? 0;
  if (unreadCount > 0) waiting.messages = formatNumber(unreadCount, locale);
  return waiting;
}

const DRAWER_ID = "dashboard-drawer";

/** /dashboard: side menu by role (a drawer on phones) and the page. */
export default function DashboardLayout() {
  const { user } = useAuth();
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLInputElement>(null);
  const menu = useRef<HTMLElement>(null);
  // On a phone the menu slides over the page: take the keyboard into it,
  // and Escape gives it back to the toggle. The menu stays hidden (so not
  // focusable) for the first moment of its slide: try again each frame.
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const focusFirst = () => {
      const link = menu.current?.querySelector<HTMLElement>("a[href]");
      link?.focus();
      if (link && document.activeElement !== link && tries++ < 40) frame = requestAnimationFrame(focusFirst);
    };
    focusFirst();
    return () => cancelAnimationFrame(frame);
  }, [open]);
  // a seller's own public page, as buyers see it (its reviews too), after Edit my shop
  const items = !user
    ? [myBooking, messages]
    : user.role === "Seller"
      ? menus.Seller.flatMap((item) => (item.to === "/dashboard/shop" ? [item, { to: `/seller/${user._id}`, label: "View my shop" as const }] : [item]))
      : menus[user.role];
  const waiting = useWaiting(user?.role);

  return (
    <div className="drawer min-h-[60vh] lg:drawer-open lg:gap-8">
      <input
        ref={toggle}
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        aria-label={t("Dashboard menu")}
      />
      <div className="drawer-content min-w-0">
        {/* drawer-button: the label shows the focus ring of the (invisible) checkbox */}
        <label htmlFor={DRAWER_ID} className="drawer-button btn btn-outline btn-sm mb-4 lg:hidden">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h10M4 18h16" />
          </svg>
          {t("Dashboard menu")}
        </label>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:top-24 lg:z-auto lg:h-auto lg:self-start lg:overflow-visible">
        {/* a mouse's way out; the keyboard's is Escape or the toggle */}
        <label htmlFor={DRAWER_ID} aria-hidden="true" className="drawer-overlay" />
        <nav
          ref={menu}
          aria-label={t("Dashboard")}
          onKeyDown={(e) => {
            if (e.key === "Escape" && open) {
              setOpen(false);
              toggle.current?.focus();
            }
          }}
          className="min-h-full w-64 bg-base-100 p-4 lg:min-h-0 lg:rounded-box lg:shadow-sm">
          <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-base-content/60">
            {user ? t(`${user.role} dashboard`) : t("Dashboard")}
          </p>
          <ul className="menu w-full gap-1 p-0">
            {items.map((item) => {
              // the count is the link's description, not part of its name
              const count = item.waiting && waiting[item.waiting];
              const countId = count ? `dashboard-waiting-${item.waiting}` : undefined;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) => (isActive ? "menu-active" : "")}
                    onClick={() => setOpen(false)}
                    aria-describedby={countId}
                  >
                    {t(item.label)}
                    {count && (
                      <span className="badge badge-sm badge-error ml-auto" aria-hidden="true">
                        {count}
                      </span>
                    )}
                  </NavLink>
                  {count && (
                    <span id={countId} className="sr-only">
                      {item.waiting === "messages" ? t("{count} unread", { count }) : t("{count} waiting", { count })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </div>
  );
}
