// Near me (#36): the browser's location is asked for only on the tap; the
// list comes nearest first with each listing's distance; a refusal, a
// failure or a place abroad is said plainly; and the usual order is a tap
// away. navigator.geolocation is jsdom's missing piece: each test lends one.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANG_KEY } from "@/lib/i18n";
import { categories, product } from "@/test/fixtures";
import { locations, mirpur, tongi } from "@/test/places";
import { renderApp, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

const near = product({ productName: "HP EliteBook 840 G5", area: mirpur, distanceKm: 2.4 });
const far = product({ productName: "Dell Latitude 5490", area: tongi, distanceKm: 12 });
const nowhere = product({ productName: "Asus VivoBook 15", area: null });
const NEAR_LIST = "/api/products?q=laptop&near=23.81%2C90.41&sort=distance";
/** The same listings as a list in another order has them: no distance. */
const plain = (p: typeof near) => ({ ...p, distanceKm: undefined });

function api(extra: ApiTable = {}): ApiTable {
  return {
    "/api/categorys": categories,
    "/api/locations": locations,
    "/api/products?q=laptop": [nowhere, plain(far), plain(near)],
    "/api/products/facets?q=laptop": { category: {}, condition: {}, ramGb: {}, storageType: {} },
    [NEAR_LIST]: [near, far, nowhere],
    ...extra,
  };
}

type Outcome = { coords: { latitude: number; longitude: number } } | { code: number };

/** lendGeolocation gives jsdom a navigator.geolocation that answers `outcome` when asked. */
function lendGeolocation(outcome: Outcome) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ("coords" in outcome) ok({ coords: outcome.coords, timestamp: Date.now() } as GeolocationPosition);
    else fail?.({ code: outcome.code, message: "", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "geolocation");
});

const names = () => screen.getAllByRole("article").map((a) => within(a).getByRole("heading", { level: 3 }).textContent);
const search = (router: ReturnType<typeof renderApp>) => router.state.location.search;

describe("near me", () => {
  it("asks for the location only on the tap, then lists nearest first with each distance, and goes back to the usual order", async () => {
    const ask = lendGeolocation({ coords: { latitude: 23.81032, longitude: 90.41251 } });
    const fetchMock = stubApi(api());
    const router = renderApp("/search?q=laptop");
    await screen.findByRole("article", { name: "Asus VivoBook 15" });
    expect(ask).not.toHaveBeenCalled();

    const button = screen.getByRole("button", { name: "Near me" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(button);
    expect(ask).toHaveBeenCalledTimes(1);
    // the position goes in the address to two decimals (about a kilometre), not to the doorstep
    await waitFor(() => expect(search(router)).toBe("?q=laptop&near=23.81%2C90.41&sort=distance"));
    await waitFor(() => expect(names()).toEqual(["HP EliteBook 840 G5", "Dell Latitude 5490", "Asus VivoBook 15"]));
    expect(requestsTo(fetchMock, NEAR_LIST)).toHaveLength(1);
    // the counts do not depend on the order: not asked for again
    expect(requestsTo(fetchMock, "/api/products/facets?q=laptop")).toHaveLength(1);

    const first = screen.getByRole("article", { name: "HP EliteBook 840 G5" });
    expect(within(first).getByText("Mirpur, Dhaka")).toBeInTheDocument();
    expect(within(first).getByText("2.4 km away")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Dell Latitude 5490" })).getByText("12.0 km away")).toBeInTheDocument();
    // a listing with no area has no distance; its seller's words stand
    const last = screen.getByRole("article", { name: "Asus VivoBook 15" });
    expect(within(last).queryByText(/km away/)).not.toBeInTheDocument();
    expect(within(last).getByText("Mirpur 10, Dhaka")).toBeInTheDocument();

    expect(screen.getByLabelText("Sort by")).toHaveDisplayValue("Nearest first");
    expect(screen.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Nearest to you first");

    await userEvent.click(screen.getByRole("button", { name: "Back to the usual order" }));
    await waitFor(() => expect(search(router)).toBe("?q=laptop"));
    await waitFor(() => expect(names()).toEqual(["Asus VivoBook 15", "Dell Latitude 5490", "HP EliteBook 840 G5"]));
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
  });

  it("says why when the person does not share the location, and leaves the list as it was", async () => {
    const ask = lendGeolocation({ code: 1 });
    const fetchMock = stubApi(api());
    const router = renderApp("/search?q=laptop");
    await screen.findByRole("article", { name: "Asus VivoBook 15" });
    await userEvent.click(screen.getByRole("button", { name: "Near me" }));
    expect(ask).toHaveBeenCalledTimes(1);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your location was not shared, so the laptops cannot be sorted by distance.");
    expect(search(router)).toBe("?q=laptop");
    expect(requestsTo(fetchMock, NEAR_LIST)).toHaveLength(0);
    await userEvent.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says so when the location cannot be found, is abroad, or cannot be asked for", async () => {
    stubApi(api());
    lendGeolocation({ code: 3 });
    renderApp("/search?q=laptop");
    await screen.findByRole("article", { name: "Asus VivoBook 15" });
    await userEvent.click(screen.getByRole("button", { name: "Near me" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not find where you are.");

    lendGeolocation({ coords: { latitude: 51.5, longitude: -0.12 } });
    await userEvent.click(screen.getByRole("button", { name: "Near me" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Near me works in Bangladesh, and your location seems to be outside it."));

    Reflect.deleteProperty(navigator, "geolocation");
    await userEvent.click(screen.getByRole("button", { name: "Near me" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("This browser cannot share your location."));
  });

  it("leaves near me when another order is chosen", async () => {
    stubApi(api({ "/api/products?q=laptop&sort=price_asc": [plain(near), plain(far), nowhere] }));
    const router = renderApp("/search?q=laptop&near=23.81,90.41&sort=distance");
    expect(await screen.findByText("2.4 km away")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "price_asc");
    await waitFor(() => expect(search(router)).toBe("?q=laptop&sort=price_asc"));
    expect(screen.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "false");
    expect(within(screen.getByLabelText("Sort by")).queryByRole("option", { name: "Nearest first" })).not.toBeInTheDocument();
  });

  it("asks for nothing nearest first from an address with a place abroad", async () => {
    const fetchMock = stubApi(api());
    renderApp("/search?q=laptop&near=51.5,-0.12&sort=distance");
    await screen.findByRole("article", { name: "Asus VivoBook 15" });
    expect(requestsTo(fetchMock, "/api/products?q=laptop")).toHaveLength(1);
    expect(screen.getByLabelText("Sort by")).toHaveValue("");
  });

  it("writes the distance in Bangla with Bengali digits, and the area by its Bangla name", async () => {
    localStorage.setItem(LANG_KEY, "bn");
    stubApi(api());
    renderApp("/search?q=laptop&near=23.81,90.41&sort=distance");
    expect(await screen.findByText("২.৪ কিমি দূরে", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "HP EliteBook 840 G5" })).getByText("মিরপুর, ঢাকা")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "আমার কাছে" })).toHaveAttribute("aria-pressed", "true");
  });
});
