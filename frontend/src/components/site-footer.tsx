import { Link } from "react-router-dom";
import type { Category } from "@/api/categories";
import { BrandLogo } from "@/components/brand-logo";
import { useLanguage } from "@/lib/i18n";

/** The public footer: tagline, category links and site links. */
export function SiteFooter({ categories }: { categories: Category[] }) {
  const { t, locale } = useLanguage();
  const year = new Intl.DateTimeFormat(locale, { year: "numeric" }).format(new Date());
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <aside className="max-w-xs">
          <BrandLogo className="text-2xl" />
          <p className="leading-relaxed">
            {t("Resale: the best place to buy and sell secondhand products. Find a trusted used laptop or give yours a second life.")}
          </p>
        </aside>
        <nav aria-label={t("Categories")}>
          <h2 className="footer-title">{t("Categories")}</h2>
          {categories.length === 0 ? (
            <span className="opacity-70">{t("Brands are on their way")}</span>
          ) : (
            categories.map((c) => (
              <Link key={c._id} to={`/categorys/${c._id}`} className="link link-hover">
                {c.name}
              </Link>
            ))
          )}
        </nav>
        <nav aria-label={t("Explore")}>
          <h2 className="footer-title">{t("Explore")}</h2>
          <Link to="/" className="link link-hover">
            {t("Home")}
          </Link>
          <Link to="/blog" className="link link-hover">
            {t("Blog")}
          </Link>
          <Link to="/dashboard" className="link link-hover">
            {t("Dashboard")}
          </Link>
          <Link to="/stolen" className="link link-hover">
            {t("Is this laptop stolen?")}
          </Link>
        </nav>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-10 py-4 text-sm opacity-70">
          {t("© {year} Resale. All prices are in Tk.", { year })}
        </p>
      </div>
    </footer>
  );
}
