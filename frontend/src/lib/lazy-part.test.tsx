import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect, test } from "vitest";
import { lazyPart } from "@/lib/lazy-part";

/** A chunk that arrives when the test says so. */
function chunk<P extends object>(Part: (props: P) => ReactNode) {
  let arrive: () => void = () => {};
  const came = new Promise<{ default: (props: P) => ReactNode }>((resolve) => (arrive = () => resolve({ default: Part })));
  return { load: () => came, arrive };
}

test("a part shows its fallback, built from its props, until its chunk comes, then itself", async () => {
  const { load, arrive } = chunk(({ variant }: { variant: "list" | "grid" }) => <p>the {variant} tile</p>);
  const Tile = lazyPart(load, ({ variant }) => <p>grey {variant}</p>);
  render(<Tile variant="grid" />);
  expect(screen.getByText("grey grid")).toBeInTheDocument();
  expect(screen.queryByText("the grid tile")).toBeNull();
  arrive();
  expect(await screen.findByText("the grid tile")).toBeInTheDocument();
  expect(screen.queryByText("grey grid")).toBeNull();
});

test("a part loaded ahead shows itself at once; a fixed fallback still works", async () => {
  const { load, arrive } = chunk(() => <p>the card</p>);
  const Card = lazyPart(load, <p>grey card</p>);
  const { unmount } = render(<Card />);
  expect(screen.getByText("grey card")).toBeInTheDocument();
  unmount();
  arrive();
  await Card.preload();
  render(<Card />);
  expect(screen.getByText("the card")).toBeInTheDocument();
});
