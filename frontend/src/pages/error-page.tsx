import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { useT, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { SiteFrame } from "@/pages/public-layout";

function errorText(error: unknown, t: Translate): string {
  if (isRouteErrorResponse(error)) return error.status === 404 ? t("Not Found") : error.statusText || String(error.data ?? t("Not Found"));
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return t("Something went wrong.");
}

/**
 * The router's errorElement: any routing, loader or render error, an
 * unknown address included. It keeps the site's frame (header with the
 * menu and the search, footer), so a visitor can go on from here.
 */
export default function ErrorPage() {
  const error = useRouteError();
  const t = useT();
  usePageTitle(t("Page not found"));
  return (
    <SiteFrame>
      <section className="flex min-h-[50vh] items-center justify-center py-8">
        <div className="min-w-0 text-center">
          <h1 className="text-8xl font-black tracking-tight text-primary sm:text-9xl">404</h1>
          <p className="mt-4 text-lg break-words text-base-content/80" role="alert">
            {errorText(error, t)}
          </p>
          <Link to="/" className="btn btn-primary mt-8">
            {t("Go to Home")}
          </Link>
        </div>
      </section>
    </SiteFrame>
  );
}
