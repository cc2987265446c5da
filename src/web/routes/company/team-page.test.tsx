// @vitest-environment happy-dom
import type { Location, Team, TeamActivity, TeamMember } from "@shared/team.schema";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { mockApi, renderWithApp } from "@/web/test/render";
import { TeamPage } from "./team-page";

const member = (over: Partial<TeamMember>): TeamMember => ({
  id: "m1",
  userId: "u1",
  name: "Dona Rosa",
  email: "rosa@example.com",
  role: "owner",
  locationId: null,
  createdAt: "2026-01-10T12:00:00.000Z",
  ...over,
});
const ROSA = member({});
const ANA = member({
  id: "m2",
  userId: "u2",
  name: "Ana",
  email: "ana@example.com",
  role: "attendant",
});
const CENTRO: Location = { id: "l1", name: "Centro", address: "Rua A, 1" };
const BAIRRO: Location = { id: "l2", name: "Bairro", address: null };

const ACTIVITY: TeamActivity = {
  today: "2026-02-09",
  days: 14,
  rows: [
    {
      userId: "u2",
      name: "Ana",
      day: "2026-02-09",
      stamps: 40,
      redemptions: 1,
      average: 5,
      flagged: true,
    },
    {
      userId: "u1",
      name: "Dona Rosa",
      day: "2026-02-09",
      stamps: 3,
      redemptions: 0,
      average: 4,
      flagged: false,
    },
    {
      userId: "u2",
      name: "Ana",
      day: "2026-02-08",
      stamps: 6,
      redemptions: 0,
      average: null,
      flagged: false,
    },
  ],
};

function api(team: Team, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/me": {
      body: {
        user: { id: "u1", email: "rosa@example.com", emailVerified: true },
        profile: {
          id: "u1",
          role: "admin",
          name: "Dona Rosa",
          email: "rosa@example.com",
          phone: null,
          city: null,
          state: null,
          birthDate: null,
          origin: null,
        },
        company: null,
        member: { role: "owner", locationId: null, home: "/dashboard" },
        deletionDueAt: null,
      },
    },
    "GET /api/team": { body: team },
    "GET /api/team/activity?days=14": { body: ACTIVITY },
    ...extra,
  });
}

const page = () => (
  <MemoryRouter>
    <TeamPage />
  </MemoryRouter>
);

