// @vitest-environment happy-dom
import type { ReferralRules } from "@shared/settings.schema";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { ReferralRulesSection } from "./referral-rules-section";

const SAVED: ReferralRules = {
  enabled: true,
  referredStamps: 1,
  referrerStamps: 2,
  referredBonusCents: 500,
  referrerBonusCents: 123456,
  monthlyCap: 10,
};
const PATH = "/api/settings/referral-rules";

describe("Regras de Indicação", () => {
  it("shows the saved rules, the bonuses in reais", async () => {
    mockApi({ [`GET ${PATH}`]: { body: SAVED } });
    renderWithApp(<ReferralRulesSection />);
    expect(await screen.findByLabelText("Bônus para o indicado (R$)")).toHaveProperty(
      "value",
      "5,00",
    );
    expect(screen.getByLabelText("Bônus para quem indicou (R$)")).toHaveProperty(
      "value",
      "1.234,56",
    );
    expect(screen.getByLabelText("Carimbos para quem indicou")).toHaveProperty("value", "2");
    expect(screen.getByRole("switch", { name: "Programa de indicação ativo" })).toHaveProperty(
      "checked",
      true,
    );
  });

  it("says the programme is off (customers do not see their link) until it is saved on", async () => {
    const off = "Programa de indicação desativado — seus clientes não veem o link";
    mockApi({
      [`GET ${PATH}`]: { body: { ...SAVED, enabled: false } },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<ReferralRulesSection />);
    expect((await screen.findByRole("note")).textContent).toBe(off);
    await user.click(screen.getByRole("switch", { name: "Programa de indicação ativo" }));
    await user.click(screen.getByRole("button", { name: "Salvar Regras de Indicação" }));
    await waitFor(() => expect(screen.queryByText(off)).toBeNull());
  });

  it("refuses an amount it cannot read, then saves the bonus in cents: 'Regras salvas!'", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: SAVED },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<ReferralRulesSection />);
    const bonus = await screen.findByLabelText("Bônus para o indicado (R$)");
    const save = screen.getByRole("button", { name: "Salvar Regras de Indicação" });
    await user.clear(bonus);
    await user.type(bonus, "7,5x");
    expect(screen.getByText("Valor inválido. Use o formato 5,50")).toBeTruthy();
    await user.click(save);
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await user.clear(bonus);
    await user.type(bonus, "7,5");
    expect(screen.queryByText("Valor inválido. Use o formato 5,50")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Programa de indicação ativo" }));
    await user.click(save);
    expect(await screen.findByText("Regras salvas!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      ...SAVED,
      enabled: false,
      referredBonusCents: 750,
    });
  });

  it("says the spec's text when the save fails", async () => {
    mockApi({ [`GET ${PATH}`]: { body: SAVED }, [`PUT ${PATH}`]: apiError(500, "internal_error") });
    const { user } = renderWithApp(<ReferralRulesSection />);
    await user.click(await screen.findByRole("button", { name: "Salvar Regras de Indicação" }));
    expect(await screen.findByText("Não foi possível salvar as regras de indicação.")).toBeTruthy();
  });

  it("says the spec's text when the rules cannot be loaded, and offers to try again", async () => {
    let loads = 0;
    mockApi({
      [`GET ${PATH}`]: () => (loads++ === 0 ? apiError(500, "internal_error") : { body: SAVED }),
    });
    const { user } = renderWithApp(<ReferralRulesSection />);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Não foi possível carregar as regras de indicação.",
    );
    await user.click(screen.getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Bônus para o indicado (R$)")).toHaveProperty("value", "5,00"),
    );
  });
});
