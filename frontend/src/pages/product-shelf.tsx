// Not a route: the list of product cards shared by home and the category
// page, with what its buttons do (report with a reason and a note, book in
// a dialog, or go to log in first).
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useBookedIds, useCreateBooking } from "@/api/bookings";
import { useFavouriteIds, useToggleFavourite } from "@/api/favourites";
import type { Product } from "@/api/products";
import type { BookingDetails, BookingModal as Booking } from "@/components/booking-modal";
import type { ProductCardProps } from "@/components/product-card";
import { ProductCardSkeleton, ProductTileSkeleton } from "@/components/product-skeletons";
import type { ProductTileProps } from "@/components/product-tile";
import { useResumeAction } from "@/components/resume-action";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { lazyPart } from "@/lib/lazy-part";
import { useShownView } from "@/lib/listing-view";
import { pathOf, rememberAction } from "@/lib/pending-action";
import { notify } from "@/lib/toast";
import type { LoginReason } from "@/pages/login";

// The full card and the phone's row or grid tile (#37), each in its own
// chunk (#9): a list loads the one it shows (useShownView: the screen's width
// and the remembered view), so a phone does not fetch the desktop's card nor
// a desktop the phone's tile. Until it comes each laptop is its skeleton,
// as tall as it: nothing moves when it does.
export const ProductCard = lazyPart<ProductCardProps>(
  () => import("@/components/product-card").then((m) => ({ default: m.ProductCard })),
  <ProductCardSkeleton />,
);
export const ProductTile = lazyPart<ProductTileProps>(
  () => import("@/components/product-tile").then((m) => ({ default: m.ProductTile })),
  ({ variant }) => <ProductTileSkeleton variant={variant} />,
);

// "Chat with seller" comes in its own chunk, on the first click.
const StartChat = lazy(() => import("@/pages/start-chat"));
// Report's reason and note, as on the product page: its own chunk, on the first click
const ReportProduct = lazy(() => import("@/pages/report-product"));
// The Book Now dialog too: the first page shows the cards, not the form. A
// signed-in visitor's page fetches it after its first paint, so Book Now
// opens it at once, as before.
let BookingModal: typeof Booking | null = null;
let bookingLoad: Promise<unknown> | null = null;
function loadBookingModal(): Promise<unknown> {
  bookingLoad ??= import("@/components/booking-modal").then(
    (m) => (BookingModal = m.BookingModal),
    (err: unknown) => {
      bookingLoad = null; // offline for a moment: the next click tries again
      throw err;
    },
  );
  return bookingLoad;
}

type ProductShelfProps = {
  products: Product[] | undefined;
  isLoading: boolean;
  error: unknown;
  /** Shown instead of the cards when there are none. */
  emptyText?: string;
  /** A second line under the empty text, e.g. a hint to clear the filters. */
  emptyHint?: ReactNode;
  /** Replaces the generic load error, e.g. with the server's word on a bad filter. */
  errorText?: string;
  /** How many grey cards to show while loading. */
  skeletons?: number;
  /** The grid's column classes. */
  gridClassName?: string;
  /** How wide a card is at each screen width (see ProductCard). */
  cardSizes?: string;
  /** How many of the first cards load their photos at once: the shelf is at the top of its page. */
  eager?: number;
  /**
   * Below md, the compact rows or grid the visitor chose (#37) instead of
   * the full cards; false keeps the full cards (Similar laptops' sideways row).
   */
  compact?: boolean;
  /**
   * Where each laptop stands, for a list of saved ones (Favourites): a badge
   * beside the price, and closed (sold, expired) for no link and no Book Now.
   */
  standing?: (product: Product) => { badge: ReactNode; closed: boolean };
  /** Every laptop listed is a favourite (the Favourites page): its heart is full, while the ids load too, and takes it off. */
  allSaved?: boolean;
};

/** The compact views' lists: rows one under another, or two columns. */
const COMPACT_GRID = { list: "grid-cols-1 gap-2", grid: "grid-cols-2 gap-2" } as const;


