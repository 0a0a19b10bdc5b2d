import type { ReactNode } from "react";
import { useT } from "@/lib/i18n";

type ComingSoonProps = {
  title: string;
  /** What the page will do, in one sentence. */
  description: string;
  children?: ReactNode;
};

/** A finished-looking card for a page whose content is still being built. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  const t = useT();
  return (
    <section className="card mx-auto w-full max-w-2xl bg-base-100 shadow-sm" aria-labelledby="coming-soon-title">
      <div className="card-body items-center gap-4 text-center sm:p-10">
        <div className="rounded-full bg-primary/10 p-4 text-primary" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 6v6l4 2m5-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
          </svg>
        </div>
        <h1 id="coming-soon-title" className="text-2xl font-bold sm:text-3xl">
          {title}
        </h1>
        <p className="max-w-md text-base-content/70">{description}</p>
        <span className="badge badge-soft badge-primary">{t("Coming soon")}</span>
        {children}
      </div>
    </section>
  );
}
