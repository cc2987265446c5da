// @vitest-environment happy-dom
import type { PromotionSettings } from "@shared/settings.schema";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { PromotionSection } from "./promotion-section";

const OFF: PromotionSettings = {
  active: false,
  title: "",
  description: "",
  startsOn: null,
  endsOn: null,
};
const PATH = "/api/settings/promotion";

describe("Promoção Especial", () => {
  it("shows its fields only while the promotion is active", async () => {
    mockApi({ [`GET ${PATH}`]: { body: OFF } });
    const { user } = renderWithApp(<PromotionSection />);
    const active = await screen.findByRole("switch", { name: "Promoção ativa" });
    expect(screen.queryByLabelText("Título da promoção *")).toBeNull();
    await user.click(active);
    expect(screen.getByLabelText("Título da promoção *")).toBeTruthy();
    expect(screen.getByLabelText("Descrição da promoção *")).toBeTruthy();
    expect(screen.getByLabelText("Data de início")).toBeTruthy();
    expect(screen.getByLabelText("Data de fim")).toBeTruthy();
  });

  it("asks for the title and description of an active promotion before saving", async () => {
    const calls = mockApi({ [`GET ${PATH}`]: { body: OFF } });
    const { user } = renderWithApp(<PromotionSection />);
    await user.click(await screen.findByRole("switch", { name: "Promoção ativa" }));
    await user.click(screen.getByRole("button", { name: "Salvar Promoção" }));
    expect(await screen.findByText("Título da promoção é obrigatório")).toBeTruthy();
    expect(screen.getByText("Descrição da promoção é obrigatória")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    // Any change clears the messages.
    await user.type(screen.getByLabelText("Título da promoção *"), "P");
    expect(screen.queryByText("Título da promoção é obrigatório")).toBeNull();
  });

  it("saves the promotion, trimmed, with its dates: 'Promoção salva com sucesso.'", async () => {
    const calls = mockApi({
      [`GET ${PATH}`]: { body: OFF },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<PromotionSection />);
    await user.click(await screen.findByRole("switch", { name: "Promoção ativa" }));
    await user.type(screen.getByLabelText("Título da promoção *"), " Dobro de carimbos ");
    await user.type(screen.getByLabelText("Descrição da promoção *"), "Toda terça.");
    await user.type(screen.getByLabelText("Data de início"), "2026-03-01");
    await user.click(screen.getByRole("button", { name: "Salvar Promoção" }));
    expect(await screen.findByText("Promoção salva com sucesso.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      active: true,
      title: "Dobro de carimbos",
      description: "Toda terça.",
      startsOn: "2026-03-01",
      endsOn: null,
    });
  });

  it("warns that customers will not see an active promotion whose end date is past, and still saves it", async () => {
    const ENDED = "A data de fim já passou: seus clientes não verão esta promoção.";
    const calls = mockApi({
      [`GET ${PATH}`]: {
        body: {
          active: true,
          title: "Dobro",
          description: "Toda terça.",
          startsOn: "2020-01-01",
          endsOn: "2099-12-31",
        },
      },
      [`PUT ${PATH}`]: (body) => ({ body }),
    });
    const { user } = renderWithApp(<PromotionSection />);
    const endsOn = await screen.findByLabelText("Data de fim");
    expect(screen.queryByText(ENDED)).toBeNull();
    await user.clear(endsOn);
    await user.type(endsOn, "2020-01-31");
    expect(screen.getByRole("status").textContent).toBe(ENDED);
    await user.click(screen.getByRole("button", { name: "Salvar Promoção" }));
    expect(await screen.findByText("Promoção salva com sucesso.")).toBeTruthy();
    expect(screen.getAllByText(ENDED).length).toBe(2);
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ endsOn: "2020-01-31" });
  });

  it("says the spec's text when the save fails", async () => {
    mockApi({ [`GET ${PATH}`]: { body: OFF }, [`PUT ${PATH}`]: apiError(500, "internal_error") });
    const { user } = renderWithApp(<PromotionSection />);
    await user.click(await screen.findByRole("button", { name: "Salvar Promoção" }));
    expect(await screen.findByText("Não foi possível salvar a promoção.")).toBeTruthy();
  });
});
