// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { JoinCompanyButton } from "./join-company-button";

const button = (
  <MemoryRouter>
    <JoinCompanyButton companyId="c1" companyName="Café do Ponto" />
  </MemoryRouter>
);

describe("the directory's 'Participar'", () => {
  beforeAll(() => loadNamespaces(["customer"]));

  it("says the customer joined, with the way to the new card", async () => {
    const calls = mockApi({ "POST /api/memberships": { body: { cardId: "k1" } } });
    const { user } = renderWithApp(button);
    await user.click(screen.getByRole("button", { name: "Participar" }));
    expect(await screen.findByText("Você entrou no programa de Café do Ponto!")).toBeTruthy();
    expect(screen.getByText("Seu cartão fidelidade já está em Meus cartões.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ver cartão" })).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ companyId: "c1" });
  });

  it("says why when the company refuses", async () => {
    mockApi({ "POST /api/memberships": apiError(404, "not_found") });
    const { user } = renderWithApp(button);
    await user.click(screen.getByRole("button", { name: "Participar" }));
    expect(await screen.findByText("Não foi possível entrar no programa")).toBeTruthy();
  });
});
