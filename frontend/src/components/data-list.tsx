// One responsive list for the dashboard: a daisyUI table from md up, a
// card a row on phones (index.css's table-cards), with the states every
// paged list has around it: loading, failed, empty, and Load more.
import type { ReactNode } from "react";
import { LoadMore } from "@/components/load-more";
import { PageSpinner } from "@/components/page-spinner";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

/** One column: its header, and what a row shows in it. */
export type Column<T> = {
  /** The header in the table; on a phone's card, the label beside the cell. */
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Classes of the cell: fixed, or by row. */
  className?: string | ((row: T) => string);
  /**
   * false: no label on the phone's card, for the row's title (a name with
   * its photo) or its buttons, which say what they are.
   */
  label?: boolean;
};

/** What DataList reads of a paged list (usePagedList); a plain array of rows is `{ data: rows }`. */
export type ListState<T> = {
  data: T[] | undefined;
  error?: unknown;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  loadMore?: () => void;
};

type ListViewProps<T> = {
  list: ListState<T>;
  /** Said when the first page cannot be loaded. */
  loadError: ReactNode;
  /** Shown when there are no rows: an EmptyState. */
  empty: ReactNode;
  /** Shown while the first page is on its way; a spinner by default. */
  loading?: ReactNode;
  /** The rows, once there are some. */
  children: (rows: T[]) => ReactNode;
};

/**
 * ListView is what every paged list shows around its rows: a spinner or
 * skeleton until the first page is in, an alert if it cannot be loaded,
 * the empty state, and Load more under the rows.
 */
export function ListView<T>({ list, loadError, empty, loading, children }: ListViewProps<T>) {
  const { t } = useLanguage();
  const rows = list.data;
  let body: ReactNode;
  if (!rows && list.error) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        {loadError}
      </div>
    );
  } else if (!rows) {
    body = loading ?? <PageSpinner />;
  } else if (rows.length === 0) {
    body = empty;
  } else {
    body = children(rows);
  }
  return (
    <>
      {body}
      {list.loadMore && (
        <LoadMore
          hasMore={list.hasMore ?? false}
          loading={list.isLoadingMore ?? false}
          failed={list.error !== undefined && rows !== undefined}
          onLoadMore={list.loadMore}
          failedText={t("We couldn't load more. Please try again.")}
        />
      )}
    </>
  );
}

type DataListProps<T> = Omit<ListViewProps<T>, "children"> & {
  /** A column left out for this reader (false) is skipped. */
  columns: (Column<T> | false)[];
  rowKey: (row: T) => string;
  /** A first column with the row's number (1, 2, ...), a row header. */
  numbered?: boolean;
  /** The smaller table (table-sm), for a list with many lines per row. */
  dense?: boolean;
};

/** DataList is a dashboard list: a table on a desktop, cards on a phone. */
export function DataList<T>({ columns, rowKey, numbered = false, dense = false, ...states }: DataListProps<T>) {
  const { locale } = useLanguage();
  const shown = columns.filter((c): c is Column<T> => c !== false);
  return (
    <ListView {...states}>
      {(rows) => (
        <div className="table-cards-wrap overflow-x-auto rounded-box bg-base-100 shadow-sm">
          <table className={`table-cards table ${dense ? "table-sm" : ""}`}>
            <thead>
              <tr>
                {numbered && <th scope="col">#</th>}
                {shown.map((c) => (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={rowKey(row)} className="hover:bg-base-200/50">
                  {numbered && (
                    <th scope="row" className="text-base-content/60">
                      {formatNumber(i + 1, locale)}
                    </th>
                  )}
                  {shown.map((c) => (
                    <td
                      key={c.header}
                      data-label={c.label === false ? undefined : c.header}
                      className={typeof c.className === "function" ? c.className(row) : c.className}
                    >
                      {c.cell(row, i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListView>
  );
}

/** The dashed box an empty list shows: what is missing, and a word on what fills it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
      <p className="text-lg font-semibold text-base-content/70">{title}</p>
      {typeof children === "string" ? <p className="text-sm text-base-content/60">{children}</p> : children}
    </div>
  );
}

type ListPageProps = {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  /** Lines under the heading. */
  intro?: ReactNode;
  /** Beside the heading: a count or an Add button. */
  aside?: ReactNode;
  children: ReactNode;
};

/** ListPage is a dashboard list's page: its heading, a line or two under it, then the list. */
export function ListPage({ titleId, title, intro, aside, children }: ListPageProps) {
  return (
    <section className="space-y-6" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 id={titleId} className="text-2xl font-bold sm:text-3xl">
            {title}
          </h1>
          {intro}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
