// The signed-in header's account menu: its own chunk (a visitor's first page,
// the most common one, never needs it). The photo opens it; it holds the
// role's everyday pages, so each is two taps from anywhere, the settings and
// Log Out, which asks before it acts.
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { useConfirm } from "@/components/confirm-dialog";
import { UserAvatar } from "@/components/user-avatar";
import type { Role, User } from "@/lib/auth";
import { useT, type MessageKey } from "@/lib/i18n";

type Item = { to: string; label: MessageKey };

const myBooking: Item = { to: "/dashboard/mybooking", label: "My Booking" };
const messages: Item = { to: "/dashboard/messages", label: "Messages" };
const favourites: Item = { to: "/dashboard/favourites", label: "Favourites" };
const savedSearches: Item = { to: "/dashboard/saved-searches", label: "Saved searches" };

/** Each role's pages in the menu: its own work first, then what everyone has. */
export function accountItems(user: User): Item[] {
  const byRole: Record<Role, Item[]> = {
    Buyer: [myBooking, messages, favourites, savedSearches],
    Seller: [
      { to: "/dashboard/leads", label: "Leads" },
      { to: "/dashboard/myproducts", label: "My Products" },
      { to: `/seller/${user._id}`, label: "View my shop" },
      messages,
      myBooking,
      favourites,
      savedSearches,
    ],
    Admin: [
      { to: "/dashboard/overview", label: "Overview" },
      { to: "/dashboard/repotedproducts", label: "Reported Products" },
      { to: "/dashboard/leads", label: "Leads" },
      messages,
      myBooking,
      favourites,
    ],
  };
  return byRole[user.role];
}

type AccountMenuProps = {
  user: User;
  /** Logs out; called only once the person said yes. */
  onLogout: () => void;
  /** True while the log-out call is on its way. */
  loggingOut: boolean;
};

/** The photo in the header and the account menu it opens. */
export default function AccountMenu({ user, onLogout, loggingOut }: AccountMenuProps) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [confirm, confirmDialog] = useConfirm();
  const location = useLocation();

  // a followed link, Back or Forward: the menu closes with the page it was opened on
  const [openedAt, setOpenedAt] = useState(location.key);
  if (open && openedAt !== location.key) {
    setOpen(false);
    setOpenedAt(location.key);
  }

  useEffect(() => {
    if (!open) return;
    // a press anywhere else closes it
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function askLogout() {
    setOpen(false);
    const yes = await confirm({
      message: t("Log out of Resale?"),
      detail: t("You will need to log in again to use your account."),
      confirmLabel: t("Log Out"),
    });
    if (yes) onLogout();
    else button.current?.focus();
  }

  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "menu-active" : "");
  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        className="btn btn-circle btn-ghost h-11 w-11 min-h-0 p-0"
        aria-label={t("Account menu")}
        title={t("Account menu")}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => {
          setOpenedAt(location.key);
          setOpen((o) => !o);
        }}
      >
        <UserAvatar name={user.userName} photo={user.userPhoto} size="w-8" />
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          className="absolute right-0 top-full z-40 mt-2 w-64 max-w-[calc(100vw-1rem)] rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          <div className="border-b border-base-200 px-3 pt-1 pb-2">
            <p className="truncate font-semibold" title={user.userName}>
              {user.userName}
            </p>
            <p className="truncate text-sm text-base-content/60" title={user.email}>
              {user.email}
            </p>
          </div>
          <ul aria-label={t("Account menu")} className="menu w-full gap-0.5 px-0 pt-2 pb-0">
            {accountItems(user).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={linkClass} onClick={() => setOpen(false)}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            <li className="mt-1 border-t border-base-200 pt-1">
              <Link to="/settings" onClick={() => setOpen(false)}>
                {t("Account settings")}
              </Link>
            </li>
            <li>
              <button type="button" className="text-error" onClick={() => void askLogout()} disabled={loggingOut} aria-busy={loggingOut}>
                {loggingOut ? (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                ) : (
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M16 17l5-5-5-5M21 12H9" />
                  </svg>
                )}
                {t("Log Out")}
              </button>
            </li>
          </ul>
        </div>
      )}
      {confirmDialog}
    </div>
  );
}
