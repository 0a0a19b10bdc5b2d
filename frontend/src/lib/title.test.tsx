import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageTitle, SITE_TITLE } from "@/lib/title";
import { renderApp, stubApi } from "@/test/render-app";

const apple = { _id: "2", name: "APPLE", image: "/categories/apple.svg", productCount: 0 };

describe("page titles", () => {
  // each step waits up to 5 s: on a loaded machine (make test runs Go and
  // the browser journeys beside it) rendering the home page took over the
  // default second once
  it("names each page in the tab, and home by the site's title", async () => {
    stubApi({ "/api/categorys": [apple], "/api/advertised": [] });
    const router = renderApp("/blog");
    await waitFor(() => expect(document.title).toBe("Blog – Resale"), { timeout: 5000 });
    await router.navigate("/login");
    await waitFor(() => expect(document.title).toBe("Log In – Resale"), { timeout: 5000 });
    await router.navigate("/search?q=mac");
    await waitFor(() => expect(document.title).toBe("Results for “mac” – Resale"), { timeout: 5000 });
    await router.navigate("/");
    await waitFor(() => expect(document.title).toBe(SITE_TITLE), { timeout: 5000 });
  });

  it("names an unknown address's error page", async () => {
    stubApi({ "/api/categorys": [] });
    renderApp("/no/such/page");
    await waitFor(() => expect(document.title).toBe(pageTitle("Page not found")), { timeout: 5000 });
  });
});
