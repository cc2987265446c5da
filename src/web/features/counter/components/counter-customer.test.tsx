// @vitest-environment happy-dom
import type { CounterRules, CounterCustomer as Customer } from "@shared/counter.schema";
import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { CounterCustomer } from "./counter-customer";

beforeAll(async () => {
  await loadNamespaces(["counter"]);
});

const CARD = {
  id: "card-1",
  programId: "prog-1",
  programName: "Cartão Café",
  reward: "Um café grátis",
  stamps: 3,
  maxStamps: 10,
  status: "active" as const,
  history: [
    {
      id: "s-1",
      method: "purchase" as const,
      count: 1,
      givenByName: "Carla",
      viaKey: null,
      createdAt: new Date().toISOString(),
    },
  ],
};
const ANA: Customer = {
  id: "cus-1",
  name: "Ana Paula",
  maskedPhone: "(11) •••••-7777",
  cards: [CARD],
};
const RULES: CounterRules = {
  purchaseStamps: 1,
  stampValueCents: null,
  maxStampsPerPurchase: null,
};

/** The card as the stamp route answers it (the company's view of the card). */
const answered = (stamps: number, status = "active") => ({
  status: 201,
  body: {
    id: "card-1",
    customerId: "cus-1",
    customerName: "Ana Paula",
    customerEmail: "ana@example.com",
    customerPhone: null,
    programId: "prog-1",
    programName: "Cartão Café",
    reward: "Um café grátis",
    stamps,
    maxStamps: 10,
    status,
    createdAt: "2026-01-01T12:00:00.000Z",
    completedAt: null,
    redeemedAt: null,
  },
});

const STAMP = "POST /api/cards/card-1/stamps";

function show(
  customer: Customer = ANA,
  { rules = RULES, canOverride = false }: { rules?: CounterRules; canOverride?: boolean } = {},
) {
  const onNext = vi.fn();
  const page = renderWithApp(
    <CounterCustomer customer={customer} rules={rules} canOverride={canOverride} onNext={onNext} />,
  );
  return { ...page, onNext };
}

