// @vitest-environment happy-dom
import type { CounterSettings } from "@shared/settings.schema";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { CounterRulesSection } from "./counter-rules-section";

const SAVED: CounterSettings = {
  intervalMinutes: 30,
  dailyCap: 5,
  stampValueCents: null,
  maxStampsPerPurchase: null,
  selfStampEnabled: false,
};
const PATH = "/api/settings/counter-rules";

describe("Regras do Programa no Balcão", () => {
  it("turns stamps by value on with '1 carimbo a cada R$', a maximum per purchase, and the self-stamp", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: SAVED },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(
      <MemoryRouter>
        <CounterRulesSection />
      </MemoryRouter>,
    );
    const interval = await screen.findByLabelText(
      "Intervalo mínimo entre carimbos no mesmo cartão (minutos)",
    );
    await user.clear(interval);
    await user.type(interval, "0");
    await user.tab();
    expect(screen.queryByLabelText("1 carimbo a cada R$")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Dar carimbos pelo valor da compra" }));
    const value = screen.getByLabelText("1 carimbo a cada R$");
    await user.clear(value);
    await user.type(value, "12,50");
    await user.tab();
    const max = screen.getByLabelText("Máximo de carimbos por compra");
    await user.type(max, "3");
    await user.tab();
    await user.click(
      screen.getByRole("switch", {
        name: "Permitir que o cliente ganhe 1 carimbo lendo o QR code da tela do balcão",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Salvar Regras do Balcão" }));
    expect(await screen.findByText("Regras salvas!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      intervalMinutes: 0,
      dailyCap: 5,
      stampValueCents: 1250,
      maxStampsPerPurchase: 3,
      selfStampEnabled: true,
    });
    // once saved on, the counter screen's QR is one tap away
    expect(await screen.findByRole("link", { name: "Abrir a tela do QR" })).toBeTruthy();
  });

  it("a maximum left empty means no limit; turning stamps by value off clears both", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: { ...SAVED, stampValueCents: 1000, maxStampsPerPurchase: 4 } },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(
      <MemoryRouter>
        <CounterRulesSection />
      </MemoryRouter>,
    );
    const max = await screen.findByLabelText("Máximo de carimbos por compra");
    await user.clear(max);
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Salvar Regras do Balcão" }));
    await screen.findByText("Regras salvas!");
    expect(calls.filter((c) => c.method === "PUT")[0]?.body).toMatchObject({
      stampValueCents: 1000,
      maxStampsPerPurchase: null,
    });
    await user.click(screen.getByRole("switch", { name: "Dar carimbos pelo valor da compra" }));
    await user.click(screen.getByRole("button", { name: "Salvar Regras do Balcão" }));
    await screen.findAllByText("Regras salvas!");
    expect(calls.filter((c) => c.method === "PUT")[1]?.body).toMatchObject({
      stampValueCents: null,
      maxStampsPerPurchase: null,
    });
  });
});
