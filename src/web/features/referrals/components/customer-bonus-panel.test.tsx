// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { CustomerBonusPanel } from "./customer-bonus-panel";

const ID = "00000000-0000-4000-8000-000000000009";

describe("'Usar bônus' at the counter", () => {
  it("says a typed text is no amount, distinct from the zero case, and uses nothing", async () => {
    const calls = mockApi({
      [`GET /api/customers/${ID}/bonus`]: { body: { balanceCents: 1000, entries: [] } },
    });
    const { user } = renderWithApp(<CustomerBonusPanel customerId={ID} customerName="Ana" />);
    await user.click(await screen.findByRole("button", { name: "Usar bônus" }));
    const amount = screen.getByLabelText("Valor a usar");
    await user.type(amount, "abc");
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Valor inválido. Use o formato 5,50")).toBeTruthy();
    expect(screen.queryByText("Informe um valor maior que zero")).toBeNull();
    await user.clear(amount);
    await user.type(amount, "0");
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Informe um valor maior que zero")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
