// @vitest-environment happy-dom
import type { BillingOverview, Invoice } from "@shared/billing.schema";
import { screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { formatUntil } from "../plan-dates";
import { PlanOptions } from "./change-plan";

/**
 * /plano's 'Mudar para …' says what really happens (decision 027): an upgrade within a paid period
 * is paid now (the pro-rated difference) and switches when paid; a downgrade counts from the next
 * charge; in the trial everything stays included until its end, paid early or not.
 */

beforeAll(() => loadNamespaces(["billing", "errors"]));

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const day = (days: number) => inDays(days).slice(0, 10);

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: "i1",
  plan: "pro",
  amountCents: 3990,
  dueDate: day(-10),
  status: "paid",
  billingType: "PIX",
  invoiceUrl: "/plano/checkout/i1",
  boletoUrl: null,
  pixCode: null,
  pixQrImage: null,
  paidAt: inDays(-10),
  ...over,
});

const overview = (over: Partial<BillingOverview>): BillingOverview => ({
  planStatus: "paid",
  plan: "pro",
  trialEndsAt: inDays(-20),
  trialDaysLeft: 0,
  paidUntil: inDays(20),
  graceUntil: null,
  subscription: { status: "active", billingType: "PIX", cancelledAt: null },
  nextCharge: { amountCents: 3990, dueDate: day(20) },
  billing: { documentMasked: "***.***.***-25", email: "dono@cafe.com" },
  invoices: [invoice({})],
  provider: "dev",
  ...over,
});

const PRO_PAID = overview({});
const SUPREME_PAID = overview({ plan: "supreme", invoices: [invoice({ plan: "supreme" })] });
/** Subscribed to Pro in the trial: the first charge waits, open, for the trial's end. */
const PRO_IN_TRIAL = overview({
  planStatus: "trial",
  trialEndsAt: inDays(12),
  trialDaysLeft: 12,
  paidUntil: null,
  nextCharge: { amountCents: 3990, dueDate: day(12) },
  invoices: [invoice({ status: "pending", dueDate: day(12), paidAt: null })],
});
const UPGRADE = invoice({
  id: "up1",
  plan: "supreme",
  amountCents: 13940,
  dueDate: day(0),
  status: "pending",
  invoiceUrl: "/plano/checkout/up1",
  paidAt: null,
});

