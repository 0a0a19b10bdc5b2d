// The grey shapes of a list of laptops while it loads: a card's and a
// phone's row or grid tile, each as tall as what it stands for. They come
// with the first page; the card and the tile themselves are chunks of their
// own (#9), and until one arrives its skeleton holds its place, so nothing
// moves when it does.

/**
 * A grey card shown while products load, line for line as tall as a
 * product's card (the same text sizes, the same reserved lines), so the
 * list does not jump when the products come.
 */
export function ProductCardSkeleton() {
  // a fact: its label (text-xs, one 1rem line) and its value (text-sm, lines of 1.25rem)
  const fact = (lines: string) => (
    <div>
      <div className="flex h-4 items-center">
        <div className="skeleton h-3 w-16" />
      </div>
      <div className={`flex ${lines} items-center`}>
        <div className="skeleton h-4 w-24" />
      </div>
    </div>
  );
  return (
    <div className="card h-full overflow-hidden bg-base-100 shadow-sm ring-1 ring-base-300/60" aria-hidden="true">
      <div className="skeleton aspect-[16/10] rounded-none" />
      <div className="card-body @container min-w-0 gap-4 p-5">
        <div className="space-y-1">
          <div className="flex h-[2lh] flex-col justify-center gap-2 text-lg leading-snug">
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-2/3" />
          </div>
          <div className="flex h-8 items-center">
            <div className="skeleton h-6 w-1/2" />
          </div>
          <div className="flex h-5 items-center">
            <div className="skeleton h-3 w-3/4" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
          {fact("h-5")}
          {fact("h-5")}
          {fact("h-5")}
          {fact("h-10")}
          {/* the phone number: a tap target, 44 px on a phone (index.css) */}
          <div className="col-span-2">{fact("h-5 max-md:h-11 pointer-coarse:h-11")}</div>
        </div>
        <div className="flex h-[3lh] flex-col justify-center gap-2 text-sm leading-relaxed">
          <div className="skeleton h-3 w-full" />
          <div className="skeleton h-3 w-5/6" />
          <div className="skeleton h-3 w-2/3" />
        </div>
        <div className="mt-auto flex flex-col gap-1 border-t border-base-300 pt-3 text-sm">
          {/* the seller's name: a tap target too */}
          <div className="flex h-[1lh] items-center max-md:h-11 pointer-coarse:h-11">
            <div className="skeleton h-4 w-32" />
          </div>
          <div className="flex h-4 items-center text-xs">
            <div className="skeleton h-3 w-40" />
          </div>
        </div>
        {/* Book Now on a row of its own in a narrow card (four across at 1366 px), Chat and Report under it */}
        <div className="skeleton h-10 w-full max-md:h-11 pointer-coarse:h-11 @max-[17rem]:h-[5.5rem]" />
      </div>
    </div>
  );
}

/** A grey tile while the list loads, as tall as a tile. */
export function ProductTileSkeleton({ variant }: { variant: "list" | "grid" }) {
  if (variant === "grid") {
    return (
      <div className="flex flex-col overflow-hidden rounded-box bg-base-100 shadow-sm ring-1 ring-base-300/60" aria-hidden="true">
        <div className="skeleton aspect-[4/3] rounded-none" />
        <div className="space-y-2 p-2.5">
          <div className="skeleton h-3.5 w-full" />
          <div className="skeleton h-3.5 w-2/3" />
          <div className="skeleton h-5 w-1/2" />
          <div className="skeleton h-3 w-3/4" />
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-3 rounded-box bg-base-100 p-2 shadow-sm ring-1 ring-base-300/60" aria-hidden="true">
      <div className="skeleton h-24 w-28 shrink-0 rounded-field" />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <div className="skeleton h-3.5 w-full" />
        <div className="skeleton h-3.5 w-2/3" />
        <div className="skeleton h-5 w-1/2" />
        <div className="mt-auto skeleton h-3 w-3/4" />
      </div>
    </div>
  );
}
