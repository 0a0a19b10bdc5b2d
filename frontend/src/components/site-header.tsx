import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { BrandLogo } from "@/components/brand-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { MessagesLink } from "@/components/messages-link";
import { NotificationBell } from "@/components/notification-bell";
import { PostAdButton } from "@/components/post-ad-button";
import { SearchBox } from "@/components/search-box";
import { ThemeToggle } from "@/components/theme-toggle";
import type { User } from "@/lib/auth";
import { useLanguage } from "@/lib/i18n";
import { lazyPart } from "@/lib/lazy-part";
import type { Theme } from "@/lib/theme";

// Only a signed-in header has the account menu: not in a visitor's first page.
// Until it comes, a box of its size keeps the bar still.
export const AccountMenu = lazyPart(() => import("@/components/account-menu"), <span className="h-11 w-11 shrink-0" aria-hidden="true" />);

type SiteHeaderProps = {
  user: User | null;
  /** True while the signed-in user is still being resolved. */
  loading: boolean;
  onLogout: () => void;
  /** True while the log-out call is on its way. */
  loggingOut?: boolean;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  /** The signed-in user's unread notifications, for the bell. */
  unread?: number;
  /** The signed-in user's conversations with unread messages, beside the bell. */
  unreadMessages?: number;
  /** A buyer's "Post your ad": become a seller first. */
  onBecomeSeller: () => void;
  /** True while a buyer is being made a seller. */
  becomingSeller?: boolean;
  /** Grows each time the bottom navigation's Search is tapped: the phone's search box opens. */
  searchAsked?: number;
};

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "menu-active" : "");

/** The header's links; onClick also runs when one is followed (closing the phone menu). */
function NavItems({ user, onClick }: { user: User | null; onClick?: () => void }) {
  const { t } = useLanguage();
  return (
    <>
      <li>
        <NavLink to="/" end className={navClass} onClick={onClick}>
          {t("Home")}
        </NavLink>
      </li>
      <li>
        <NavLink to="/blog" className={navClass} onClick={onClick}>
          {t("Blog")}
        </NavLink>
      </li>
      {user && (
        <li>
          <NavLink to="/dashboard" className={navClass} onClick={onClick}>
            {t("Dashboard")}
          </NavLink>
        </li>
      )}
    </>
  );
}

