// @vitest-environment happy-dom
import type { CompanyCard } from "@shared/cards.schema";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { RedeemDialog } from "./company-card-tile";

const CARD: CompanyCard = {
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

describe("'Marcar Utilização' of a complete card", () => {
  it("says which reward is being given and what 'Tipo de bonificação' is for", async () => {
    const calls = mockApi({ "POST /api/cards/card-1/redeem": { body: { ...CARD } } });
    const { user } = renderWithApp(<RedeemDialog card={CARD} />);
    await user.click(screen.getByRole("button", { name: "Marcar Utilização" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Marcar utilização do cartão de Maria Souza" }),
    );
    expect(dialog.getByTestId("redeem-reward").textContent).toBe(
      "Recompensa a entregar: Um café grátis",
    );
    expect(dialog.getByText("Cartão Café · 10/10 carimbos")).toBeTruthy();
    const bonus = dialog.getByLabelText("Tipo de bonificação (opcional)");
    expect(bonus.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      dialog.getByText(
        "Algo dado além da recompensa, se houver (ex.: brinde, desconto). Fica no histórico do cartão.",
      ).id,
    ).toBe(bonus.getAttribute("aria-describedby"));
    expect(calls).toHaveLength(0);
  });
});
