import { afterEach, describe, expect, it } from "vitest";
import {
  armAction,
  parsePendingAction,
  PENDING_ACTION_KEY,
  PENDING_ACTION_LIFE,
  readPendingAction,
  rememberAction,
  takeAction,
} from "@/lib/pending-action";

const now = 1_800_000_000_000;
const any = () => true;

afterEach(() => localStorage.clear());

describe("parsePendingAction", () => {
  it("reads a known action on a path of this site", () => {
    expect(parsePendingAction({ action: "favourite", path: "/product/12", product: "12", at: now }, now)).toEqual({
      action: "favourite",
      path: "/product/12",
      product: "12",
      at: now,
    });
    expect(parsePendingAction({ action: "savedSearch", path: "/search?q=thinkpad&maxPrice=40000", user: "7", at: now }, now)).toMatchObject({
      action: "savedSearch",
      user: "7",
    });
  });

  it("refuses unknown actions", () => {
    for (const action of ["delete", "pay", "admin", "", "FAVOURITE", "toString", "__proto__", 1, null]) {
      expect(parsePendingAction({ action, path: "/product/12", product: "12", at: now }, now)).toBeNull();
    }
  });

  it("refuses paths off the site, sign-in pages and hashes", () => {
    for (const path of ["//evil.example/product/12", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "product/12", "/login", "/signup?x=1", "/auth/google", "/product/12#x", 5]) {
      expect(parsePendingAction({ action: "book", path, product: "12", at: now }, now)).toBeNull();
    }
  });

  it("refuses a product that is not an id, a product on a saved search, a missing one on the rest", () => {
    for (const product of ["12 OR 1=1", "../12", "", "1".repeat(20), 12, undefined]) {
      expect(parsePendingAction({ action: "report", path: "/home", product, at: now }, now)).toBeNull();
    }
    expect(parsePendingAction({ action: "savedSearch", path: "/search?q=x", product: "12", at: now }, now)).toBeNull();
    expect(parsePendingAction({ action: "chat", path: "/home", product: "12", user: "x y", at: now }, now)).toBeNull();
  });

  it("forgets an action older than its life, or from the future", () => {
    expect(parsePendingAction({ action: "chat", path: "/home", product: "1", at: now - PENDING_ACTION_LIFE - 1 }, now)).toBeNull();
    expect(parsePendingAction({ action: "chat", path: "/home", product: "1", at: now + 10 * 60_000 }, now)).toBeNull();
    expect(parsePendingAction({ action: "chat", path: "/home", product: "1", at: "now" }, now)).toBeNull();
  });
});

describe("remember, arm, take", () => {
  it("finishes an action once, for the account that signed in, on the page it was started on", () => {
    rememberAction("book", "/product/12", "12", now);
    // not armed yet: nobody takes it
    expect(takeAction("/product/12", "7", any, now)).toBeNull();
    armAction("/product/12#photos", "7", now);
    expect(takeAction("/product/12", "8", any, now)).toBeNull(); // another account
    expect(takeAction("/home", "7", any, now)).toBeNull(); // another page
    expect(takeAction("/product/12", "7", (a) => a.product === "13", now)).toBeNull(); // not this page's product
    expect(takeAction("/product/12", "7", any, now)).toMatchObject({ action: "book", product: "12", user: "7" });
    // a reload finds nothing
    expect(takeAction("/product/12", "7", any, now)).toBeNull();
    expect(localStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
  });

  it("drops the action when the sign-in goes elsewhere", () => {
    rememberAction("favourite", "/product/12", "12", now);
    armAction("/home", "7", now);
    expect(readPendingAction(now)).toBeNull();
  });

  it("does not re-arm an action for a second account", () => {
    rememberAction("favourite", "/product/12", "12", now);
    armAction("/product/12", "7", now);
    armAction("/product/12", "8", now);
    expect(takeAction("/product/12", "8", any, now)).toBeNull();
  });

  it("never stores what it would not read back", () => {
    rememberAction("book", "//evil.example", "12", now);
    expect(localStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
    rememberAction("favourite", "/product/12", "12", now);
    rememberAction("book", "https://evil.example/", "12", now); // replaces, and is refused: nothing is left
    expect(localStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
  });

  it("drops what another script wrote there", () => {
    for (const text of ["not json", JSON.stringify({ action: "pay", path: "/dashboard/payment/1", at: now, user: "7" }), JSON.stringify([1, 2])]) {
      localStorage.setItem(PENDING_ACTION_KEY, text);
      expect(takeAction("/dashboard/payment/1", "7", any, now)).toBeNull();
      expect(localStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
    }
  });

  it("lets an armed action expire", () => {
    rememberAction("report", "/product/3", "3", now);
    armAction("/product/3", "7", now);
    expect(takeAction("/product/3", "7", any, now + PENDING_ACTION_LIFE + 1)).toBeNull();
  });
});
