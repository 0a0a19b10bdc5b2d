// /seller/:id (#20): a seller's public page. Who they are (photo, name,
// the Verified badge and what it means, member since), their record
// (laptops on sale and sold, rating, typical reply time), their laptops on
// sale with the catalogue's filters and order, and the reviews with their
// replies. The seller replies here; an admin removes a review here.
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { toast } from "react-toastify";
import { useCategories } from "@/api/categories";
import { queryFromFilters, useUrlFilters } from "@/api/product-filters";
import { REVIEW_TEXT_MAX, useRemoveReview, useReplyToReview, useSeller, useSellerReviews, type Review, type Seller } from "@/api/sellers";
import { ReasonDialog } from "@/components/dialog-form";
import type { SortOption } from "@/components/filter-bar";
import { LoadMore } from "@/components/load-more";
import { PhoneVerifiedBadge } from "@/components/phone-code";
import { VerifiedBadge } from "@/components/product-parts";
import { RatingStars, Stars, ratingText } from "@/components/rating-stars";
import { hasShopInfo, ShopInfo } from "@/components/shop-info";
import { UserAvatar } from "@/components/user-avatar";
import { useAuth } from "@/lib/auth";
import { formatNumber } from "@/lib/format";
import { useLanguage, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { ProductBrowser } from "@/pages/product-browser";

const SORTS: SortOption[] = [
  { value: "", label: "Newest" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
];

/** A month and year, e.g. "March 2025", in the language's words and digits. */
function monthYear(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(d);
}

/** A day, e.g. "Nov 22, 2026". */
function day(iso: string, locale: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(d);
}

/** How long a seller usually takes to reply, in words: "within 5 minutes", "within 3 hours", "within 2 days". */
export function replyTimeText(minutes: number, t: Translate): string {
  if (minutes < 60) return t("within {n} minutes", { n: Math.max(1, minutes) });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? t("within an hour") : t("within {n} hours", { n: hours });
  const days = Math.round(hours / 24);
  return days === 1 ? t("within a day") : t("within {n} days", { n: days });
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-box bg-base-200/60 p-3 sm:p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-base-content/65">{label}</dt>
      <dd className="mt-1 text-lg font-bold break-words">{children}</dd>
    </div>
  );
}

function SellerHeader({ s, own }: { s: Seller; own: boolean }) {
  const { t, locale } = useLanguage();
  const logo = s.shop?.logo;
  const banner = s.shop?.banner;
  return (
    <section aria-labelledby="seller-name" className="overflow-hidden rounded-box bg-base-100 shadow-sm">
      {/* #37 the shop's banner across the top, its logo in place of the face */}
      {banner && <img src={banner} alt="" className="aspect-[3/1] max-h-64 w-full object-cover" />}
      <div className="p-5 sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {logo ? (
          <img
            src={logo}
            alt={t("{name}'s logo", { name: s.userName })}
            className={`h-20 w-20 shrink-0 rounded-box border-4 border-base-100 bg-base-100 object-cover shadow-sm ${banner ? "-mt-14 sm:-mt-16" : ""}`}
          />
        ) : (
          <UserAvatar name={s.userName} photo={s.userPhoto} size="w-20" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h1 id="seller-name" className="flex flex-wrap items-center gap-2 text-2xl font-bold break-words sm:text-3xl">
            {s.userName}
            {s.verify && <VerifiedBadge />}
          </h1>
          {s.verify && <p className="text-sm text-base-content/70">{t("Verified: the Resale team checked this seller's identity and contact details.")}</p>}
          {s.phoneVerified && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
              <PhoneVerifiedBadge />
              {t("This seller's phone number is proven with a code sent to it by SMS.")}
            </p>
          )}
          <p className="text-sm text-base-content/70">{t("Member since {date}", { date: monthYear(s.joinedAt, locale) })}</p>
          <RatingStars average={s.rating.average} count={s.rating.count} />
        </div>
        {own && (
          <Link to="/dashboard/shop" className="btn btn-outline btn-sm self-start sm:self-center">
            {t("Edit shop page")}
          </Link>
        )}
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={t("On sale")}>{formatNumber(s.activeListings, locale)}</Stat>
        <Stat label={t("Laptops sold")}>{formatNumber(s.soldCount, locale)}</Stat>
        <Stat label={t("Rating")}>
          {s.rating.count > 0 ? (
            <>
              <span aria-hidden="true">
                {new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(s.rating.average)}
                <span className="text-sm font-medium text-base-content/60"> / {formatNumber(5, locale)}</span>
              </span>
              <span className="sr-only">{ratingText(s.rating.average, s.rating.count, t, locale)}</span>
            </>
          ) : (
            <span className="text-base font-medium text-base-content/60">{t("No reviews yet")}</span>
          )}
        </Stat>
        <Stat label={t("Usually replies")}>
          {s.responseMinutes === null ? (
            <span className="text-base font-medium text-base-content/60">{t("Not enough chats yet")}</span>
          ) : (
            replyTimeText(s.responseMinutes, t)
          )}
        </Stat>
      </dl>
      </div>
    </section>
  );
}