describe("/equipe", () => {
  beforeAll(() => loadNamespaces(["team"]));

  it("with one shop never says 'Unidades': a discreet 'Tem mais de uma loja?' instead", async () => {
    api({ members: [ROSA, ANA], invitations: [], locations: [CENTRO] });
    const { user, container } = renderWithApp(page());
    await screen.findByRole("region", { name: "Membros" });
    expect(await screen.findByText(/Acima do normal/)).toBeTruthy();
    expect(container.textContent).not.toMatch(/Unidade/);
    await user.click(screen.getByRole("button", { name: "Convidar" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Unidade")).toBeNull();
    expect(document.body.textContent).not.toMatch(/Unidade/);
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));

    await user.click(screen.getByRole("button", { name: "Tem mais de uma loja?" }));
    const shops = await screen.findByRole("dialog", { name: "Suas lojas" });
    expect(within(shops).getByText("Centro")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Unidade/);
  });

  it("with two shops lists them as 'Unidades' and offers each person's shop", async () => {
    api({ members: [ROSA, ANA], invitations: [], locations: [CENTRO, BAIRRO] });
    const { user } = renderWithApp(page());
    expect(await screen.findByRole("heading", { name: "Unidades" })).toBeTruthy();
    expect(screen.queryByText("Tem mais de uma loja?")).toBeNull();
    const ana = within(screen.getByRole("region", { name: "Membros" })).getByRole("listitem", {
      name: "Ana",
    });
    expect(within(ana).getByLabelText("Unidade de Ana")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Convidar" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Unidade")).toBeTruthy();
  });

  it("'Remover' asks first, naming the person; the only Dono is not offered it", async () => {
    const calls = api(
      { members: [ROSA, ANA], invitations: [], locations: [] },
      {
        "DELETE /api/team/members/m2": { status: 204 },
      },
    );
    const { user } = renderWithApp(page());
    const ana = within(await screen.findByRole("region", { name: "Membros" })).getByRole(
      "listitem",
      { name: "Ana" },
    );
    await user.click(within(ana).getByRole("button", { name: "Remover" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Remover Ana da equipe?")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Voltar" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(ana).getByRole("button", { name: "Remover" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remover" }),
    );
    expect(await screen.findByText("Ana saiu da equipe.")).toBeTruthy();

    const members = screen.getByRole("region", { name: "Membros" });
    const rosa = within(members).getByRole("listitem", { name: "Dona Rosa" });
    expect(within(rosa).getByText("(você)")).toBeTruthy();
    // The only Dono is offered neither 'Remover' nor another role (the API's last_owner), and the
    // row says why.
    expect(within(rosa).queryByRole("button", { name: "Remover" })).toBeNull();
    expect(
      (within(rosa).getByRole("combobox", { name: "Função de Dona Rosa" }) as HTMLSelectElement)
        .disabled,
    ).toBe(true);
    expect(
      within(rosa).getByText(
        "Único Dono da empresa: para mudar a função ou sair, faça outra pessoa Dono antes.",
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.path.endsWith("/m1"))).toBe(false);
  });

  it("marks today's unusual stamps and says what each role may do from the permission table", async () => {
    api({ members: [ROSA, ANA], invitations: [], locations: [] });
    renderWithApp(page());
    const today = await screen.findByRole("region", { name: "Hoje" });
    const ana = within(today).getByRole("listitem", { name: "Ana" });
    expect(ana.dataset.flagged).toBe("true");
    expect(ana.textContent).toContain("40 carimbos · 1 resgate");
    expect(ana.textContent).toContain("Acima do normal");
    expect(ana.textContent).toContain("média de 5 por dia");
    expect(within(today).getByRole("listitem", { name: "Dona Rosa" }).dataset.flagged).toBe(
      undefined,
    );

    const attendant = screen.getByRole("region", { name: "Atendente" });
    expect(
      within(attendant)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Balcão: encontrar o cliente, carimbar e resgatar"]);
    expect(
      within(screen.getByRole("region", { name: "Dono" })).getByText("Tudo no painel."),
    ).toBeTruthy();
    const manager = screen.getByRole("region", { name: "Gerente" });
    expect(manager.textContent).toContain("Relatórios");
    expect(manager.textContent).not.toContain("Plano e cobrança");
  });

  it("changes a role from the select and lists pending invitations with 'Reenviar'", async () => {
    const calls = api(
      {
        members: [ROSA, ANA],
        invitations: [
          {
            id: "i1",
            email: "bia@example.com",
            role: "manager",
            locationId: null,
            createdAt: "2026-02-01T12:00:00.000Z",
            expiresAt: "2026-02-08T12:00:00.000Z",
            expired: true,
          },
        ],
        locations: [],
      },
      { "PATCH /api/team/members/m2": { body: { ...ANA, role: "manager" } } },
    );
    const { user } = renderWithApp(page());
    const ana = within(await screen.findByRole("region", { name: "Membros" })).getByRole(
      "listitem",
      { name: "Ana" },
    );
    await user.selectOptions(within(ana).getByLabelText("Função de Ana"), "manager");
    expect(await screen.findByText("Ana agora é Gerente.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ role: "manager" });

    const bia = screen.getByRole("listitem", { name: "bia@example.com" });
    expect(bia.textContent).toContain("Gerente");
    expect(bia.textContent).toContain("Expirado");
    expect(within(bia).getByRole("button", { name: "Reenviar" })).toBeTruthy();
  });
});
