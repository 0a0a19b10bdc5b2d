import type { ReactNode } from "react";
import { Outlet, ScrollRestoration, useNavigate } from "react-router-dom";
import { useLogout } from "@/api/auth";
import { useCategories } from "@/api/categories";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { useAuth } from "@/lib/auth";
import { setTheme, useTheme } from "@/lib/theme";

/**
 * Header, the page, footer: the frame around every route, and around the
 * error page too (so a visitor on a 404 still has the menu and the search).
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const { user, loading, logout } = useAuth();
  const { data: categories } = useCategories();
  const { trigger: endSessions, isMutating: loggingOut } = useLogout();
  const navigate = useNavigate();
  const theme = useTheme();

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
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={user} loading={loading} onLogout={() => void onLogout()} loggingOut={loggingOut} theme={theme} onThemeChange={setTheme} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
      <SiteFooter categories={categories ?? []} />
    </div>
  );
}

/** The frame with the route's page in it. */
export default function PublicLayout() {
  return (
    <SiteFrame>
      <Outlet />
      {/* A new page opens at its top; Back and Forward return to where the visitor was. */}
      <ScrollRestoration />
    </SiteFrame>
  );
}