function ReviewItem({ r, canReply, canRemove, onReply, onRemove }: { r: Review; canReply: boolean; canRemove: boolean; onReply: () => void; onRemove: () => void }) {
  const { t, locale } = useLanguage();
  return (
    <li className="rounded-box bg-base-100 p-4 shadow-sm sm:p-5">
      <article aria-label={t("Review by {name}", { name: r.buyerName || t("A former buyer") })} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Stars value={r.rating} />
            <span className="sr-only">{t("{n} out of 5 stars", { n: r.rating })}</span>
            <span className="font-semibold break-words">{r.buyerName || t("A former buyer")}</span>
          </div>
          <time dateTime={r.createdAt} className="text-xs text-base-content/60">
            {day(r.createdAt, locale)}
          </time>
        </div>
        <p className="whitespace-pre-line break-words">{r.text}</p>
        {r.reply && (
          <div className="ml-3 border-l-4 border-primary/40 pl-3 sm:ml-6">
            <p className="text-xs font-semibold uppercase tracking-wide text-base-content/65">{t("The seller's reply")}</p>
            <p className="whitespace-pre-line break-words text-base-content/85">{r.reply}</p>
          </div>
        )}
        {(canReply && !r.reply) || canRemove ? (
          <div className="flex flex-wrap gap-2 pt-1">
            {canReply && !r.reply && (
              <button type="button" className="btn btn-sm btn-primary btn-outline" onClick={onReply}>
                {t("Reply")}
              </button>
            )}
            {canRemove && (
              <button type="button" className="btn btn-sm btn-error btn-outline" onClick={onRemove}>
                {t("Remove review")}
              </button>
            )}
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The seller page. */
export default function SellerPage() {
  const { id = "" } = useParams();
  const { t } = useLanguage();
  const { user } = useAuth();
  const { data: s, error } = useSeller(id);
  const reviews = useSellerReviews(s ? id : undefined);
  const { data: categories } = useCategories();
  const { filters, setFilters, clearFilters } = useUrlFilters();
  const reply = useReplyToReview();
  const remove = useRemoveReview();
  const [replying, setReplying] = useState<Review | null>(null);
  const [removing, setRemoving] = useState<Review | null>(null);
  usePageTitle(s ? s.userName : t("Seller"));

  if (error) {
    const gone = error.status === 404;
    return (
      <div className="mx-auto max-w-xl space-y-3 py-12 text-center">
        <h1 className="text-2xl font-bold">{gone ? t("Seller not found") : t("We couldn't load this seller")}</h1>
        <p className="text-base-content/70">{gone ? t("This seller's account may have been closed.") : t("Please refresh the page in a moment.")}</p>
        <Link to="/" className="btn btn-primary btn-sm">
          {t("Browse laptops")}
        </Link>
      </div>
    );
  }
  if (!s) {
    return (
      <div className="space-y-6" role="status" aria-label={t("Loading the seller")}>
        <div className="skeleton h-48 w-full" />
        <div className="skeleton h-64 w-full" />
      </div>
    );
  }
  const own = user?._id === s._id;
  const admin = user?.role === "Admin";
  const list = reviews.data;
  return (
    <div className="space-y-8">
      <SellerHeader s={s} own={own} />
      {s.shop && hasShopInfo(s.shop) && (
        <section aria-label={t("About the shop")}>
          <ShopInfo shop={s.shop} />
        </section>
      )}

      <section aria-labelledby="seller-listings" className="space-y-4">
        <h2 id="seller-listings" className="text-xl font-bold sm:text-2xl">
          {t("Laptops on sale")}
        </h2>
        <ProductBrowser
          query={queryFromFilters({ ...filters, seller: id })}
          filters={{ ...filters, seller: "" }}
          onChange={setFilters}
          onClear={clearFilters}
          sortOptions={SORTS}
          brands={categories?.map((c) => c.name)}
          gridClassName="grid gap-6 sm:grid-cols-2 xl:grid-cols-3"
        />
      </section>

      <section aria-labelledby="seller-reviews" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="seller-reviews" className="text-xl font-bold sm:text-2xl">
            {t("Reviews")}
          </h2>
          <RatingStars average={s.rating.average} count={s.rating.count} />
        </div>
        {own && <p className="text-sm text-base-content/70">{t("You can reply once to each review; your reply shows under it.")}</p>}
        {reviews.error && !list ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>{t("We couldn't load the reviews. Please refresh the page in a moment.")}</span>
          </div>
        ) : !list ? (
          <div className="skeleton h-32 w-full" role="status" aria-label={t("Loading reviews")} />
        ) : list.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-8 text-center text-base-content/70">
            {t("No reviews yet. Buyers review a seller after a completed sale.")}
          </p>
        ) : (
          <ul className="space-y-3">
            {list.map((r) => (
              <ReviewItem key={r._id} r={r} canReply={own} canRemove={admin} onReply={() => setReplying(r)} onRemove={() => setRemoving(r)} />
            ))}
          </ul>
        )}
        <LoadMore
          hasMore={reviews.hasMore}
          loading={reviews.isLoadingMore}
          failed={reviews.error !== undefined && list !== undefined}
          onLoadMore={reviews.loadMore}
          failedText={t("We couldn't load more. Please try again.")}
        />
      </section>

      {replying && (
        <ReasonDialog
          title={t("Reply to this review")}
          detail={replying.text}
          label={t("Your reply")}
          confirmLabel={t("Send reply")}
          tone="primary"
          max={REVIEW_TEXT_MAX}
          name="text"
          requiredText={t("This is required")}
          showRefusal
          onClose={() => setReplying(null)}
          onConfirm={async (text) => {
            await reply.trigger({ reviewId: replying._id, text });
            setReplying(null);
            toast.success(t("Your reply is published"));
          }}
        />
      )}
      {removing && (
        <ReasonDialog
          title={t("Remove this review?")}
          detail={t("It leaves the seller's page and rating. The reason goes to the audit log.")}
          label={t("Reason")}
          confirmLabel={t("Remove review")}
          alert
          max={500}
          requiredText={t("This is required")}
          showRefusal
          onClose={() => setRemoving(null)}
          onConfirm={async (reason) => {
            await remove.trigger({ reviewId: removing._id, reason });
            setRemoving(null);
            toast.success(t("Review removed"));
          }}
        />
      )}
    </div>
  );
}
