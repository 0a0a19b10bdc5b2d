import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageTitle, SITE_TITLE } from "@/lib/title";
import { renderApp, stubApi } from "@/test/render-app";

const apple = { _id: "2", name: "APPLE", image: "/categories/apple.svg", productCount: 0 };

describe("page titles", () => {
  it("names each page in the tab, and home by the site's title", async () => {
    stubApi({ "/api/categorys": [apple], "/api/advertised": [] });
    const router = renderApp("/blog");
    await waitFor(() => expect(document.title).toBe("Blog – Resale"));
    await router.navigate("/login");
    await waitFor(() => expect(document.title).toBe("Log In – Resale"));
    await router.navigate("/search?q=mac");
    await waitFor(() => expect(document.title).toBe("Results for “mac” – Resale"));
    await router.navigate("/");
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
  });

  it("names an unknown address's error page", async () => {
    stubApi({ "/api/categorys": [] });
    renderApp("/no/such/page");
    await waitFor(() => expect(document.title).toBe(pageTitle("Page not found")));
  });
});
