// @vitest-environment happy-dom
import type { CompanyCard } from "@shared/cards.schema";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { VoucherLookup } from "./voucher-lookup";

/**
 * The counter's code field: 'Resgatar voucher', where the staff types the code the customer shows
 * (or its QR code's text) to find the complete card to redeem.
 */
const COMPLETE: CompanyCard = {
  id: "card-1",
  customerId: "cus-1",
  customerName: "Maria Souza",
  customerEmail: "maria@exemplo.com",
  customerPhone: null,
  programId: "prog-1",
  programName: "Cartão Café",
  reward: "Um café grátis",
  stamps: 10,
  maxStamps: 10,
  status: "complete",
  createdAt: "2026-01-01T12:00:00.000Z",
  completedAt: "2026-02-01T12:00:00.000Z",
  redeemedAt: null,
};

function renderLookup() {
  const page = renderWithApp(<VoucherLookup />);
  return {
    ...page,
    code: screen.getByLabelText("Código do voucher"),
    find: screen.getByRole("button", { name: "Buscar voucher" }),
  };
}

describe("'Resgatar voucher' (the counter's code field)", () => {
  it("waits for a code before it searches", async () => {
    const calls = mockApi({});
    const { user, code, find } = renderLookup();
    expect(find).toHaveProperty("disabled", true);
    await user.type(code, "   ");
    expect(find).toHaveProperty("disabled", true);
    await user.type(code, "a");
    expect(find).toHaveProperty("disabled", false);
    expect(calls).toHaveLength(0);
  });

  it("finds the card by the code trimmed and in capitals, ready for 'Marcar Utilização'", async () => {
    const calls = mockApi({ "GET /api/redemption-codes/AB12CD": { body: COMPLETE } });
    const { user, code, find } = renderLookup();
    await user.type(code, " ab12cd ");
    await user.click(find);
    const card = within(await screen.findByRole("article", { name: "Maria Souza" }));
    expect(card.getByText("Pronto para usar")).toBeTruthy();
    expect(card.getByText("10/10 carimbos (100%)")).toBeTruthy();
    expect(card.getByText("Recompensa: Um café grátis")).toBeTruthy();
    expect(card.getByRole("button", { name: "Marcar Utilização" })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/redemption-codes/AB12CD"]);
  });

  it("says 'Voucher não encontrado.' for a code no card has", async () => {
    mockApi({ "GET /api/redemption-codes/ZZZ999": apiError(404, "not_found") });
    const { user, code } = renderLookup();
    await user.type(code, "zzz999{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Voucher não encontrado.");
    expect(screen.queryByRole("article")).toBeNull();
  });
});
