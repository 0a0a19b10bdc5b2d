import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { BrandLogo } from "@/components/brand-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { MessagesLink } from "@/components/messages-link";
import { NotificationBell } from "@/components/notification-bell";
import { PostAdButton } from "@/components/post-ad-button";
import { SearchBox } from "@/components/search-box";
import { ThemeToggle } from "@/components/theme-toggle";
import { UserAvatar } from "@/components/user-avatar";
import type { User } from "@/lib/auth";
import { useLanguage } from "@/lib/i18n";
import type { Theme } from "@/lib/theme";

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
            search, theme, Post your ad, bell, photo and Log Out to hold. */}
        <div className="navbar-start w-auto shrink-0 gap-1">
          <details ref={mobileMenu} className="dropdown xl:hidden">
            <summary className="btn btn-square btn-ghost" aria-label={t("Open menu")}>
              <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <ul aria-label={t("Menu")} className="menu dropdown-content z-40 mt-3 w-56 rounded-box bg-base-100 p-2 shadow-lg">
              <NavItems user={user} onClick={closeMobileMenu} />
              {/* below sm the bar has no room for the photo, the way to the settings */}
              {user && (
                <li className="sm:hidden">
                  <NavLink to="/settings" className={navClass} onClick={closeMobileMenu}>
                    {t("Account settings")}
                  </NavLink>
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
          <Link to="/" className="btn btn-ghost px-2 text-xl">
            {/* a signed-in phone bar holds the search, theme, photo and Log Out too: the mark alone */}
            <BrandLogo compact={user !== null} />
          </Link>
        </div>

        <div className="navbar-center hidden flex-none xl:flex">
          <ul aria-label={t("Primary")} className="menu menu-horizontal gap-1 px-1 font-medium">
            <NavItems user={user} />
          </ul>
        </div>

        <div className="navbar-end w-auto min-w-0 flex-1 gap-2 sm:gap-3">
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
          <ThemeToggle theme={theme} onChange={onThemeChange} />
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
              <Link to="/settings" className="hidden shrink-0 rounded-full sm:inline-flex" aria-label={t("Account settings")} title={t("Account settings")}>
                <UserAvatar name={user.userName} photo={user.userPhoto} />
              </Link>
              {/* below sm an icon, its words for screen readers: the bar's room goes to messages and the bell */}
              <button
                type="button"
                className="btn btn-outline btn-primary btn-sm max-sm:btn-square sm:btn-md"
                onClick={onLogout}
                disabled={loggingOut}
                aria-busy={loggingOut}
                title={t("Log Out")}
              >
                {loggingOut ? (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                ) : (
                  <svg viewBox="0 0 24 24" className="h-4 w-4 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
                  </svg>
                )}
                <span className="max-sm:sr-only">{t("Log Out")}</span>
              </button>
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
