// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { TwoFactorChallengeForm } from "./two-factor-challenge-form";

function renderCodeStep() {
  const onSignedIn = vi.fn();
  const onCancel = vi.fn();
  const page = renderWithApp(
    <TwoFactorChallengeForm onSignedIn={onSignedIn} onCancel={onCancel} />,
  );
  return { ...page, onSignedIn, onCancel };
}

describe("the code step of a sign-in with two-factor authentication", () => {
  it("takes the app's 6 digits, or a backup code once asked for", async () => {
    const { user } = renderCodeStep();
    const code = screen.getByLabelText("Código de 6 dígitos");
    expect(code.getAttribute("maxlength")).toBe("6");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(document.activeElement).toBe(code);
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Usar um código de backup" }));
    const backup = screen.getByLabelText("Código de backup");
    expect(backup).toHaveProperty("value", "");
    expect(backup.getAttribute("maxlength")).toBe("32");
    expect(
      screen.getByText("Digite um dos seus códigos de backup. Cada código funciona uma única vez."),
    ).toBeTruthy();
  });

  it("sends the code with its method", async () => {
    const calls = mockApi({
      "POST /api/session/two-factor": apiError(400, "two_factor_invalid_code"),
    });
    const { user } = renderCodeStep();
    await user.click(screen.getByRole("button", { name: "Usar um código de backup" }));
    await user.type(screen.getByLabelText("Código de backup"), " abcde-12345 ");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ code: "abcde-12345", method: "backup" });
  });

  it("empties the field after a wrong code and says so, with the focus back on it", async () => {
    mockApi({ "POST /api/session/two-factor": apiError(400, "two_factor_invalid_code") });
    const { user, onSignedIn } = renderCodeStep();
    const code = screen.getByLabelText("Código de 6 dígitos");
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(
      await screen.findByText("Código inválido. Verifique o código e tente novamente."),
    ).toBeTruthy();
    expect(code).toHaveProperty("value", "");
    expect(document.activeElement).toBe(code);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("asks for a code before sending", async () => {
    const calls = mockApi({});
    const { user } = renderCodeStep();
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByText("Informe o código")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
