// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { MoneyInput } from "./money-input";

function renderMoney(cents: number) {
  const onCentsChange = vi.fn();
  render(<MoneyInput aria-label="Valor" cents={cents} onCentsChange={onCentsChange} />);
  return { input: screen.getByRole("textbox", { name: "Valor" }), onCentsChange };
}

describe("MoneyInput: amounts in reais as a Brazilian types them", () => {
  it("shows the amount in pt-BR after the R$ sign, with a decimal keyboard", () => {
    const { input } = renderMoney(123456);
    expect(input).toHaveProperty("value", "1.234,56");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    expect(screen.getByText("R$")).toBeTruthy();
  });

  it("reads what is typed as cents and shows it as 5,50 once the field is left", async () => {
    const user = userEvent.setup();
    const { input, onCentsChange } = renderMoney(0);
    await user.clear(input);
    await user.type(input, "5.5");
    expect(onCentsChange).toHaveBeenLastCalledWith(550);
    expect(input).toHaveProperty("value", "5.5");
    await user.tab();
    expect(input).toHaveProperty("value", "5,50");
  });

  it.each([
    ["R$ 39,90", 3990],
    ["1.234,56", 123456],
    ["0,5", 50],
    ["12", 1200],
  ])("takes %s as %i cents", async (typed, cents) => {
    const user = userEvent.setup();
    const { input, onCentsChange } = renderMoney(0);
    await user.clear(input);
    await user.type(input, typed);
    expect(onCentsChange).toHaveBeenLastCalledWith(cents);
  });

  it("says null while the text is no amount, and keeps the text as typed", async () => {
    const user = userEvent.setup();
    const { input, onCentsChange } = renderMoney(500);
    await user.clear(input);
    await user.type(input, "5,555");
    expect(onCentsChange).toHaveBeenLastCalledWith(null);
    await user.tab();
    expect(input).toHaveProperty("value", "5,555");
    await user.clear(input);
    await user.type(input, "-3");
    expect(onCentsChange).toHaveBeenLastCalledWith(null);
  });

  it("shows a new amount from outside, but leaves a text that already says it", async () => {
    const user = userEvent.setup();
    function Saved() {
      const [cents, setCents] = useState(1000);
      return (
        <>
          <MoneyInput aria-label="Valor" cents={cents} onCentsChange={(c) => c && setCents(c)} />
          <button type="button" onClick={() => setCents(2590)}>
            Recarregar
          </button>
        </>
      );
    }
    render(<Saved />);
    const input = screen.getByRole("textbox", { name: "Valor" });
    await user.clear(input);
    await user.type(input, "7.5");
    // 750 came back from the parent: the text as typed stays while the field is in use.
    expect(input).toHaveProperty("value", "7.5");
    await user.click(screen.getByRole("button", { name: "Recarregar" }));
    expect(input).toHaveProperty("value", "25,90");
  });
});