function renderOptions(data: BillingOverview) {
  return renderWithApp(
    <MemoryRouter initialEntries={["/plano"]}>
      <Routes>
        <Route path="/plano" element={<PlanOptions overview={data} />} />
        <Route path="/plano/checkout/:id" element={<p>checkout page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("/plano's change of plan", () => {
  it("an upgrade within a paid period: the difference is paid now, Supremo when it is paid", async () => {
    const calls = mockApi({
      "PUT /api/billing/subscription/plan": {
        body: {
          overview: { ...PRO_PAID, invoices: [UPGRADE, ...PRO_PAID.invoices] },
          checkoutUrl: "/plano/checkout/up1",
        },
      },
    });
    const { user } = renderOptions(PRO_PAID);
    await user.click(screen.getByRole("button", { name: "Mudar para Supremo com IA" }));
    const dialog = screen.getByRole("dialog", { name: "Mudar para Supremo com IA?" });
    within(dialog).getByText(
      `Você paga agora a diferença proporcional aos dias que faltam até ${formatUntil(PRO_PAID.paidUntil!)}, o fim do período já pago. O plano Supremo com IA é ativado assim que esse pagamento for confirmado; até lá, nada muda.`,
    );
    within(dialog).getByText("Novo valor: R$ 249,00 por mês.");
    expect(within(dialog).queryByText(/próxima cobrança/)).toBeNull();
    expect(within(dialog).queryByText(/teste grátis/)).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Ir para o pagamento" }));
    expect(
      await screen.findByText(
        "Cobrança da diferença criada: R$ 139,40. O plano Supremo com IA é ativado quando ela for paga.",
      ),
    ).toBeTruthy();
    expect(await screen.findByText("checkout page")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ plan: "supreme" });
  });

  it("a downgrade counts from the next charge; the paid Supremo goes on until its period ends", async () => {
    mockApi({
      "PUT /api/billing/subscription/plan": {
        body: { overview: { ...SUPREME_PAID, plan: "pro" }, checkoutUrl: null },
      },
    });
    const { user } = renderOptions(SUPREME_PAID);
    await user.click(screen.getByRole("button", { name: "Mudar para Pro" }));
    const dialog = screen.getByRole("dialog", { name: "Mudar para Pro?" });
    within(dialog).getByText("O novo valor vale a partir da próxima cobrança.");
    within(dialog).getByText(
      `Você continua com o Supremo com IA até ${formatUntil(SUPREME_PAID.paidUntil!)}, o fim do período já pago.`,
    );
    expect(within(dialog).queryByText(/diferença/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Mudar para Pro" }));
    expect(await screen.findByText("Plano alterado para Pro.")).toBeTruthy();
  });

  it("in the trial: nothing charged now, and everything included until the trial's end", async () => {
    const { user } = renderOptions(PRO_IN_TRIAL);
    await user.click(screen.getByRole("button", { name: "Mudar para Supremo com IA" }));
    const dialog = screen.getByRole("dialog", { name: "Mudar para Supremo com IA?" });
    within(dialog).getByText("Nada é cobrado agora: a próxima cobrança já vem com o novo valor.");
    within(dialog).getByText(
      `Seu teste grátis inclui tudo, inclusive a IA Suprema, até ${formatUntil(PRO_IN_TRIAL.trialEndsAt)}, mesmo se você pagar antes.`,
    );
    within(dialog).getByRole("button", { name: "Mudar para Supremo com IA" });
  });

  it("paid early in the trial, an upgrade is paid now and the trial still includes everything", async () => {
    const paidEarly = overview({ trialEndsAt: inDays(5), trialDaysLeft: 5, paidUntil: inDays(35) });
    const { user } = renderOptions(paidEarly);
    await user.click(screen.getByRole("button", { name: "Mudar para Supremo com IA" }));
    const dialog = screen.getByRole("dialog", { name: "Mudar para Supremo com IA?" });
    within(dialog).getByText(/^Você paga agora a diferença proporcional/);
    within(dialog).getByText(
      `Seu teste grátis inclui tudo, inclusive a IA Suprema, até ${formatUntil(paidEarly.trialEndsAt)}, mesmo se você pagar antes.`,
    );
  });

  it("a waiting upgrade: its difference to pay, and 'Desistir da mudança'", async () => {
    const calls = mockApi({
      "PUT /api/billing/subscription/plan": {
        body: { overview: PRO_PAID, checkoutUrl: null },
      },
    });
    const { user } = renderOptions({ ...PRO_PAID, invoices: [UPGRADE, ...PRO_PAID.invoices] });
    const waiting = screen.getByTestId("waiting-upgrade");
    within(waiting).getByText("Aguardando pagamento");
    within(waiting).getByText(/pague a diferença de R\$ 139,40/);
    expect(within(waiting).getByRole("link", { name: "Pagar agora" })).toHaveProperty(
      "href",
      expect.stringContaining("/plano/checkout/up1"),
    );
    expect(screen.queryByRole("button", { name: "Mudar para Supremo com IA" })).toBeNull();
    await user.click(within(waiting).getByRole("button", { name: "Desistir da mudança" }));
    expect(
      await screen.findByText(
        "Mudança cancelada: a cobrança da diferença foi cancelada e você continua no Pro.",
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ plan: "pro" });
  });

  it("says the real cause of a refusal: a charge overdue", async () => {
    mockApi({ "PUT /api/billing/subscription/plan": apiError(409, "invoice_overdue") });
    const { user } = renderOptions(PRO_PAID);
    await user.click(screen.getByRole("button", { name: "Mudar para Supremo com IA" }));
    await user.click(screen.getByRole("button", { name: "Ir para o pagamento" }));
    expect(
      await screen.findByText("Há uma cobrança em atraso. Pague-a antes de trocar de plano."),
    ).toBeTruthy();
  });
});
