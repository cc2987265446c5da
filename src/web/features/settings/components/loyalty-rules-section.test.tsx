// @vitest-environment happy-dom
import type { LoyaltyRules } from "@shared/settings.schema";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { LoyaltyRulesSection } from "./loyalty-rules-section";

const SAVED: LoyaltyRules = {
  purchaseStamps: 1,
  review: { enabled: true, stamps: 2, bonus: "" },
  social: { enabled: false, stamps: 1, bonus: "", networks: ["instagram"] },
  birthday: { enabled: true, stamps: 1, message: "Feliz aniversário!" },
};
const PATH = "/api/settings/loyalty-rules";

describe("Regras do Programa de Fidelidade", () => {
  it("saves what was changed: 'Regras salvas!'", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: SAVED },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<LoyaltyRulesSection />);
    const purchase = await screen.findByLabelText("Carimbos por compra");
    await user.clear(purchase);
    await user.type(purchase, "3");
    await user.tab();
    await user.click(
      screen.getByRole("switch", { name: "Dar carimbos por marcação nas redes sociais" }),
    );
    await user.click(screen.getByRole("switch", { name: "TikTok" }));
    await user.click(screen.getByRole("button", { name: "Salvar Regras" }));
    expect(await screen.findByText("Regras salvas!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      ...SAVED,
      purchaseStamps: 3,
      social: { ...SAVED.social, enabled: true, networks: ["instagram", "tiktok"] },
    });
  });

  it("falls back to 1 stamp when the count is left blank (spec section 5)", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: { ...SAVED, purchaseStamps: 4 } },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<LoyaltyRulesSection />);
    const purchase = await screen.findByLabelText("Carimbos por compra");
    await user.clear(purchase);
    await user.tab();
    expect(screen.getByLabelText("Carimbos por compra")).toHaveProperty("value", "1");
    await user.click(screen.getByRole("button", { name: "Salvar Regras" }));
    await screen.findByText("Regras salvas!");
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ purchaseStamps: 1 });
  });

  it("refuses more than 50 stamps on the field, and shows the API's field errors", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: SAVED },
      [`PUT ${PATH}`]: apiError(400, "validation_failed", { "review.stamps": "rule_stamps_range" }),
    });
    const { user } = renderWithApp(<LoyaltyRulesSection />);
    const purchase = await screen.findByLabelText("Carimbos por compra");
    await user.clear(purchase);
    await user.type(purchase, "51");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Salvar Regras" }));
    expect(await screen.findByText("Informe de 1 a 50 carimbos")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Carimbos por compra"));
    await user.type(screen.getByLabelText("Carimbos por compra"), "5");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Salvar Regras" }));
    expect(await screen.findByText("Erro ao salvar configurações")).toBeTruthy();
    const review = screen.getByRole("group", { name: "Avaliação no Google" });
    expect(within(review).getByText("Informe de 1 a 50 carimbos")).toBeTruthy();
  });
});
