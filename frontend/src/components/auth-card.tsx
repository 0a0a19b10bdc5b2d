import type { ReactNode } from "react";
import { BrandLogo } from "@/components/brand-logo";
import { useT } from "@/lib/i18n";

type AuthCardProps = {
  title: string;
  subtitle: string;
  /** The welcome panel's heading and lines (shown beside the form on wide screens). */
  asideTitle: string;
  asidePoints: string[];
  children: ReactNode;
};

/** The frame of the log-in and sign-up pages: a welcome panel and the form. */
export function AuthCard({ title, subtitle, asideTitle, asidePoints, children }: AuthCardProps) {
  const t = useT();
  return (
    <section
      className="card mx-auto w-full max-w-4xl overflow-hidden bg-base-100 shadow-md lg:card-side"
      aria-labelledby="auth-title"
    >
      <div className="hidden flex-col justify-between gap-10 bg-gradient-to-br from-teal-700 to-slate-700 p-10 text-white lg:flex lg:w-5/12">
        <div className="w-fit rounded-box bg-base-100 px-3 py-2 text-xl text-base-content shadow-sm">
          <BrandLogo />
        </div>
        <div className="space-y-5">
          <h2 className="text-3xl font-extrabold leading-tight">{asideTitle}</h2>
          <ul className="space-y-3">
            {asidePoints.map((point) => (
              <li key={point} className="flex items-start gap-3 opacity-90">
                <svg viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0" fill="none" stroke="currentColor" aria-hidden="true">
                  <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2.2" d="m5 13 4 4L19 7" />
                </svg>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm opacity-75">{t("Prices in Tk. Meet the seller, check the laptop, then pay.")}</p>
      </div>
      <div className="card-body gap-6 p-6 sm:p-10 lg:w-7/12">
        <header className="space-y-1">
          <h1 id="auth-title" className="text-2xl font-bold sm:text-3xl">
            {title}
          </h1>
          <p className="text-base-content/70">{subtitle}</p>
        </header>
        {children}
      </div>
    </section>
  );
}
