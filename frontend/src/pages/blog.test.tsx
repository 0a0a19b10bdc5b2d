import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp, stubApi } from "@/test/render-app";

describe("blog", () => {
  it("shows the four written question cards", () => {
    stubApi({ "/api/categorys": [] });
    renderApp("/blog");

    expect(screen.getByRole("heading", { level: 1, name: "Blog" })).toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(4);
    const questions = cards.map((c) => within(c).getByRole("heading").textContent);
    expect(questions).toEqual([
      "What are the different ways to manage state in a React application?",
      "How does prototypal inheritance work in JavaScript?",
      "What is a unit test and why should we write unit tests?",
      "React vs. Angular vs. Vue: how do they differ?",
    ]);
    for (const card of cards) {
      expect(card.querySelector("p")?.textContent?.length ?? 0).toBeGreaterThan(200);
    }
  });
});
