// The whole route table. Public pages load with the app; the dashboard and
// its pages are separate chunks loaded on first visit.
import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { PageSpinner } from "@/components/page-spinner";
import { RequireAdmin, RequireAuth, RequireSeller } from "@/lib/auth";
import Blog from "@/pages/blog";
import CategoryPage from "@/pages/category";
import ErrorPage from "@/pages/error-page";
import GoogleAuth from "@/pages/google-auth";
import Home from "@/pages/home";
import Login from "@/pages/login";
import PublicLayout from "@/pages/public-layout";
import SearchPage from "@/pages/search";
import Signup from "@/pages/signup";

/** Turns a page module's default export into a lazy route's Component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const myBooking = page(() => import("@/pages/dashboard/my-booking"));

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Home /> },
      { path: "home", element: <Home /> },
      { path: "blog", element: <Blog /> },
      { path: "login", element: <Login /> },
      { path: "signup", element: <Signup /> },
      { path: "auth/google", element: <GoogleAuth /> },
      { path: "search", element: <SearchPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "categorys/:id", element: <CategoryPage /> },
          {
            path: "dashboard",
            lazy: page(() => import("@/pages/dashboard-layout")),
            children: [
              { index: true, lazy: myBooking },
              { path: "mybooking", lazy: myBooking },
              { path: "payment/:id", lazy: page(() => import("@/pages/dashboard/payment")) },
              {
                element: <RequireAdmin />,
                children: [
                  { path: "allusers", lazy: page(() => import("@/pages/dashboard/all-users")) },
                  { path: "allbuyer", lazy: page(() => import("@/pages/dashboard/all-buyers")) },
                  { path: "allseller", lazy: page(() => import("@/pages/dashboard/all-sellers")) },
                  { path: "repotedproducts", lazy: page(() => import("@/pages/dashboard/reported-products")) },
                ],
              },
              {
                element: <RequireSeller />,
                children: [
                  { path: "addproduct", lazy: page(() => import("@/pages/dashboard/add-product")) },
                  { path: "myproducts", lazy: page(() => import("@/pages/dashboard/my-products")) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
