// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { ChangePasswordForm } from "./change-password-form";

describe("Alterar senha", () => {
  it("refuses a new password equal to the current one, in Portuguese, without calling the server", async () => {
    const calls = mockApi({ "POST /api/security/password": { body: {} } });
    const { user } = renderWithApp(<ChangePasswordForm />);
    await user.type(await screen.findByLabelText("Senha atual"), "segredo1");
    await user.type(screen.getByLabelText("Nova senha"), "segredo1");
    await user.click(screen.getByRole("button", { name: "Alterar senha" }));
    expect(await screen.findByText("A nova senha deve ser diferente da senha atual")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
