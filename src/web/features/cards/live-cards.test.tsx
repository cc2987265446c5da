// @vitest-environment happy-dom
import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { myCardsQueryOptions } from "./api";
import { useLiveCards } from "./live-cards";

function Cards() {
  useLiveCards();
  const cards = useQuery(myCardsQueryOptions()).data;
  return <p>{cards ? `${cards[0]?.stamps ?? 0} carimbos` : "…"}</p>;
}

const card = (stamps: number) => ({
  id: "card-1",
  companyId: "co-1",
  companyName: "Café",
  companySector: null,
  companyCity: null,
  companyState: null,
  companyLogoUrl: null,
  brandColor: null,
  programName: "Cartão",
  reward: "Um café",
  stamps,
  maxStamps: 10,
  status: "active",
  createdAt: "2026-01-01T12:00:00.000Z",
  completedAt: null,
  redeemedAt: null,
});

describe("the customer's cards, live", () => {
  it("fetches the cards again within 2 seconds of a stamp at the counter, without a reload", async () => {
    let stamps = 3;
    const calls = mockApi({
      "GET /api/me/cards/version": () => ({ body: { version: `v${stamps}` } }),
      "GET /api/me/cards": () => ({ body: [card(stamps)] }),
    });
    renderWithApp(<Cards />);
    await screen.findByText("3 carimbos");
    // A stamp lands at the counter.
    stamps = 4;
    await screen.findByText("4 carimbos", undefined, { timeout: 2_000 });
    expect(calls.filter((c) => c.path === "/api/me/cards").length).toBe(2);
  });

  it("does not fetch the cards again while nothing changed", async () => {
    const calls = mockApi({
      "GET /api/me/cards/version": { body: { version: "same" } },
      "GET /api/me/cards": { body: [card(3)] },
    });
    renderWithApp(<Cards />);
    await screen.findByText("3 carimbos");
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(calls.filter((c) => c.path === "/api/me/cards/version").length).toBeGreaterThan(1);
    expect(calls.filter((c) => c.path === "/api/me/cards").length).toBe(1);
  });
});
