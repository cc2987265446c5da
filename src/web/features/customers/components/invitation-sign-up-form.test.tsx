// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { InvitationSignUpForm } from "./invitation-sign-up-form";

const TOKEN = "t".repeat(40);
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("/convite: the sign-up of an invited person ('confira e complete')", () => {
  it("comes filled with what the company typed in 'Novo Cliente', the password left to the person", async () => {
    const calls = mockApi({
      "POST /api/invitations/sign-up": { body: { email: "rita@example.com" } },
    });
    const accepted: unknown[] = [];
    const { user } = renderWithApp(
      <InvitationSignUpForm
        token={TOKEN}
        invitation={{
          name: "Rita Nova",
          phone: "(19) 99876-5432",
          birthDate: "1992-03-04",
          city: "Campinas",
          state: "SP",
        }}
        onAccepted={(credentials) => accepted.push(credentials)}
      />,
    );
    expect(
      await screen.findByText(
        "Crie sua conta para aceitar o convite. Os dados são seus: confira e complete.",
      ),
    ).toBeTruthy();
    expect(fieldValue("Nome")).toBe("Rita Nova");
    expect(fieldValue("Telefone (opcional)")).toBe("(19) 99876-5432");
    expect(fieldValue("Data de aniversário (opcional)")).toBe("1992-03-04");
    expect(fieldValue("Cidade")).toBe("Campinas");
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("SP");
    expect(fieldValue("Senha")).toBe("");
    // the person adds only their password: the rest goes as prefilled (the state too)
    await user.type(screen.getByLabelText("Senha"), "minhasenha");
    await user.click(screen.getByRole("button", { name: "Criar conta e aceitar" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      token: TOKEN,
      name: "Rita Nova",
      password: "minhasenha",
      phone: "(19) 99876-5432",
      birthDate: "1992-03-04",
      city: "Campinas",
      state: "SP",
    });
    expect(accepted).toEqual([{ email: "rita@example.com", password: "minhasenha" }]);
  });
});
