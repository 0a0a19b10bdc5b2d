import { Outlet } from "react-router-dom";
import { useCategories } from "@/api/categories";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { useAuth } from "@/lib/auth";

/** Header, the page, footer: the frame around every route. */
export default function PublicLayout() {
  const { user, loading, logout } = useAuth();
  const { data: categories } = useCategories();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={user} loading={loading} onLogout={logout} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter categories={categories ?? []} />
    </div>
  );
}
