// @vitest-environment happy-dom
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { myPrivacyQueryOptions } from "../api";
import { DataHoldersSection } from "./data-holders-section";
import { holder, myPrivacy } from "./test-data";

beforeAll(() => loadNamespaces(["privacy"]));

/** 'Quem tem meus dados' as the page shows it, from GET /api/me/privacy. */
function Holders() {
  const privacy = useQuery(myPrivacyQueryOptions());
  return privacy.data ? <DataHoldersSection holders={privacy.data.holders} /> : null;
}

const barber = holder({
  companyId: "c-barber",
  tradeName: "Barbearia Zé",
  origin: "convite_empresa",
});

describe("'Sair do programa de <empresa>'", () => {
  it("says what the company keeps and what goes, then the company leaves the list", async () => {
    let left = false;
    const calls = mockApi({
      "GET /api/me/privacy": () => ({
        body: myPrivacy({ holders: left ? [barber] : [holder(), barber] }),
      }),
      "POST /api/me/privacy/memberships/c-cafe/leave": () => {
        left = true;
        return { body: { ok: true } };
      },
    });
    const { user } = renderWithApp(<Holders />);

    const cafe = await screen.findByRole("article", { name: "Café Aroma" });
    expect(
      within(cafe).getByText("Participa desde 02/03/2026, pelo QR code da empresa."),
    ).toBeTruthy();
    expect(within(cafe).getByText("ana@example.com")).toBeTruthy();
    expect(
      within(cafe).getByText(
        "2 cartões · 7 carimbos · 1 mensagem · nenhuma solicitação de carimbo",
      ),
    ).toBeTruthy();

    await user.click(within(cafe).getByRole("button", { name: "Sair do programa de Café Aroma" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Sair do programa de Café Aroma?",
    });
    expect(
      within(dialog).getByText(
        "os números nos relatórios de Café Aroma continuam corretos, sem dizer quem você é;",
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "seu nome, seus dados de contato e suas mensagens somem das listas, das exportações e dos backups que Café Aroma fizer a partir de agora;",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("seus carimbos viram registros anônimos;")).toBeTruthy();
    expect(
      within(dialog).getByText("se quiser voltar, você entra de novo e começa um cartão novo."),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Sair do programa" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Café Aroma" })).toBeNull());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("article", { name: "Barbearia Zé" })).toBeTruthy();
    expect(await screen.findByText("Você saiu do programa de Café Aroma.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("keeps the company and says why when leaving fails; 'Cancelar' closes the dialog", async () => {
    mockApi({
      "GET /api/me/privacy": { body: myPrivacy() },
      "POST /api/me/privacy/memberships/c-cafe/leave": apiError(500, "internal_error"),
    });
    const { user } = renderWithApp(<Holders />);
    await user.click(await screen.findByRole("button", { name: "Sair do programa de Café Aroma" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Sair do programa" }));
    expect(await within(dialog).findByRole("alert")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByRole("article", { name: "Café Aroma" })).toBeTruthy();
  });

  it("shows a closed programme's end date and offers no leaving", async () => {
    mockApi({
      "GET /api/me/privacy": {
        body: myPrivacy({ holders: [holder({ closedAt: "2026-04-10T15:00:00.000Z" })] }),
      },
    });
    renderWithApp(<Holders />);
    const cafe = await screen.findByRole("article", { name: "Café Aroma" });
    expect(within(cafe).getByText(/Programa encerrado em 10\/04\/2026/)).toBeTruthy();
    expect(within(cafe).queryByRole("button", { name: /Sair do programa/ })).toBeNull();
  });
});
