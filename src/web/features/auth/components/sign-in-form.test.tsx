// @vitest-environment happy-dom
import type { Me } from "@shared/auth.schema";
import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { handOverToApp } from "../handoff";
import { SignInForm } from "./sign-in-form";

const ME: Me = {
  user: { id: "u1", email: "rui@exemplo.com", emailVerified: true },
  profile: {
    id: "p1",
    role: "customer",
    name: "Rui",
    email: "rui@exemplo.com",
    phone: null,
    city: null,
    state: null,
    birthDate: null,
    origin: null,
  },
  company: null,
  member: null,
  deletionDueAt: null,
};

function renderSignIn() {
  const onSignedIn = vi.fn();
  const view = renderWithApp(
    <MemoryRouter>
      <SignInForm onSignedIn={onSignedIn} account="customer" />
    </MemoryRouter>,
  );
  const signIn = async (email: string, password: string) => {
    await view.user.type(screen.getByLabelText("Email"), email);
    await view.user.type(screen.getByLabelText("Senha"), password);
    await view.user.click(screen.getByRole("button", { name: "Entrar" }));
  };
  return { ...view, onSignedIn, signIn };
}

describe("the app's sign-in form (the one core, with the app's queries, toasts and router)", () => {
  it("opens the session: the signed-in user lands in the ['me'] query", async () => {
    const calls = mockApi({ "POST /api/session": { body: ME } });
    const page = renderSignIn();
    await page.signIn("rui@exemplo.com", "segredo1");
    await waitFor(() => expect(page.onSignedIn).toHaveBeenCalledWith(ME));
    expect(calls[0]?.body).toEqual({ email: "rui@exemplo.com", password: "segredo1" });
    expect(page.queryClient.getQueryData(["me"])).toEqual(ME);
  });

  it("asks for the code of an account with 2FA; 'Voltar ao login' keeps the e-mail", async () => {
    mockApi({ "POST /api/session": { body: { twoFactorRequired: true } } });
    const page = renderSignIn();
    await page.signIn("rui@exemplo.com", "segredo1");
    expect(await screen.findByText("Verificação em duas etapas")).toBeTruthy();
    expect(page.onSignedIn).not.toHaveBeenCalled();
    await page.user.click(screen.getByRole("button", { name: "Voltar ao login" }));
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "rui@exemplo.com");
    expect(screen.getByLabelText("Senha")).toHaveProperty("value", "");
  });

  it("comes back to the password step with the reason when the code step expired", async () => {
    mockApi({
      "POST /api/session": { body: { twoFactorRequired: true } },
      "POST /api/session/two-factor": apiError(401, "two_factor_challenge_expired"),
    });
    const page = renderSignIn();
    await page.signIn("rui@exemplo.com", "segredo1");
    await page.user.type(await screen.findByLabelText("Código de 6 dígitos"), "123456");
    await page.user.click(screen.getByRole("button", { name: "Verificar" }));
    expect(
      await screen.findByText("O código expirou. Entre novamente com seu email e senha."),
    ).toBeTruthy();
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "rui@exemplo.com");
  });

  it("starts on the code step the sign-in entry handed over", async () => {
    handOverToApp({ view: "twoFactor", email: "rui@exemplo.com" });
    const page = renderSignIn();
    expect(screen.getByText("Verificação em duas etapas")).toBeTruthy();
    await page.user.click(screen.getByRole("button", { name: "Voltar ao login" }));
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "rui@exemplo.com");
  });

  it("resends the confirmation e-mail and says so in a toast", async () => {
    const calls = mockApi({
      "POST /api/session": apiError(403, "email_not_confirmed"),
      "POST /api/accounts/confirmation": { status: 202, body: {} },
    });
    const page = renderSignIn();
    await page.signIn("rui@exemplo.com", "segredo1");
    await page.user.click(
      await screen.findByRole("button", { name: "Reenviar email de confirmação" }),
    );
    expect(
      await screen.findByText(
        "Enviamos um novo link de confirmação. Verifique sua caixa de entrada.",
      ),
    ).toBeTruthy();
    expect(calls[1]).toMatchObject({
      method: "POST",
      path: "/api/accounts/confirmation",
      body: { email: "rui@exemplo.com" },
    });
  });

  it("links 'Esqueci minha senha' through the router to the customer's recovery page", () => {
    renderSignIn();
    expect(screen.getByRole("link", { name: "Esqueci minha senha" }).getAttribute("href")).toBe(
      "/esqueci-senha?conta=cliente",
    );
  });
});
