import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { emailSegment, isUserWriteKey, type UserRecord } from "@/api/users";
import { TOKEN_KEY } from "@/lib/api";
import { admin, categories, seller } from "@/test/fixtures";
import { jsonResponse, renderApp, reply, requestsTo, stubApi, type ApiTable } from "@/test/render-app";

/** deleteWithReason gives the delete dialog the reason it requires (#32), then confirms. */
async function deleteWithReason(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText("Reason for the account's owner"), "Breaks the shop's rules");
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
}

const LIST = "/api/users?role=Seller";
const verified: UserRecord = { ...seller, verify: "verify" };
const tanvir: UserRecord = { _id: "8", userName: "Tanvir Hasan", email: "tanvir+shop@example.com", userPhoto: "", role: "Seller", verify: "" };
const VERIFY = "PUT /api/users/tanvir+shop@example.com";

function api(list: () => UserRecord[], extra: ApiTable = {}): ApiTable {
  return { "/api/me": admin, "/api/categorys": categories, [LIST]: () => jsonResponse(200, list()), ...extra };
}

const row = (name: string | RegExp) => screen.getByRole("row", { name });

describe("all sellers", () => {
  it("shows a spinner with hidden Loading... text, then the sellers with Verifyed or Make Verify", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubApi({
      ...api(() => []),
      [LIST]: async () => {
        await gate;
        return jsonResponse(200, [verified, tanvir]);
      },
    });
    renderApp("/dashboard/allseller");
    await screen.findByRole("navigation", { name: "Dashboard" });
    const status = await screen.findByRole("status");
    expect(within(status).getByText("Loading...")).toHaveClass("sr-only");
    release();

    expect(await screen.findByRole("heading", { name: "All Seller" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["#", "Name", "Email", "Verify", "Delete"]);
    const karim = row(/Karim Seller/);
    expect(within(karim).getByRole("rowheader")).toHaveTextContent("1");
    expect(within(karim).getAllByRole("cell")[2]).toHaveTextContent(/^Verifyed/);
    expect(within(karim).getByRole("button", { name: "Un-verify Karim Seller" })).toHaveTextContent("Un-verify");
    expect(within(karim).queryByRole("button", { name: /Make Verify/ })).not.toBeInTheDocument();
    const t = row(/Tanvir Hasan/);
    expect(t).toHaveTextContent("tanvir+shop@example.com");
    expect(within(t).getByRole("button", { name: /Make Verify/ })).toHaveTextContent("Make Verify");
    expect(within(t).queryByText("Verifyed")).not.toBeInTheDocument();
    expect(within(t).queryByRole("button", { name: /Un-verify/ })).not.toBeInTheDocument();
  });

  it("shows No Seller when there are none", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => []));
    renderApp("/dashboard/allseller");
    expect(await screen.findByRole("heading", { name: "All Seller" })).toBeInTheDocument();
    expect(screen.getByText("No Seller")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("verifies only after the confirmation, toasts Seller Update success and shows Verifyed", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [verified, tanvir];
    const fetchMock = stubApi(
      api(() => list, {
        [VERIFY]: () => {
          list = [verified, { ...tanvir, verify: "verify" }];
          return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/allseller");
    await screen.findByRole("heading", { name: "All Seller" });

    await userEvent.click(within(row(/Tanvir Hasan/)).getByRole("button", { name: /Make Verify/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure Verify this user" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, "/api/users/tanvir+shop@example.com", "PUT")).toHaveLength(0);
    expect(screen.queryByText("Seller Update success")).not.toBeInTheDocument();

    await userEvent.click(within(row(/Tanvir Hasan/)).getByRole("button", { name: /Make Verify/ }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: "Are you sure Verify this user" })).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Seller Update success")).toBeInTheDocument();
    await waitFor(() => expect(within(row(/Tanvir Hasan/)).getByText("Verifyed")).toBeInTheDocument());
    expect(within(row(/Tanvir Hasan/)).queryByRole("button", { name: /Make Verify/ })).not.toBeInTheDocument();
    const [put] = requestsTo(fetchMock, "/api/users/tanvir+shop@example.com", "PUT");
    expect(put?.body ?? undefined).toBeUndefined();
    expect(new Headers(put?.headers).get("Authorization")).toBe("Bearer tok");
  });

  it("un-verifies a verified seller only after the confirmation, then shows Make Verify again", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const karimVerified: UserRecord = { ...verified, email: "karim+shop@example.com" };
    let list = [karimVerified, tanvir];
    const UNVERIFY = "DELETE /api/users/karim+shop@example.com/verify";
    const fetchMock = stubApi(
      api(() => list, {
        [UNVERIFY]: () => {
          list = [{ ...karimVerified, verify: "" }, tanvir];
          return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/allseller");
    await screen.findByRole("heading", { name: "All Seller" });
    const name = karimVerified.userName;

    await userEvent.click(within(row(new RegExp(name))).getByRole("button", { name: `Un-verify ${name}` }));
    const dialog = screen.getByRole("alertdialog", { name: `Take ${name}'s verification away?` });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requestsTo(fetchMock, "/api/users/karim+shop@example.com/verify", "DELETE")).toHaveLength(0);

    await userEvent.click(within(row(new RegExp(name))).getByRole("button", { name: `Un-verify ${name}` }));
    await userEvent.click(within(screen.getByRole("alertdialog", { name: `Take ${name}'s verification away?` })).getByRole("button", { name: "Un-verify" }));
    expect(await screen.findByText(`${name} is no longer verified`)).toBeInTheDocument();
    await waitFor(() => expect(within(row(new RegExp(name))).getByRole("button", { name: /Make Verify/ })).toBeInTheDocument());
    expect(within(row(new RegExp(name))).queryByText("Verifyed")).not.toBeInTheDocument();
    const sent = requestsTo(fetchMock, "/api/users/karim+shop@example.com/verify", "DELETE");
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]!.headers).get("Authorization")).toBe("Bearer tok");
  });

  it("toasts the server's message when an un-verify is refused", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const karimVerified: UserRecord = { ...verified, email: "karim+shop@example.com" };
    stubApi(api(() => [karimVerified], { "DELETE /api/users/karim+shop@example.com/verify": reply(404, { message: "User not found", code: "not_found" }) }));
    renderApp("/dashboard/allseller");
    await screen.findByRole("heading", { name: "All Seller" });
    await userEvent.click(screen.getByRole("button", { name: `Un-verify ${karimVerified.userName}` }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Un-verify" }));
    expect(await screen.findByText("User not found")).toBeInTheDocument();
  });

  it("revalidates every user list and product list after a write, and sends the email as typed", () => {
    for (const key of ["/api/users", "/api/users?role=Buyer", "/api/users?role=Seller", "/api/products?category=HP", "/api/advertised", "/api/products/report?report=reported", "/api/userProducts?email=a%40b.c"]) {
      expect(isUserWriteKey(key), key).toBe(true);
    }
    for (const key of ["/api/me", "/api/categorys", "/api/config", "/api/bookings?email=a%40b.c", "/api/users/seller/a@b.c", ["/api/users"]]) {
      expect(isUserWriteKey(key), String(key)).toBe(false);
    }
    // the server reads the path segment without decoding it
    expect(emailSegment("tanvir+shop@example.com")).toBe("tanvir+shop@example.com");
    expect(emailSegment("odd/one?x@example.com")).toBe("odd%2Fone%3Fx@example.com");
  });

  it("shows the server's message when verifying fails", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    stubApi(api(() => [tanvir], { [VERIFY]: reply(409, { message: "Only sellers can be verified", code: "not_seller" }) }));
    renderApp("/dashboard/allseller");
    await screen.findByRole("heading", { name: "All Seller" });
    await userEvent.click(within(row(/Tanvir Hasan/)).getByRole("button", { name: /Make Verify/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Only sellers can be verified")).toBeInTheDocument();
    expect(screen.queryByText("Seller Update success")).not.toBeInTheDocument();
    expect(within(row(/Tanvir Hasan/)).getByRole("button", { name: /Make Verify/ })).toBeEnabled();
  });

  it("deletes a seller after the confirmation and shows Delete Success", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    let list = [verified, tanvir];
    const fetchMock = stubApi(
      api(() => list, {
        [`DELETE /api/users/${tanvir._id}`]: () => {
          list = [verified];
          return jsonResponse(200, { deletedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/allseller");
    await screen.findByRole("heading", { name: "All Seller" });
    await userEvent.click(within(row(/Tanvir Hasan/)).getByRole("button", { name: /Delete/ }));
    await deleteWithReason(screen.getByRole("alertdialog", { name: "Are you sure delete this user" }));
    expect(await screen.findByText("Delete Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Tanvir Hasan/ })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `/api/users/${tanvir._id}`, "DELETE")).toHaveLength(1);
  });

  it("Load more fetches the next page from the Link header; a verify refetches every loaded page", async () => {
    localStorage.setItem(TOKEN_KEY, "tok");
    const PAGE2 = `${LIST}&cursor=aWQ6OA`;
    let second = [tanvir];
    const fetchMock = stubApi(
      api(() => [], {
        [LIST]: () => jsonResponse(200, [verified], { Link: `<${PAGE2}>; rel="next"` }),
        [PAGE2]: () => jsonResponse(200, second),
        [VERIFY]: () => {
          second = [{ ...tanvir, verify: "verify" }];
          return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
        },
      }),
    );
    renderApp("/dashboard/allseller");
    expect(await screen.findByText("1 seller")).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /Tanvir Hasan/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("row", { name: /Tanvir Hasan/ })).toBeInTheDocument();
    expect(within(row(/Tanvir Hasan/)).getByRole("rowheader")).toHaveTextContent("2");
    expect(screen.getByText("2 sellers")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, LIST)).toHaveLength(1);
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(1);

    await userEvent.click(within(row(/Tanvir Hasan/)).getByRole("button", { name: /Make Verify/ }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Seller Update success")).toBeInTheDocument();
    await waitFor(() => expect(within(row(/Tanvir Hasan/)).getByText("Verifyed")).toBeInTheDocument());
    expect(row(/Karim Seller/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, LIST)).toHaveLength(2);
    expect(requestsTo(fetchMock, PAGE2)).toHaveLength(2);
  });
});
