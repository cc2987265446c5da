// @vitest-environment happy-dom
import type { CompanyCard } from "@shared/cards.schema";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { stampMethodsFor } from "../methods";
import { CardStampDialog } from "./card-stamp-dialog";

const CARD: CompanyCard = {
  id: "card-1",
  customerId: "cus-1",
  customerName: "Maria Souza",
  customerEmail: "maria@exemplo.com",
  customerPhone: null,
  programId: "prog-1",
  programName: "Cartão Café",
  reward: "Um café grátis",
  stamps: 3,
  maxStamps: 10,
  status: "active",
  createdAt: "2026-01-01T12:00:00.000Z",
  completedAt: null,
  redeemedAt: null,
};

const STAMP_PATH = "POST /api/cards/card-1/stamps";

async function openDialog(card: CompanyCard = CARD, methods?: ReturnType<typeof stampMethodsFor>) {
  const page = renderWithApp(<CardStampDialog card={card} methods={methods} />);
  await page.user.click(screen.getByRole("button", { name: "Adicionar carimbo" }));
  const dialog = await screen.findByRole("dialog", { name: "Adicionar carimbo para Maria Souza" });
  return { ...page, dialog: within(dialog) };
}

describe("a card's 'Adicionar carimbo' (the stamp form)", () => {
  it("offers the staff's four ways to earn a stamp, purchase first, and shows the card's progress", async () => {
    const { dialog } = await openDialog();
    expect(dialog.getByText("Cartão Café · 3/10 carimbos (30%)")).toBeTruthy();
    const method = dialog.getByLabelText("Tipo de carimbo") as HTMLSelectElement;
    expect(method.value).toBe("purchase");
    expect([...method.options].map((o) => o.text)).toEqual([
      "Compra",
      "Nota fiscal",
      "Redes sociais",
      "Avaliação Google",
    ]);
  });

  it("does not offer 'Avaliação Google' nor 'Redes sociais' while their rules are off", async () => {
    const rules = {
      purchaseStamps: 1,
      review: { enabled: false, stamps: 2, bonus: "" },
      social: { enabled: false, stamps: 1, bonus: "", networks: [] },
      birthday: { enabled: true, stamps: 3, message: "" },
    };
    const { dialog } = await openDialog(CARD, stampMethodsFor(rules));
    const method = dialog.getByLabelText("Tipo de carimbo") as HTMLSelectElement;
    expect([...method.options].map((o) => o.text)).toEqual(["Compra", "Nota fiscal"]);
    expect(stampMethodsFor({ ...rules, review: { ...rules.review, enabled: true } })).toEqual([
      "purchase",
      "receipt",
      "google_review",
    ]);
  });

  it("sends the method and the trimmed notes once, says 'Carimbo adicionado!' and closes", async () => {
    let answer: () => void = () => undefined;
    const calls = mockApi({
      [STAMP_PATH]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 201, body: { ...CARD, stamps: 4 } });
        }),
    });
    const { dialog, user } = await openDialog();
    await user.selectOptions(dialog.getByLabelText("Tipo de carimbo"), "Nota fiscal");
    await user.type(dialog.getByLabelText("Observações (opcional)"), "  NF 123  ");
    const submit = dialog.getByRole("button", { name: "Adicionar carimbo" });
    await user.click(submit);
    await waitFor(() => expect(submit).toHaveProperty("disabled", true));
    answer();
    expect(await screen.findByText("Carimbo adicionado!")).toBeTruthy();
    expect(
      screen.getByText("O carimbo foi adicionado com sucesso ao cartão do cliente."),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ method: "receipt", notes: "NF 123", quantity: 1 });
    expect(calls[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows why the stamp failed and sends the retry with the same key", async () => {
    let failures = 0;
    const calls = mockApi({
      [STAMP_PATH]: () => (failures++ === 0 ? apiError(409, "card_complete") : { body: CARD }),
    });
    const { dialog, user } = await openDialog();
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Este cartão já está completo. Marque a utilização antes de dar novos carimbos.",
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(2);
    // Purchase unless another way is chosen.
    expect(calls[0]?.body).toEqual({ method: "purchase", notes: "", quantity: 1 });
    expect(calls[1]?.headers["idempotency-key"]).toBe(calls[0]?.headers["idempotency-key"]);
  });

  it("cannot stamp a complete card: 'Cartão Completo', disabled", () => {
    renderWithApp(<CardStampDialog card={{ ...CARD, stamps: 10, status: "complete" }} />);
    expect(screen.getByRole("button", { name: "Cartão Completo" })).toHaveProperty(
      "disabled",
      true,
    );
  });
});

describe("the counter's rules in 'Adicionar carimbo'", () => {
  const tooSoon = () =>
    apiError(409, "stamp_too_soon", { at: new Date(2030, 0, 2, 10, 30).toISOString() });

  it("a Gerente or the Dono sees when the next stamp is allowed and may stamp anyway with a reason", async () => {
    let answers = 0;
    const calls = mockApi({
      [STAMP_PATH]: () => (++answers === 1 ? tooSoon() : { status: 201, body: CARD }),
    });
    const page = renderWithApp(<CardStampDialog card={CARD} mayOverride />);
    await page.user.click(screen.getByRole("button", { name: "Adicionar carimbo" }));
    const dialog = within(await screen.findByRole("dialog"));
    await page.user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect(
      await dialog.findByText(
        "Este cartão recebeu um carimbo há pouco. Próximo carimbo a partir de 02/01/2030 - 10:30.",
      ),
    ).toBeTruthy();
    // a reason that says nothing is refused before anything is sent
    await page.user.type(dialog.getByLabelText("Motivo para liberar"), "a");
    await page.user.click(dialog.getByRole("button", { name: "Carimbar mesmo assim" }));
    expect(dialog.getByText("Informe o motivo (ao menos 3 letras)")).toBeTruthy();
    await page.user.type(dialog.getByLabelText("Motivo para liberar"), "lmoço em grupo");
    await page.user.click(dialog.getByRole("button", { name: "Carimbar mesmo assim" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ method: "purchase", overrideReason: "almoço em grupo" });
  });

  it("an Atendente sees the refusal only", async () => {
    mockApi({ [STAMP_PATH]: tooSoon });
    const { dialog, user } = await openDialog();
    await user.click(dialog.getByRole("button", { name: "Adicionar carimbo" }));
    expect(await dialog.findByText(/Próximo carimbo a partir de/)).toBeTruthy();
    expect(dialog.queryByLabelText("Motivo para liberar")).toBeNull();
  });
});
