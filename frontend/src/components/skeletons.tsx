// Grey shapes where content is on its way, so the page keeps its layout
// instead of going blank. Each says Loading... to screen readers.
import { useT } from "@/lib/i18n";

/** A table's header and a few grey rows. */
export function TableSkeleton({ columns, rows = 4, label }: { columns: number; rows?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" className="overflow-hidden rounded-box bg-base-100 shadow-sm">
      <span className="sr-only">{label ?? t("Loading...")}</span>
      <div aria-hidden="true" className="divide-y divide-base-300">
        <div className="flex gap-4 px-4 py-3">
          {Array.from({ length: columns }, (_, i) => (
            <div key={i} className="skeleton h-4 flex-1" />
          ))}
        </div>
        {Array.from({ length: rows }, (_, r) => (
          <div key={r} className="flex items-center gap-4 px-4 py-4">
            {Array.from({ length: columns }, (_, i) => (
              <div key={i} className={`skeleton flex-1 ${i === 0 ? "h-4 max-w-8" : "h-5"}`} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** A card with a heading and a few labelled fields: a form on its way. */
export function FormSkeleton({ fields = 6, label }: { fields?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm">
      <span className="sr-only">{label ?? t("Loading...")}</span>
      <div aria-hidden="true" className="card-body gap-6 p-5 sm:p-8">
        <div className="space-y-2">
          <div className="skeleton h-8 w-56" />
          <div className="skeleton h-4 w-3/4" />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {Array.from({ length: fields }, (_, i) => (
            <div key={i} className="space-y-2">
              <div className="skeleton h-4 w-24" />
              <div className="skeleton h-10 w-full" />
            </div>
          ))}
        </div>
        <div className="skeleton h-12 w-full sm:ml-auto sm:w-48" />
      </div>
    </div>
  );
}
