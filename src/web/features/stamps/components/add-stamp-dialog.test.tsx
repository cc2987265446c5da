// @vitest-environment happy-dom
import type { CompanyCard } from "@shared/cards.schema";
import type { CompanyCustomer } from "@shared/customers.schema";
import type { Program } from "@shared/programs.schema";
import { queryOptions } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { AddStampDialog } from "./add-stamp-dialog";

const program = (id: string, name: string, isDefault: boolean): Program => ({
  id,
  name,
  stampsRequired: 10,
  reward: `${name}: prêmio`,
  description: "",
  isDefault,
  archivedAt: null,
  openCards: 0,
  createdAt: "2026-01-01T12:00:00.000Z",
});
const PROGRAMS = [
  program("prog-cafe", "Cartão Café", true),
  program("prog-bolo", "Cartão Bolo", false),
];

const card = (programId: string, programName: string, stamps: number): CompanyCard => ({
  id: `card-${programId}`,
  customerId: "cus-1",
  customerName: "Maria Souza",
  customerEmail: "maria@exemplo.com",
  customerPhone: null,
  programId,
  programName,
  reward: "Um café grátis",
  stamps,
  maxStamps: 10,
  status: stamps >= 10 ? "complete" : "active",
  createdAt: "2026-01-01T12:00:00.000Z",
  completedAt: null,
  redeemedAt: null,
});

const MARIA: CompanyCustomer = {
  id: "cus-1",
  name: "Maria Souza",
  email: "maria@exemplo.com",
  phone: null,
  openCard: card("prog-cafe", "Cartão Café", 10),
  openCards: [card("prog-cafe", "Cartão Café", 10)],
};

/** The route's sources, answered here without the API: the search finds Maria by name. */
const sources = {
  customerSearch: (search: string) =>
    queryOptions({
      queryKey: ["customers", "search", search],
      queryFn: async () => (search && "maria souza".includes(search.toLowerCase()) ? [MARIA] : []),
    }),
  programs: () => queryOptions({ queryKey: ["programs"], queryFn: async () => PROGRAMS }),
};

async function openDialog() {
  const page = renderWithApp(<AddStampDialog loadSources={async () => sources} />);
  await page.user.click(screen.getByRole("button", { name: "Adicionar Carimbo" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Adicionar Carimbo" }));
  return { ...page, dialog };
}

describe("the dashboard's 'Adicionar Carimbo'", () => {
  it("waits for a customer before it can stamp, and says when the search finds none", async () => {
    const { dialog, user } = await openDialog();
    const submit = dialog.getByRole("button", { name: "Adicionar carimbo" });
    expect(submit).toHaveProperty("disabled", true);
    await user.type(dialog.getByLabelText("Buscar cliente"), "joão");
    expect(await dialog.findByText("Nenhum cliente encontrado.")).toBeTruthy();
    expect(submit).toHaveProperty("disabled", true);
  });

  it("skips a complete card and stamps the next programme, with the method chosen", async () => {
    const calls = mockApi({
      "POST /api/customers/cus-1/stamps": { status: 201, body: MARIA.openCard },
    });
    const { dialog, user } = await openDialog();
    await user.type(dialog.getByLabelText("Buscar cliente"), "maria");
    await user.click(await dialog.findByRole("radio", { name: /Maria Souza/ }));
    // The café card is complete: it cannot be chosen, and the bolo programme's new card is.
    expect(
      dialog.getByText(
        "Cartão Completo: marque a utilização em Cartões antes de carimbar de novo.",
      ),
    ).toBeTruthy();
    expect(dialog.getByRole("radio", { name: /Cartão Café/ })).toHaveProperty("disabled", true);
    const bolo = dialog.getByRole("radio", { name: /Cartão Bolo/ });
    expect(bolo).toHaveProperty("checked", true);
    expect(
      dialog.getByText("Novo cartão de 10 carimbos · Recompensa: Cartão Bolo: prêmio"),
    ).toBeTruthy();

    await user.selectOptions(dialog.getByLabelText("Tipo de carimbo"), "Avaliação Google");
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect(await screen.findByText("Carimbo adicionado!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      method: "google_review",
      notes: "",
      quantity: 1,
      programId: "prog-bolo",
    });
  });
});

describe("'Adicionar Carimbo' with stamps by purchase value", () => {
  const byValue = { stampValueCents: 1000, maxStampsPerPurchase: null };

  async function openWithRule() {
    const calls = mockApi({
      "POST /api/customers/cus-1/stamps": { status: 201, body: MARIA.openCard },
    });
    const page = renderWithApp(
      <AddStampDialog loadSources={async () => sources} byValue={byValue} />,
    );
    await page.user.click(screen.getByRole("button", { name: "Adicionar Carimbo" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Adicionar Carimbo" }));
    await page.user.type(dialog.getByLabelText("Buscar cliente"), "maria");
    await page.user.click(await dialog.findByRole("radio", { name: /Maria Souza/ }));
    return { ...page, dialog, calls };
  }

  it("says when a purchase is worth more than the card takes: the card completes", async () => {
    const { dialog, user } = await openWithRule();
    await user.type(dialog.getByLabelText("Valor da compra"), "4750");
    expect(dialog.getByTestId("stamps-for-amount").textContent).toMatch(
      /^R\$ 4\.750,00 → 475 carimbos: o cartão recebe \d+ e fica completo$/,
    );
  });

  it("asks for the amount, shows the stamps it gives and sends it in cents", async () => {
    const { dialog, user, calls } = await openWithRule();
    expect(dialog.getByText("1 carimbo a cada R$ 10,00")).toBeTruthy();
    // Nothing typed: the amount is asked for, nothing is sent.
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect(await dialog.findByText("Informe o valor da compra")).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.type(dialog.getByLabelText("Valor da compra"), "47,50");
    expect(dialog.getByTestId("stamps-for-amount").textContent).toBe("R$ 47,50 → 4 carimbos");
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect(await screen.findByText("Carimbo adicionado!")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      method: "purchase",
      notes: "",
      quantity: 1,
      amountCents: 4750,
      programId: "prog-bolo",
    });
  });

  it("refuses an amount worth less than one stamp before sending, and no amount for another method", async () => {
    const { dialog, user, calls } = await openWithRule();
    await user.type(dialog.getByLabelText("Valor da compra"), "5");
    expect(dialog.getByText("R$ 5,00 é menos que o valor de um carimbo (R$ 10,00).")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect(calls).toHaveLength(0);

    await user.selectOptions(dialog.getByLabelText("Tipo de carimbo"), "Nota fiscal");
    expect(dialog.queryByLabelText("Valor da compra")).toBeNull();
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      method: "receipt",
      notes: "",
      quantity: 1,
      programId: "prog-bolo",
    });
  });
});
