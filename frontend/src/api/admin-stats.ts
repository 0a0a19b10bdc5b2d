// The admin overview (GET /api/admin/stats): today's numbers, the last 30
// days by day in the shop's time zone, and the shop's totals.
import useSWR from "swr";
import type { ApiError } from "@/lib/api";

/** One day of the overview; revenue is in whole Tk (succeeded payments). */
export type DayStats = {
  /** The day in the shop's time zone, YYYY-MM-DD. */
  date: string;
  listings: number;
  bookings: number;
  payments: number;
  revenue: number;
  reports: number;
};

/** The shop as it stands. */
export type ShopTotals = {
  availableListings: number;
  sellers: number;
  buyers: number;
  unverifiedSellers: number;
  /** Reported products waiting on Reported Products. */
  openReports: number;
};

export type AdminStats = {
  /** The shop's time zone, e.g. "Asia/Dhaka". */
  timeZone: string;
  currency: string;
  today: DayStats;
  /** 30 days, oldest first; the last is today. */
  days: DayStats[];
  totals: ShopTotals;
};

/** The series the overview charts, in its order. */
export type SeriesName = "listings" | "bookings" | "payments" | "revenue" | "reports";

export const ADMIN_STATS_KEY = "/api/admin/stats";

/** useAdminStats loads the overview (admin); asked again when the tab regains focus. */
export function useAdminStats() {
  return useSWR<AdminStats, ApiError>(ADMIN_STATS_KEY, { revalidateOnFocus: true });
}