/** The public header: brand, Home, Blog, the laptop search, the language and theme, and the account controls. */
export function SiteHeader({
  user,
  loading,
  onLogout,
  loggingOut = false,
  theme,
  onThemeChange,
  unread = 0,
  unreadMessages = 0,
  onBecomeSeller,
  becomingSeller = false,
  searchAsked = 0,
}: SiteHeaderProps) {
  const { t, lang, setLang, switching } = useLanguage();
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const closeMobileMenu = () => mobileMenu.current?.removeAttribute("open");
  const location = useLocation();
  const navigate = useNavigate();
  // On a phone the search box opens under the bar from an icon.
  const [searchOpen, setSearchOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);
  // the bottom navigation's Search: open the box (or, already open, put the cursor back in it)
  const [askedSeen, setAskedSeen] = useState(searchAsked);
  if (searchAsked !== askedSeen) {
    setAskedSeen(searchAsked);
    setSearchOpen(true);
  }
  useEffect(() => {
    if (searchAsked > 0) searchInput.current?.focus();
  }, [searchAsked]);
  const query = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  function onSearch(q: string) {
    setSearchOpen(false);
    void navigate(q ? `/search?${new URLSearchParams({ q }).toString()}` : "/search");
  }

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav className="navbar relative mx-auto max-w-7xl gap-2 px-2 sm:px-4" aria-label={t("Main")}>
        {/* The logo and the links take what they need and the right end the rest, its
            search box growing and shrinking with it, so nothing runs over anything else.
            Below xl the links and the language live in the menu: a signed-in bar has the
            search, theme, Post your ad, messages, bell and the account menu to hold; below
            sm a signed-in bar's theme is in the menu too, so the name "Resale" keeps its room. */}
        <div className="navbar-start w-auto shrink-0 gap-1">
          <details ref={mobileMenu} className="dropdown xl:hidden">
            <summary className="btn btn-square btn-ghost" aria-label={t("Open menu")}>
              <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <ul aria-label={t("Menu")} className="menu dropdown-content z-40 mt-3 w-56 rounded-box bg-base-100 p-2 shadow-lg">
              <NavItems user={user} onClick={closeMobileMenu} />
              {/* below sm a signed-in bar has no room for the theme: it is here */}
              {user && (
                <li className="sm:hidden">
                  <ThemeToggle theme={theme} onChange={onThemeChange} variant="menu" />
                </li>
              )}
              {/* below sm the bar has no room for Post your ad either */}
              {!loading && user?.role !== "Admin" && (
                <li className="mt-1 sm:hidden">
                  <PostAdButton
                    user={user}
                    onBecomeSeller={() => {
                      closeMobileMenu();
                      onBecomeSeller();
                    }}
                    onFollow={closeMobileMenu}
                    busy={becomingSeller}
                    className="btn btn-accent btn-sm"
                  />
                </li>
              )}
              {/* below xl the bar has no room for the language: it is here, with the links */}
              <li className="mt-1 border-t border-base-200 pt-1">
                <LanguageSwitch
                  lang={lang}
                  busy={switching}
                  className="font-medium"
                  onChange={(l) => {
                    closeMobileMenu();
                    setLang(l);
                  }}
                />
              </li>
            </ul>
          </details>
          <Link to="/" className="btn btn-ghost px-1 text-lg sm:px-2 sm:text-xl">
            <BrandLogo />
          </Link>
        </div>

        <div className="navbar-center hidden flex-none xl:flex">
          <ul aria-label={t("Primary")} className="menu menu-horizontal gap-1 px-1 font-medium">
            <NavItems user={user} />
          </ul>
        </div>

        <div className="navbar-end w-auto min-w-0 flex-1 gap-1 sm:gap-3">
          {/* below lg the box opens under the bar from its button: between md and lg the bar's
              other buttons left it too narrow to read its own placeholder */}
          <SearchBox
            value={query}
            onSearch={onSearch}
            onEscape={() => setSearchOpen(false)}
            inputRef={searchInput}
            className={`${searchOpen ? "block" : "hidden"} absolute inset-x-0 top-full border-b border-base-300 bg-base-100 p-2 shadow-sm lg:static lg:block lg:w-auto lg:min-w-28 lg:max-w-80 lg:flex-1 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
          />
          <button
            type="button"
            className="btn btn-square btn-ghost lg:hidden"
            aria-label={t("Show search")}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <circle cx="11" cy="11" r="7" />
              <path strokeLinecap="round" d="m20 20-3.5-3.5" />
            </svg>
          </button>
          <div className="hidden xl:block">
            <LanguageSwitch lang={lang} onChange={setLang} busy={switching} />
          </div>
          <div className={user ? "hidden sm:contents" : "contents"}>
            <ThemeToggle theme={theme} onChange={onThemeChange} />
          </div>
          {!loading && (
            <PostAdButton
              user={user}
              onBecomeSeller={onBecomeSeller}
              busy={becomingSeller}
              className="btn btn-accent btn-sm hidden sm:inline-flex sm:btn-md"
            />
          )}
          {loading ? (
            <span role="status" className="loading loading-dots loading-md text-primary" aria-label={t("Checking sign-in")} />
          ) : user ? (
            <>
              <MessagesLink count={unreadMessages} />
              <NotificationBell count={unread} />
              {/* the photo opens the account menu (its own chunk): its pages, the settings and Log Out */}
              <AccountMenu user={user} onLogout={onLogout} loggingOut={loggingOut} />
            </>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm sm:btn-md">
              {t("Log In")}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