describe("the customer at the counter", () => {
  it("shows the name, the masked phone, the card and who gave its latest stamp", () => {
    show();
    expect(screen.getByRole("heading", { name: "Ana Paula" })).toBeTruthy();
    expect(screen.getByText("(11) •••••-7777")).toBeTruthy();
    expect(screen.getByText("3/10")).toBeTruthy();
    expect(screen.getByText("+1 carimbo · Compra · por Carla")).toBeTruthy();
  });

  it("stamps several purchases at once with one Idempotency-Key, vibrates, and says the new count", async () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, "vibrate", { value: vibrate, configurable: true });
    const calls = mockApi({ [STAMP]: answered(5) });
    const { user, onNext } = show();
    await user.click(screen.getByRole("button", { name: "Uma compra a mais" }));
    await user.click(screen.getByRole("button", { name: "+2 carimbos" }));
    expect((await screen.findByTestId("counter-done")).textContent).toBe(
      "2 carimbos registrados! Agora 5/10.",
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ method: "purchase", notes: "", quantity: 2 });
    expect(calls[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(vibrate).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Próximo cliente" }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it("retries a stamp whose answer was lost with the same key, so it is given once", async () => {
    let attempts = 0;
    const calls = mockApi({
      [STAMP]: () => (attempts++ === 0 ? apiError(500, "internal_error") : answered(4)),
    });
    const { user } = show();
    await user.click(screen.getByRole("button", { name: "+1 carimbo" }));
    await screen.findByRole("alert");
    await user.click(screen.getByRole("button", { name: "+1 carimbo" }));
    await screen.findByText("Carimbo registrado! Agora 4/10.");
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers["idempotency-key"]).toBe(calls[0]?.headers["idempotency-key"]);
  });

  it("shows the interval's refusal with the time, and offers no override to an attendant", async () => {
    mockApi({ [STAMP]: apiError(409, "stamp_too_soon", { at: "2030-01-01T14:35:00.000Z" }) });
    const { user } = show();
    await user.click(screen.getByRole("button", { name: "+1 carimbo" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^Este cartão recebeu um carimbo há pouco\. Próximo carimbo a partir de 01\/01\/2030 - \d{2}:35\.$/,
    );
    expect(screen.queryByRole("button", { name: "Carimbar mesmo assim" })).toBeNull();
  });

  it("takes the last stamp's green banner away when the next one is refused", async () => {
    let attempts = 0;
    mockApi({
      [STAMP]: () =>
        attempts++ === 0
          ? answered(4)
          : apiError(409, "stamp_too_soon", { at: "2030-01-01T14:35:00.000Z" }),
    });
    const { user } = show();
    const button = screen.getByRole("button", { name: "+1 carimbo" });
    await user.click(button);
    await screen.findByText("Carimbo registrado! Agora 4/10.");
    // the buttons rest a moment after a success, then the same card is tapped again
    await waitFor(() => expect(button).toHaveProperty("disabled", false), { timeout: 3000 });
    await user.click(button);
    await screen.findByText(/^Este cartão recebeu um carimbo há pouco\./);
    expect(screen.queryByTestId("counter-done")).toBeNull();
  });

  it("lets a manager stamp past the daily cap with a reason, as a new action (a new key)", async () => {
    const calls = mockApi({
      [STAMP]: (body) =>
        (body as { overrideReason?: string }).overrideReason
          ? answered(4)
          : apiError(409, "stamp_daily_cap", { at: "2030-01-02T03:00:00.000Z" }),
    });
    const { user } = show(ANA, { canOverride: true });
    await user.click(screen.getByRole("button", { name: "+1 carimbo" }));
    await user.click(await screen.findByRole("button", { name: "Carimbar mesmo assim" }));
    const confirm = screen.getByRole("button", { name: "Confirmar carimbo" });
    expect(confirm).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Motivo"), "Festa da empresa");
    await user.click(confirm);
    await screen.findByText("Carimbo registrado! Agora 4/10.");
    expect(calls[1]?.body).toEqual({
      method: "purchase",
      notes: "",
      quantity: 1,
      overrideReason: "Festa da empresa",
    });
    expect(calls[1]?.headers["idempotency-key"]).not.toBe(calls[0]?.headers["idempotency-key"]);
  });

  it("sends the purchase amount when the company stamps by value (no stepper then)", async () => {
    const calls = mockApi({ [STAMP]: answered(6) });
    const { user } = show(ANA, {
      rules: { purchaseStamps: 1, stampValueCents: 1000, maxStampsPerPurchase: 3 },
    });
    expect(screen.getByText("1 carimbo a cada R$ 10,00, até 3 por compra")).toBeTruthy();
    await user.type(screen.getByLabelText("Valor da compra (opcional)"), "35,50");
    // What it gives, before the tap: 3 (35,50 over 10,00), the maximum per purchase.
    expect(screen.getByTestId("counter-stamps-for-amount").textContent).toBe(
      "R$ 35,50 → 3 carimbos",
    );
    expect(screen.queryByRole("button", { name: "Uma compra a mais" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Carimbar compra" }));
    await screen.findByText("3 carimbos registrados! Agora 6/10.");
    expect(calls[0]?.body).toEqual({
      method: "purchase",
      notes: "",
      quantity: 1,
      amountCents: 3550,
    });
  });

  it("says when a purchase is worth more than the card takes: the card completes", async () => {
    const { user } = show(ANA, {
      rules: { purchaseStamps: 1, stampValueCents: 1000, maxStampsPerPurchase: null },
    });
    await user.type(screen.getByLabelText("Valor da compra (opcional)"), "200,00");
    expect(screen.getByTestId("counter-stamps-for-amount").textContent).toMatch(
      /^R\$ 200,00 → 20 carimbos: o cartão recebe \d+ e fica completo$/,
    );
  });

  it("redeems a complete card only after 'Confirmar resgate', with an Idempotency-Key", async () => {
    const calls = mockApi({
      "POST /api/cards/card-1/redeem": { body: answered(10, "redeemed").body },
    });
    const { user } = show({ ...ANA, cards: [{ ...CARD, stamps: 10, status: "complete" }] });
    expect(screen.queryByRole("button", { name: /carimbo/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Resgatar" }));
    expect(screen.getByText("Resgatar Um café grátis?")).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Confirmar resgate" }));
    await screen.findByText("Prêmio resgatado: Um café grátis.");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Confirmar resgate" })).toBeNull(),
    );
  });
});
