// The whole route table. The home page (the first page most visitors see)
// loads with the app; every other page, the dashboard and its pages are
// separate chunks loaded on first visit, to keep the first page's script small.
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { PageSpinner } from "@/components/page-spinner";
import { RequireAdmin, RequireAuth, RequireSeller, RequireSellerOrAdmin } from "@/lib/auth";
import ErrorPage from "@/pages/error-page";
import Home from "@/pages/home";
import PublicLayout from "@/pages/public-layout";

/** Turns a page module's default export into a lazy route's Component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const myBooking = page(() => import("@/pages/dashboard/my-booking"));
const settings = page(() => import("@/pages/settings"));

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Home /> },
      { path: "home", element: <Home /> },
      { path: "blog", lazy: page(() => import("@/pages/blog")) },
      { path: "login", lazy: page(() => import("@/pages/login")) },
      { path: "signup", lazy: page(() => import("@/pages/signup")) },
      { path: "auth/google", lazy: page(() => import("@/pages/google-auth")) },
      { path: "search", lazy: page(() => import("@/pages/search")) },
      { path: "product/:id", lazy: page(() => import("@/pages/product")) },
      // #20 sellers and reviews: a seller's public page
      { path: "seller/:id", lazy: page(() => import("@/pages/seller")) },
      // the links of the shop's emails
      { path: "forgot-password", lazy: page(() => import("@/pages/forgot-password")) },
      { path: "reset-password", lazy: page(() => import("@/pages/reset-password")) },
      { path: "verify-email", lazy: page(() => import("@/pages/verify-email")) },
      { path: "unsubscribe", lazy: page(() => import("@/pages/unsubscribe")) },
      // #40 is this laptop stolen? (anyone), and registering one (signed in)
      { path: "stolen", lazy: page(() => import("@/pages/stolen")) },
      {
        element: <RequireAuth />,
        children: [
          { path: "categorys/:id", lazy: page(() => import("@/pages/category")) },
          { path: "notifications", lazy: page(() => import("@/pages/notifications")) },
          { path: "settings", lazy: settings },
          { path: "settings/notifications", lazy: settings },
          {
            path: "dashboard",
            lazy: page(() => import("@/pages/dashboard-layout")),
            children: [
              // #20 admin overview (helper admin): an admin lands on the Overview
              { index: true, lazy: page(() => import("@/pages/dashboard/dashboard-index")) },
              { path: "mybooking", lazy: myBooking },
              { path: "payment/:id", lazy: page(() => import("@/pages/dashboard/payment")) },
              { path: "favourites", lazy: page(() => import("@/pages/dashboard/favourites")) },
              // #20 saved searches
              { path: "saved-searches", lazy: page(() => import("@/pages/dashboard/saved-searches")) },
              // every role talks: the inbox, with the open thread beside it (or instead, on a phone)
              {
                path: "messages",
                lazy: page(() => import("@/pages/dashboard/messages")),
                children: [{ path: ":id", lazy: page(() => import("@/pages/dashboard/message-thread")) }],
              },
              {
                element: <RequireAdmin />,
                children: [
                  // #20 admin overview (helper admin): today's numbers and 30 days of charts
                  { path: "overview", lazy: page(() => import("@/pages/dashboard/overview")) },
                  { path: "allusers", lazy: page(() => import("@/pages/dashboard/all-users")) },
                  { path: "allbuyer", lazy: page(() => import("@/pages/dashboard/all-buyers")) },
                  { path: "allseller", lazy: page(() => import("@/pages/dashboard/all-sellers")) },
                  { path: "repotedproducts", lazy: page(() => import("@/pages/dashboard/reported-products")) },
                  { path: "mail", lazy: page(() => import("@/pages/dashboard/mail-failures")) },
                  // #34 the ledger: every payment, refund, commission and payout; payouts recorded
                  { path: "ledger", lazy: page(() => import("@/pages/dashboard/ledger")) },
                  { path: "audit", lazy: page(() => import("@/pages/dashboard/audit")) },
                  // #40 stolen laptops registered, to confirm or reject
                  { path: "stolen", lazy: page(() => import("@/pages/dashboard/stolen-reports")) },
                  { path: "categories", lazy: page(() => import("@/pages/dashboard/categories")) },
                  // #39 the price guide's reference catalogue: upload, download, back to the shipped one
                  { path: "price-reference", lazy: page(() => import("@/pages/dashboard/price-reference")) },
                  {
                    path: "conversations",
                    lazy: page(() => import("@/pages/dashboard/reported-conversations")),
                    children: [{ path: ":id", lazy: page(() => import("@/pages/dashboard/reported-thread")) }],
                  },
                ],
              },
              {
                element: <RequireSellerOrAdmin />,
                children: [{ path: "leads", lazy: page(() => import("@/pages/dashboard/leads")) }],
              },
              {
                element: <RequireSeller />,
                children: [
                  { path: "addproduct", lazy: page(() => import("@/pages/dashboard/add-product")) },
                  { path: "myproducts", lazy: page(() => import("@/pages/dashboard/my-products")) },
                  // #37 the seller's shop page: logo, banner, address, hours, map, about
                  { path: "shop", lazy: page(() => import("@/pages/dashboard/my-shop")) },
                  { path: "products/:id/edit", lazy: page(() => import("@/pages/dashboard/edit-product")) },
                  // #37 per-listing numbers: one listing's 30 days, and all of the seller's
                  { path: "products/:id/numbers", lazy: page(() => import("@/pages/dashboard/listing-numbers")) },
                  { path: "numbers", lazy: page(() => import("@/pages/dashboard/seller-numbers")) },
                  // #34 the seller's balance: earned, paid out, owed
                  { path: "balance", lazy: page(() => import("@/pages/dashboard/balance")) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
