// @vitest-environment happy-dom
import type { StaffInvitationDetails } from "@shared/team.schema";
import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { StaffInvitationPage } from "./staff-invitation-page";

const TOKEN = "t".repeat(43);
const DETAILS = `GET /api/team/invitations/by-token/${TOKEN}`;
const invitation = (over: Partial<StaffInvitationDetails> = {}): StaffInvitationDetails => ({
  companyName: "Café Aurora",
  role: "attendant",
  email: "ana@example.com",
  account: "none",
  ...over,
});

const me = (email: string) => ({
  body: {
    user: { id: "u9", email, emailVerified: true },
    profile: {
      id: "u9",
      role: "admin",
      name: "Ana",
      email,
      phone: null,
      city: null,
      state: null,
      birthDate: null,
      origin: null,
    },
    company: null,
    member: null,
    deletionDueAt: null,
  },
});
const SIGNED_OUT = apiError(401, "unauthenticated");

const page = () => (
  <MemoryRouter initialEntries={[`/equipe/convite?token=${TOKEN}`]}>
    <Routes>
      <Route path="/equipe/convite" element={<StaffInvitationPage />} />
      <Route path="/balcao" element={<p>Balcão aberto</p>} />
      <Route path="/dashboard" element={<p>Painel aberto</p>} />
    </Routes>
  </MemoryRouter>
);

describe("/equipe/convite", () => {
  beforeAll(() => loadNamespaces(["team", "layout", "companies", "customers"]));

  it("without an account: the company and role, a name and a password, then the Atendente's counter", async () => {
    const calls = mockApi({
      [DETAILS]: { body: invitation() },
      "GET /api/me": SIGNED_OUT,
      "POST /api/team/invitations/sign-up": {
        body: { companyId: "c1", companyName: "Café Aurora", role: "attendant" },
      },
    });
    const { user } = renderWithApp(page());
    expect(
      await screen.findByText(
        "Café Aurora convidou você para a equipe no Carimbou como Atendente.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Balcão: encontrar o cliente, carimbar e resgatar")).toBeTruthy();
    expect(screen.queryByText("Relatórios")).toBeNull();
    await user.type(await screen.findByLabelText("Seu nome"), "Ana Lima");
    await user.type(screen.getByLabelText("Senha"), "123");
    await user.click(screen.getByRole("button", { name: "Criar senha e entrar" }));
    expect(await screen.findByText("A senha deve ter pelo menos 6 caracteres")).toBeTruthy();
    await user.type(screen.getByLabelText("Senha"), "456");
    await user.click(screen.getByRole("button", { name: "Criar senha e entrar" }));
    expect(await screen.findByText("Balcão aberto")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      token: TOKEN,
      name: "Ana Lima",
      password: "123456",
    });
  });

  it("with an account: 'Entrar para aceitar' opens the sign-in form", async () => {
    mockApi({ [DETAILS]: { body: invitation({ account: "admin" }) }, "GET /api/me": SIGNED_OUT });
    const { user } = renderWithApp(page());
    await user.click(await screen.findByRole("button", { name: "Entrar para aceitar" }));
    expect(await screen.findByLabelText("Email")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aceitar convite" })).toBeNull();
  });

  it("signed in as the invited e-mail: 'Aceitar convite', a refusal in words, then the member's home", async () => {
    let refuse = true;
    mockApi({
      [DETAILS]: { body: invitation({ account: "admin", role: "manager" }) },
      "GET /api/me": me("Ana@Example.com"),
      "POST /api/team/invitations/accept": () =>
        refuse
          ? apiError(409, "already_in_team")
          : { body: { companyId: "c1", companyName: "Café Aurora", role: "manager" } },
    });
    const { user } = renderWithApp(page());
    await user.click(await screen.findByRole("button", { name: "Aceitar convite" }));
    expect(
      await screen.findByText("Esta conta já faz parte da equipe de uma empresa."),
    ).toBeTruthy();
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Aceitar convite" }));
    expect(await screen.findByText("Painel aberto")).toBeTruthy();
  });

  it("signed in as another e-mail: says so and offers 'Sair', never 'Aceitar convite'", async () => {
    mockApi({
      [DETAILS]: { body: invitation({ account: "admin" }) },
      "GET /api/me": me("outra@example.com"),
    });
    renderWithApp(page());
    expect(
      await screen.findByText(
        "Você entrou como outra@example.com, mas o convite é para ana@example.com. Saia e entre com a conta do convite.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sair" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aceitar convite" })).toBeNull();
  });

  it("a customer's e-mail and a link no longer valid get their own message", async () => {
    mockApi({
      [DETAILS]: { body: invitation({ account: "customer" }) },
      "GET /api/me": SIGNED_OUT,
    });
    const first = renderWithApp(page());
    expect(await screen.findByText(/é de uma conta de cliente no Carimbou/)).toBeTruthy();
    expect(screen.queryByLabelText("Senha")).toBeNull();
    first.unmount();

    mockApi({ [DETAILS]: apiError(410, "staff_invitation_invalid"), "GET /api/me": SIGNED_OUT });
    renderWithApp(page());
    expect(await screen.findByText(/Este convite não é mais válido/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir para o login" })).toBeTruthy();
  });
});
