import { Outlet, useNavigate } from "react-router-dom";
import { useLogout } from "@/api/auth";
import { useCategories } from "@/api/categories";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { useAuth } from "@/lib/auth";
import { setTheme, useTheme } from "@/lib/theme";
import { usePostAdAction } from "@/pages/post-ad";

/** Header, the page, footer: the frame around every route. */
export default function PublicLayout() {
  const { user, loading, logout } = useAuth();
  const { data: categories } = useCategories();
  const { trigger: endSessions, isMutating: loggingOut } = useLogout();
  const navigate = useNavigate();
  const theme = useTheme();
  const [postAd, postAdDialog] = usePostAdAction();

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
      <SiteHeader
        user={user}
        loading={loading}
        onLogout={() => void onLogout()}
        loggingOut={loggingOut}
        theme={theme}
        onThemeChange={setTheme}
        onBecomeSeller={postAd.becomeSeller}
        becomingSeller={postAd.busy}
      />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet context={postAd} />
      </main>
      <SiteFooter categories={categories ?? []} />
      {postAdDialog}
    </div>
  );
}
