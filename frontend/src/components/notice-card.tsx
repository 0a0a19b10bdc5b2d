import type { ReactNode } from "react";

type NoticeCardProps = {
  title: string;
  tone: "busy" | "ok" | "error" | "info";
  children?: ReactNode;
};

const toneClass = { busy: "text-primary", ok: "text-success", error: "text-error", info: "text-info" };

/** A small centred card for a one-step page: an emailed link's result, with what to do next. */
export function NoticeCard({ title, tone, children }: NoticeCardProps) {
  return (
    <section className="card mx-auto w-full max-w-lg bg-base-100 shadow-md" aria-labelledby="notice-title" aria-busy={tone === "busy"}>
      <div className="card-body items-center gap-4 p-6 text-center sm:p-10">
        <span className={`${toneClass[tone]}`} aria-hidden="true">
          {tone === "busy" ? (
            <span className="loading loading-spinner loading-lg" />
          ) : (
            <svg viewBox="0 0 24 24" className="h-12 w-12" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="9" />
              {tone === "ok" && <path strokeLinecap="round" strokeLinejoin="round" d="m8 12.5 3 3 5-6" />}
              {tone === "error" && <path strokeLinecap="round" d="M12 7.5v5.5M12 16.5v.01" />}
              {tone === "info" && <path strokeLinecap="round" d="M12 11v5.5M12 7.5v.01" />}
            </svg>
          )}
        </span>
        <h1 id="notice-title" className="text-2xl font-bold">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
