import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Outlet, ScrollRestoration, useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";
import { useResendVerification, useUpdateMe } from "@/api/account";
import { useLogout } from "@/api/auth";
import { useCategories } from "@/api/categories";
import { useConfig } from "@/api/config";
import { useConversationUnread } from "@/api/conversation-unread";
import { useUnreadCount } from "@/api/notifications";
import type { BottomNavProps } from "@/components/bottom-nav";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { API_WROTE_EVENT, EMAIL_UNVERIFIED_EVENT } from "@/lib/api";
import { ME_KEY, useAuth } from "@/lib/auth";
import { useLanguage } from "@/lib/i18n";
import { useWideScreen } from "@/lib/listing-view";
import { lazyPart } from "@/lib/lazy-part";
import { setTheme, useTheme } from "@/lib/theme";
import { notify } from "@/lib/toast";
import { usePostAdAction, type PostAd } from "@/pages/post-ad";

// The live-updates stream is not needed for the first paint: its own chunk.
const LiveEvents = lazy(() => import("@/pages/live-events"));
// Nor the banner only an unverified account sees.
export const VerifyEmailBanner = lazyPart(() => import("@/components/verify-email-banner"));
// The phone's bottom navigation (#37) in its own chunk: a desktop never
// loads it and the first page's script stays in its budget (#9); until it
// comes, an empty bar of its size and colour holds its place.
const BottomNav = lazyPart<BottomNavProps>(
  () => import("@/components/bottom-nav").then((m) => ({ default: m.BottomNav })),
  <div aria-hidden="true" className="fixed inset-x-0 bottom-0 z-30 h-[calc(3.5rem+env(safe-area-inset-bottom))] border-t border-base-300 bg-base-100/95 md:hidden" />,
);

/**
 * Header, the page, footer: the frame around every route, and around the
 * error page too (so a visitor on a 404 still has the menu and the search).
 */
export function SiteFrame({ children }: { children: ReactNode | ((postAd: PostAd) => ReactNode) }) {
  const { user, loading, logout } = useAuth();
  const { data: categories } = useCategories();
  const { trigger: endSessions, isMutating: loggingOut } = useLogout();
  const { data: unread } = useUnreadCount(user !== null);
  const { data: unreadMessages } = useConversationUnread(user !== null);
  const navigate = useNavigate();
  const theme = useTheme();
  useSaveLanguage(user !== null);
  const { data: config } = useConfig();
  const unverified = config?.mailEnabled === true && user?.emailVerified === false;
  const verify = useVerifyBanner(unverified);
  const [postAd, postAdDialog] = usePostAdAction();
  // the bottom navigation's Search opens the header's search box: each tap a new number
  const [searchAsked, setSearchAsked] = useState(0);
  // the bottom navigation is a phone's (below md): not drawn at all from md up
  const wide = useWideScreen();

  async function onLogout() {
    try {
      // Revoke the token on the server too; signing out here goes ahead either way.
      await endSessions();
    } catch {
      // ignored: an unreachable server must not keep anyone signed in locally
    }
    // Leave a signed-in-only page (committed at once, not in a transition)
    // before forgetting the user, so its guard does not send us to /login.
    await navigate("/home", { flushSync: true });
    logout();
  }

  return (
    // group/frame: a product page's action bar (data-action-bar) takes the bottom navigation's place on a phone (#37)
    <div className="group/frame flex min-h-screen flex-col">
      <SiteHeader
        user={user}
        loading={loading}
        onLogout={() => void onLogout()}
        loggingOut={loggingOut}
        theme={theme}
        onThemeChange={setTheme}
        unread={unread?.count ?? 0}
        unreadMessages={unreadMessages?.count ?? 0}
        onBecomeSeller={postAd.becomeSeller}
        becomingSeller={postAd.busy}
        searchAsked={searchAsked}
      />
      {/* Only where the shop sends email, and only a user whose answer says false. */}
      {unverified && (
        <VerifyEmailBanner email={user.email} message={verify.message} onResend={() => void verify.resend()} busy={verify.busy} sent={verify.sent} />
      )}
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 pt-4 pb-8 sm:px-6 sm:pt-8">
        {typeof children === "function" ? children(postAd) : children}
      </main>
      <SiteFooter categories={categories ?? []} />
      {/* below md: the room the fixed bottom navigation (or a product page's action bar, as tall) takes, so the footer's end is never under it */}
      <div aria-hidden="true" className="h-[calc(3.5rem+env(safe-area-inset-bottom))] shrink-0 md:hidden" />
      {!wide && (
        <div className="contents group-has-[[data-action-bar]]/frame:hidden">
          <BottomNav
            user={loading ? null : user}
            loading={loading}
            unreadMessages={unreadMessages?.count ?? 0}
            onBecomeSeller={postAd.becomeSeller}
            becomingSeller={postAd.busy}
            onSearch={() => setSearchAsked((n) => n + 1)}
          />
        </div>
      )}
      {postAdDialog}
      {/* one stream per signed-in user: a new user (or none) closes the last one's */}
      {user && (
        <Suspense fallback={null}>
          <LiveEvents key={user._id} />
        </Suspense>
      )}
    </div>
  );
}

/** The frame with the route's page in it. */
export default function PublicLayout() {
  return (
    <SiteFrame>
      {(postAd) => (
        <>
          {/* pages reach the header's Post your ad through the outlet's context (usePostAd) */}
          <Outlet context={postAd} />
          {/* A new page opens at its top; Back and Forward return to where the visitor was. */}
          <ScrollRestoration />
        </>
      )}
    </SiteFrame>
  );
}

/**
 * useSaveLanguage remembers a switch of language on the account too
 * (PATCH /api/me), so the shop's emails follow it. Only a switch made
 * while signed in is sent, not the language a visitor arrives with.
 */
function useSaveLanguage(signedIn: boolean) {
  const { lang } = useLanguage();
  const { trigger } = useUpdateMe();
  const previous = useRef(lang);
  useEffect(() => {
    if (previous.current === lang) return;
    previous.current = lang;
    if (!signedIn) return;
    trigger({ language: lang }).catch(() => {
      // the interface switched anyway; the emails keep the old language
    });
  }, [lang, signedIn, trigger]);
}

/**
 * useVerifyBanner is the state of the unverified-email banner: its Resend
 * button, and the server's message when a write was refused for want of a
 * verified email (403 email_unverified), which also scrolls it into view.
 * While the banner shows, a write the server accepted asks /api/me again:
 * the email may have been verified elsewhere (/api/me is also asked again
 * when the tab comes back into view, and when another tab verifies it).
 */
function useVerifyBanner(unverified: boolean) {
  const { t } = useLanguage();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!unverified) return;
    const onWrote = () => void mutate(ME_KEY);
    window.addEventListener(API_WROTE_EVENT, onWrote);
    return () => window.removeEventListener(API_WROTE_EVENT, onWrote);
  }, [unverified, mutate]);
  const { trigger, isMutating } = useResendVerification();
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  useEffect(() => {
    const onRefused = (e: Event) => {
      setMessage((e as CustomEvent<string>).detail);
      setSent(false);
      window.scrollTo({ top: 0, behavior: "smooth" });
    };
    window.addEventListener(EMAIL_UNVERIFIED_EVENT, onRefused);
    return () => window.removeEventListener(EMAIL_UNVERIFIED_EVENT, onRefused);
  }, []);
  async function resend() {
    try {
      await trigger();
      setSent(true);
      setMessage(undefined);
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not send a new link. Please try again."));
    }
  }
  return { sent, message, busy: isMutating, resend };
}
