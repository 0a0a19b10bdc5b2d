// A write's hook refreshes the lists it affects, paged ones included, while
// the component that wrote knows nothing of them: the lists and the buttons
// below are separate components, as on a real screen.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { SWRConfig, type Cache } from "swr";
import { describe, expect, it } from "vitest";
import { useBookings, useCancelBooking, useCreateBooking, type Booking } from "@/api/bookings";
import { useCreateProduct, useProduct, useReportProduct, useUpdateProduct, useUserProducts, type NewProduct } from "@/api/products";
import { useMarkSold, useRelist } from "@/api/product-sale";
import { useDeleteUser, useUsers, type UserRecord } from "@/api/users";
import { ApiError, fetcher } from "@/lib/api";
import { booking as aBooking, product } from "@/test/fixtures";
import { jsonResponse, reply, requestsTo, stubApi } from "@/test/render-app";

const USERS = "/api/users";
const USERS_2 = "/api/users?cursor=c2";
const MINE = "/api/userProducts?email=karim%40example.com";
const BOOKINGS = "/api/bookings?email=rahim%40example.com";

const account = (id: string, userName: string): UserRecord => ({ _id: id, userName, email: `${id}@example.com`, role: "Buyer", verify: "" });

function withCache(children: ReactNode) {
  const cache: Cache = new Map();
  return (
    <SWRConfig value={{ provider: () => cache, fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
  );
}

function Users() {
  const list = useUsers();
  return (
    <section aria-label="users">
      <ul>{list.data?.map((u) => <li key={u._id}>{u.userName}</li>)}</ul>
      {list.hasMore && (
        <button type="button" onClick={list.loadMore}>
          Load more
        </button>
      )}
    </section>
  );
}

function MyProducts() {
  const list = useUserProducts("karim@example.com");
  return <ul aria-label="my products">{list.data?.map((p) => <li key={p._id}>{p.productName}</li>)}</ul>;
}

function DeleteUser({ id }: { id: string }) {
  const remove = useDeleteUser();
  const [said, setSaid] = useState("");
  return (
    <>
      <button type="button" onClick={() => void remove.trigger({ id, reason: "Fake listings" }).then(() => setSaid("deleted"), (e: Error) => setSaid(e.message))}>
        Delete {id}
      </button>
      <p>{said}</p>
    </>
  );
}

describe("a write's hook refreshes the lists it affects", () => {
  it("refetches every loaded page of a paged list on screen, and the other lists the write touches, before its trigger resolves", async () => {
    let second = [account("3", "Carol"), account("4", "Dina")];
    let mine = [product({ _id: "p1", productName: "Dina's ThinkPad" })];
    const fetchMock = stubApi({
      [USERS]: () => jsonResponse(200, [account("1", "Alim"), account("2", "Bina")], { Link: `<${USERS_2}>; rel="next"` }),
      [USERS_2]: () => jsonResponse(200, second),
      [MINE]: () => jsonResponse(200, mine),
      "DELETE /api/users/4": () => {
        second = [account("3", "Carol")];
        mine = [];
        return jsonResponse(200, { deletedCount: 1 });
      },
    });
    render(
      withCache(
        <>
          <Users />
          <MyProducts />
          <DeleteUser id="4" />
        </>,
      ),
    );
    expect(await screen.findByText("Bina")).toBeInTheDocument();
    expect(await screen.findByText("Dina's ThinkPad")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Dina")).toBeInTheDocument();
    expect(requestsTo(fetchMock, USERS)).toHaveLength(1);
    expect(requestsTo(fetchMock, USERS_2)).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Delete 4" }));
    expect(await screen.findByText("deleted")).toBeInTheDocument();
    // by the time the trigger resolved, both pages and the seller's list were refetched and shown
    expect(requestsTo(fetchMock, USERS)).toHaveLength(2);
    expect(requestsTo(fetchMock, USERS_2)).toHaveLength(2);
    expect(requestsTo(fetchMock, MINE)).toHaveLength(2);
    expect(screen.queryByText("Dina")).not.toBeInTheDocument();
    expect(screen.getByText("Carol")).toBeInTheDocument();
    expect(screen.queryByText("Dina's ThinkPad")).not.toBeInTheDocument();
  });

  it("refreshes after a refused write too: the list was out of date", async () => {
    let users = [account("1", "Alim"), account("2", "Bina")];
    const fetchMock = stubApi({
      [USERS]: () => jsonResponse(200, users),
      "DELETE /api/users/2": () => {
        users = [account("1", "Alim")]; // someone else deleted Bina first
        return jsonResponse(404, { message: "User not found", code: "not_found" });
      },
    });
    render(withCache(<><Users /><DeleteUser id="2" /></>));
    expect(await screen.findByText("Bina")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete 2" }));
    expect(await screen.findByText("User not found")).toBeInTheDocument();
    expect(requestsTo(fetchMock, USERS)).toHaveLength(2);
    expect(screen.queryByText("Bina")).not.toBeInTheDocument();
  });

  it("creating a product refreshes the seller's paged list; a report does not refetch it", async () => {
    let mine = [product({ _id: "p1", productName: "Old Asus" })];
    const fetchMock = stubApi({
      [MINE]: () => jsonResponse(200, mine),
      "POST /api/products": () => {
        mine = [product({ _id: "p2", productName: "New HP" }), ...mine];
        return jsonResponse(200, { acknowledged: true, insertedId: "p2" });
      },
      "PUT /api/products/report/p1": reply(200, { acknowledged: true, modifiedCount: 1 }),
    });
    function Writes() {
      const create = useCreateProduct();
      const report = useReportProduct();
      return (
        <>
          <button type="button" onClick={() => void create.trigger({ productName: "New HP" } as NewProduct)}>
            Create
          </button>
          <button type="button" onClick={() => void report.trigger("p1")}>
            Report
          </button>
        </>
      );
    }
    render(withCache(<><MyProducts /><Writes /></>));
    expect(await screen.findByText("Old Asus")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Report" }));
    await waitFor(() => expect(requestsTo(fetchMock, "/api/products/report/p1", "PUT")).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("New HP")).toBeInTheDocument();
    // one load, one refresh after the create; the report changes only the admin's reported list
    expect(requestsTo(fetchMock, MINE)).toHaveLength(2);
  });

  it("editing a product sends PATCH with only the given fields and refreshes the seller's paged list and the product's page", async () => {
    let name = "Old Asus";
    const fetchMock = stubApi({
      [MINE]: () => jsonResponse(200, [product({ _id: "p1", productName: name })]),
      "/api/products/p1": () => jsonResponse(200, product({ _id: "p1", productName: name })),
      "PATCH /api/products/p1": (init: RequestInit) => {
        name = (JSON.parse(String(init.body)) as { productName: string }).productName;
        return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
      },
    });
    function Page() {
      const p = useProduct("p1");
      return <h1>{p.data?.productName}</h1>;
    }
    function Edit() {
      const update = useUpdateProduct();
      return (
        <button type="button" onClick={() => void update.trigger({ id: "p1", patch: { productName: "Asus VivoBook" } })}>
          Edit
        </button>
      );
    }
    render(withCache(<><MyProducts /><Page /><Edit /></>));
    expect(await screen.findByRole("heading", { name: "Old Asus" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(await screen.findByRole("heading", { name: "Asus VivoBook" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("list", { name: "my products" })).toHaveTextContent("Asus VivoBook"));
    const [init] = requestsTo(fetchMock, "/api/products/p1", "PATCH");
    expect(JSON.parse(String(init!.body))).toEqual({ productName: "Asus VivoBook" });
  });

  it("cancelling a booking refreshes the buyer's paged bookings", async () => {
    const booking = (id: string, productName: string): Booking => aBooking({ _id: id, productName, meetLocation: "Mirpur", ProductId: "p1" });
    let bookings = [booking("b1", "HP EliteBook"), booking("b2", "MacBook Air")];
    stubApi({
      [BOOKINGS]: () => jsonResponse(200, bookings),
      "DELETE /api/bookings/b2": () => {
        bookings = [booking("b1", "HP EliteBook")];
        return jsonResponse(200, { deletedCount: 1 });
      },
    });
    function Bookings() {
      const list = useBookings("rahim@example.com");
      return <ul>{list.data?.map((b) => <li key={b._id}>{b.productName}</li>)}</ul>;
    }
    function Cancel() {
      const cancel = useCancelBooking();
      return (
        <button type="button" onClick={() => void cancel.trigger("b2")}>
          Cancel b2
        </button>
      );
    }
    render(withCache(<><Bookings /><Cancel /></>));
    expect(await screen.findByText("MacBook Air")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel b2" }));
    await waitFor(() => expect(screen.queryByText("MacBook Air")).not.toBeInTheDocument());
    expect(screen.getByText("HP EliteBook")).toBeInTheDocument();
  });

  it("marking sold and relisting refresh the seller's products, the product's page and the bookings", async () => {
    let available: "available" | "soled" = "available";
    const laptop = () => product({ _id: "p1", productName: "Old Asus", available });
    const fetchMock = stubApi({
      [MINE]: () => jsonResponse(200, [laptop()]),
      "/api/products/p1": () => jsonResponse(200, laptop()),
      [BOOKINGS]: () => jsonResponse(200, [aBooking({ ProductId: "p1", ...(available === "soled" ? { status: "declined", declineCode: "sold" } : {}) })]),
      "PUT /api/products/p1/sold": () => {
        available = "soled";
        return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
      },
      "PUT /api/products/p1/relist": () => {
        available = "available";
        return jsonResponse(200, { acknowledged: true, modifiedCount: 1 });
      },
    });
    function Screens() {
      const mine = useUserProducts("karim@example.com");
      const page = useProduct("p1");
      const bookings = useBookings("rahim@example.com");
      const sell = useMarkSold();
      const relist = useRelist();
      return (
        <>
          <p>list: {mine.data?.map((p) => p.available).join()}</p>
          <p>page: {page.data?.available}</p>
          <p>booking: {bookings.data?.map((b) => b.status).join()}</p>
          <button type="button" onClick={() => void sell.trigger("p1")}>
            Sold
          </button>
          <button type="button" onClick={() => void relist.trigger("p1")}>
            Relist
          </button>
        </>
      );
    }
    render(withCache(<Screens />));
    expect(await screen.findByText("list: available")).toBeInTheDocument();
    expect(await screen.findByText("page: available")).toBeInTheDocument();
    expect(await screen.findByText("booking: pending")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Sold" }));
    expect(await screen.findByText("list: soled")).toBeInTheDocument();
    expect(await screen.findByText("page: soled")).toBeInTheDocument();
    expect(await screen.findByText("booking: declined")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products/p1/sold", "PUT")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Relist" }));
    expect(await screen.findByText("list: available")).toBeInTheDocument();
    expect(await screen.findByText("page: available")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products/p1/relist", "PUT")).toHaveLength(1);
  });

  it("a booking refused as booked by another buyer (409) refreshes the product, and the error reaches the caller", async () => {
    let reserved = false;
    const fetchMock = stubApi({
      "/api/products/p1": () => jsonResponse(200, product({ _id: "p1", reserved })),
      "POST /api/bookings": () => {
        reserved = true;
        return jsonResponse(409, { message: "This laptop is booked by another buyer", code: "conflict" });
      },
    });
    function Book() {
      const page = useProduct("p1");
      const book = useCreateBooking();
      const [said, setSaid] = useState("");
      return (
        <>
          <p>reserved: {String(page.data?.reserved)}</p>
          <button
            type="button"
            onClick={() =>
              void book
                .trigger({ ProductId: "p1", number: "01712345678", meetLocation: "Mirpur", buyerName: "R", buyerEmail: "r@example.com", productName: "x", price: 1 })
                .catch((e: unknown) => setSaid(e instanceof ApiError ? `${e.status} ${e.message}` : "?"))
            }
          >
            Book
          </button>
          <p>{said}</p>
        </>
      );
    }
    render(withCache(<Book />));
    expect(await screen.findByText("reserved: false")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Book" }));
    expect(await screen.findByText("409 This laptop is booked by another buyer")).toBeInTheDocument();
    expect(await screen.findByText("reserved: true")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "/api/products/p1")).toHaveLength(2);
  });
});