/** A grid of product cards with Book Now, Chat with seller, Report and the heart wired up. */
export function ProductShelf({
  products,
  isLoading,
  error,
  emptyText,
  emptyHint,
  errorText,
  skeletons = 3,
  gridClassName = "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
  cardSizes = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  eager = 0,
  compact = true,
  standing,
  allSaved = false,
}: ProductShelfProps) {
  const { user } = useAuth();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const book = useCreateBooking();
  const bookedIds = useBookedIds(user?.email);
  const favouriteIds = useFavouriteIds(user !== null);
  const toggleFavourite = useToggleFavourite();
  const saved = (p: Product) => allSaved || favouriteIds.has(p._id);
  const [reportOf, setReportOf] = useState<Product | null>(null);
  const [booking, setBooking] = useState<Product | null>(null);
  const [chatting, setChatting] = useState<Product | null>(null);
  const signedInNow = user !== null;
  const shown = useShownView();
  const view = compact && shown !== "card" ? shown : null;

  // the card or the tile fetched beside the products, not after them
  useEffect(() => {
    (view ? ProductTile : ProductCard).preload().catch(() => {});
  }, [view]);

  useEffect(() => {
    if (signedInNow) loadBookingModal().catch(() => {});
  }, [signedInNow]);

  /** Sends a signed-out visitor to log in, to come back here and finish what they tapped on p. */
  function signedIn(reason: LoginReason, p: Product): boolean {
    if (user) return true;
    rememberAction(reason, pathOf(location), p._id);
    void navigate("/login", { state: { from: location, reason } });
    return false;
  }

  // the action a visitor was sent to log in for, on one of these cards
  useResumeAction(
    products !== undefined,
    (a) => a.action !== "savedSearch" && products?.some((p) => p._id === a.product) === true,
    (a) => {
      const p = products?.find((x) => x._id === a.product);
      if (!p || (user !== null && user.email === p.sellerEmail)) return;
      if (a.action === "favourite") {
        toggleFavourite.trigger({ id: p._id, save: true }).then(
          () => notify("success", t("Saved to your favourites.")),
          (err: unknown) => notify("error", err instanceof Error ? err.message : t("Could not change your favourites. Please try again.")),
        );
      } else if (a.action === "chat") setChatting(p);
      else if (a.action === "report") setReportOf(p);
      else if (a.action === "book" && !p.reserved) void onBook(p);
    },
  );

  function onReport(p: Product) {
    if (signedIn("report", p)) setReportOf(p);
  }

  async function onBook(p: Product) {
    if (!signedIn("book", p)) return;
    if (!BookingModal) {
      try {
        await loadBookingModal();
      } catch {
        notify("error", t("Booking failed. Try again."));
        return;
      }
    }
    setBooking(p);
  }

  function onChat(p: Product) {
    if (signedIn("chat", p)) setChatting(p);
  }

  async function onFavourite(p: Product) {
    if (!signedIn("favourite", p)) return;
    try {
      await toggleFavourite.trigger({ id: p._id, save: !saved(p) });
    } catch (err) {
      notify("error", err instanceof Error ? err.message : t("Could not change your favourites. Please try again."));
    }
  }

  async function sendBooking(details: BookingDetails) {
    if (!booking || !user) return;
    await book.trigger({
      ProductId: booking._id,
      number: details.number,
      meetLocation: details.meetLocation,
      paymentMethod: details.paymentMethod,
      buyerName: user.userName,
      buyerEmail: user.email,
      productName: booking.productName,
      price: booking.sellPrice,
    });
    notify("success", t("Book Success"));
  }

  let body;
  if (isLoading && !products) {
    body = (
      <div className={`grid ${view ? COMPACT_GRID[view] : `gap-6 ${gridClassName}`}`} role="status" aria-label={t("Loading products")}>
        {Array.from({ length: skeletons }, (_, i) => (view ? <ProductTileSkeleton key={i} variant={view} /> : <ProductCardSkeleton key={i} />))}
      </div>
    );
  } else if (error && !products) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{errorText ?? t("We couldn't load these laptops right now. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!products || products.length === 0) {
    body = (
      // on a phone a short note (#37): an empty section must not push the next one's laptops down
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-4 text-center sm:py-10">
        <svg viewBox="0 0 24 24" className="hidden h-10 w-10 text-base-content/30 sm:block" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <rect x="3" y="4" width="18" height="12" rx="1.5" />
          <path strokeLinecap="round" d="M1.5 19.5h21" />
        </svg>
        <p className="font-semibold text-base-content/70">{emptyText ?? t("No Available Product")}</p>
        {emptyHint && <p className="text-sm text-base-content/60">{emptyHint}</p>}
      </div>
    );
  } else if (view) {
    body = (
      <ul className={`grid ${COMPACT_GRID[view]}`} data-view={view}>
        {products.map((p, i) => (
          <li key={p._id} className="min-w-0">
            <ProductTile
              product={p}
              variant={view}
              priority={i < eager}
              own={user !== null && user.email === p.sellerEmail}
              booked={bookedIds.has(p._id)}
              favourite={saved(p)}
              onFavourite={(x) => void onFavourite(x)}
              {...standing?.(p)}
            />
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className={`grid gap-6 ${gridClassName}`}>
        {products.map((p, i) => (
          // min-w-0 (#32): a long seller name or title never widens its column past the screen
          <li key={p._id} className="min-w-0">
            <ProductCard
              product={p}
              priority={i < eager}
              sizes={cardSizes}
              own={user !== null && user.email === p.sellerEmail}
              booked={bookedIds.has(p._id)}
              onBook={onBook}
              onReport={onReport}
              onChat={onChat}
              favourite={saved(p)}
              onFavourite={(x) => void onFavourite(x)}
              {...standing?.(p)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      {reportOf && (
        <Suspense fallback={null}>
          <ReportProduct product={reportOf} onClose={() => setReportOf(null)} />
        </Suspense>
      )}
      {chatting && (
        <Suspense fallback={null}>
          <StartChat product={chatting} seller={chatting.seller} onClose={() => setChatting(null)} />
        </Suspense>
      )}
      {BookingModal && (
        <BookingModal
          product={booking}
          buyerName={user?.userName ?? ""}
          buyerEmail={user?.email ?? ""}
          onClose={() => setBooking(null)}
          onSubmit={sendBooking}
        />
      )}
    </>
  );
}
