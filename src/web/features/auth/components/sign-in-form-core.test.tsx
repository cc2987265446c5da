// @vitest-environment happy-dom
import type { Me } from "@shared/auth.schema";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/web/lib/api-client";
import { SignInFormCore, type SignInFormCoreProps } from "./sign-in-form-core";

const ME: Me = {
  user: { id: "u1", email: "ana@exemplo.com", emailVerified: true },
  profile: {
    id: "p1",
    role: "admin",
    name: "Ana",
    email: "ana@exemplo.com",
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

function renderForm(props: Partial<SignInFormCoreProps> = {}) {
  const handlers = {
    signIn: vi.fn<SignInFormCoreProps["signIn"]>(async () => ME),
    resendConfirmation: vi.fn(async () => undefined),
    notify: vi.fn(),
    onSignedIn: vi.fn(),
    onTwoFactor: vi.fn(),
  };
  render(<SignInFormCore account="admin" {...handlers} {...props} />);
  const user = userEvent.setup();
  const email = screen.getByLabelText("Email");
  const password = screen.getByLabelText("Senha");
  const submit = screen.getByRole("button", { name: "Entrar" });
  const submitWith = async (typedEmail: string, typedPassword: string) => {
    if (typedEmail) await user.type(email, typedEmail);
    if (typedPassword) await user.type(password, typedPassword);
    await user.click(submit);
  };
  return { ...handlers, ...props, user, email, password, submit, submitWith };
}

describe("the sign-in form (one core for the sign-in entry and the app)", () => {
  it("refuses a malformed e-mail with the spec's alert, on the field, with the focus there", async () => {
    const form = renderForm();
    await form.submitWith("ana@", "segredo1");
    expect(await screen.findByText("Email inválido. Verifique o formato do email.")).toBeTruthy();
    expect(screen.getByText("Email inválido")).toBeTruthy();
    expect(form.email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(form.email);
    expect(form.signIn).not.toHaveBeenCalled();
  });

  it("refuses a password under 6 characters with the spec's alert", async () => {
    const form = renderForm();
    await form.submitWith("ana@exemplo.com", "12345");
    expect(await screen.findByText("A senha deve ter pelo menos 6 caracteres.")).toBeTruthy();
    expect(screen.getByText("A senha deve ter pelo menos 6 caracteres")).toBeTruthy();
    expect(document.activeElement).toBe(form.password);
    expect(form.signIn).not.toHaveBeenCalled();
  });

  it("clears a field's message as soon as it is edited", async () => {
    const form = renderForm();
    await form.submitWith("", "");
    expect(await screen.findByText("Email é obrigatório")).toBeTruthy();
    expect(screen.getByText("Senha é obrigatória")).toBeTruthy();
    await form.user.type(form.email, "a");
    expect(screen.queryByText("Email é obrigatório")).toBeNull();
    expect(screen.getByText("Senha é obrigatória")).toBeTruthy();
  });

  it("sends the checked e-mail and password, stays busy and hands the session over", async () => {
    let answer: (me: Me) => void = () => undefined;
    const form = renderForm({
      signIn: vi.fn(() => new Promise<Me>((resolve) => (answer = resolve))),
    });
    await form.submitWith("  Ana@Exemplo.com ", "segredo1");
    await waitFor(() => expect(form.signIn).toHaveBeenCalledOnce());
    expect(form.signIn).toHaveBeenCalledWith({ email: "ana@exemplo.com", password: "segredo1" });
    expect(form.submit).toHaveProperty("disabled", true);
    answer(ME);
    await waitFor(() => expect(form.onSignedIn).toHaveBeenCalledWith(ME));
    // The page is about to change: no second submit meanwhile.
    expect(form.submit).toHaveProperty("disabled", true);
    expect(form.onTwoFactor).not.toHaveBeenCalled();
  });

  it("goes on to the code step of an account with two-factor authentication", async () => {
    const form = renderForm({ signIn: vi.fn(async () => ({ twoFactorRequired: true as const })) });
    await form.submitWith("ana@exemplo.com", "segredo1");
    await waitFor(() => expect(form.onTwoFactor).toHaveBeenCalledWith("ana@exemplo.com"));
    expect(form.onSignedIn).not.toHaveBeenCalled();
  });

  it("says the spec's text for wrong credentials, and lets the person try again", async () => {
    const form = renderForm({
      signIn: vi.fn(async () => {
        throw new ApiError(401, "invalid_credentials", "Invalid login credentials");
      }),
    });
    await form.submitWith("ana@exemplo.com", "errada12");
    expect(
      await screen.findByText("Email ou senha incorretos. Verifique suas credenciais."),
    ).toBeTruthy();
    expect(form.submit).toHaveProperty("disabled", false);
    expect(screen.queryByRole("button", { name: "Reenviar email de confirmação" })).toBeNull();
  });

  it("says 'Erro inesperado durante o login' when the request never got an answer", async () => {
    const form = renderForm({
      signIn: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    });
    await form.submitWith("ana@exemplo.com", "segredo1");
    expect(await screen.findByText("Erro inesperado durante o login")).toBeTruthy();
  });

  it("offers to resend the confirmation of an account not confirmed yet", async () => {
    const form = renderForm({
      signIn: vi.fn(async () => {
        throw new ApiError(403, "email_not_confirmed", "Email not confirmed");
      }),
    });
    await form.submitWith("Ana@Exemplo.com", "segredo1");
    expect(
      await screen.findByText("Email não confirmado. Verifique sua caixa de entrada."),
    ).toBeTruthy();
    await form.user.click(screen.getByRole("button", { name: "Reenviar email de confirmação" }));
    await waitFor(() =>
      expect(form.notify).toHaveBeenCalledWith(
        "success",
        "Enviamos um novo link de confirmação. Verifique sua caixa de entrada.",
      ),
    );
    expect(form.resendConfirmation).toHaveBeenCalledWith("ana@exemplo.com");
  });

  it("puts the API's field errors on the fields, with the spec's alert", async () => {
    const form = renderForm({
      signIn: vi.fn(async () => {
        throw new ApiError(400, "validation_failed", "Invalid", { password: "password_too_short" });
      }),
    });
    await form.submitWith("ana@exemplo.com", "segredo1");
    expect(await screen.findByText("A senha deve ter pelo menos 6 caracteres.")).toBeTruthy();
    expect(form.password.getAttribute("aria-invalid")).toBe("true");
  });

  it("starts with the e-mail and the reason the code step ended, until the next submit", async () => {
    const form = renderForm({
      defaultEmail: "ana@exemplo.com",
      initialError: new ApiError(401, "two_factor_challenge_expired", "expired"),
    });
    expect(form.email).toHaveProperty("value", "ana@exemplo.com");
    expect(form.password).toHaveProperty("value", "");
    const expired = "O código expirou. Entre novamente com seu email e senha.";
    expect(screen.getByText(expired)).toBeTruthy();
    await form.submitWith("", "segredo1");
    await waitFor(() => expect(form.onSignedIn).toHaveBeenCalled());
    expect(screen.queryByText(expired)).toBeNull();
  });

  it("links 'Esqueci minha senha' to the recovery page of the page's account", () => {
    renderForm();
    expect(screen.getByRole("link", { name: "Esqueci minha senha" }).getAttribute("href")).toBe(
      "/esqueci-senha?conta=empresa",
    );
  });
});
