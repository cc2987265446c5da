// @vitest-environment happy-dom
import type { CompanyInvitation } from "@shared/customers.schema";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { CompanyInvitations } from "./company-invitations";

const invitation = (over: Partial<CompanyInvitation>): CompanyInvitation => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Lia",
  email: "lia@example.com",
  phone: null,
  birthDate: null,
  city: "Campinas",
  state: "SP",
  status: "pending",
  createdAt: "2026-01-10T12:00:00.000Z",
  expiresAt: "2026-01-17T12:00:00.000Z",
  stamps: 0,
  importId: null,
  code: null,
  ...over,
});
const LIA = invitation({});
const DECLINED = invitation({
  id: "00000000-0000-4000-8000-000000000002",
  name: "Rui",
  email: "rui@example.com",
  status: "declined",
});
const LIST = "GET /api/customers/invitations";

describe("'Convites pendentes': Reenviar and Cancelar", () => {
  it("resends a pending invitation and says so; a declined one offers neither", async () => {
    const calls = mockApi({
      [LIST]: { body: [LIA, DECLINED] },
      [`POST /api/customers/invitations/${LIA.id}/resend`]: { body: LIA },
    });
    const { user } = renderWithApp(<CompanyInvitations />);
    const lia = await screen.findByRole("listitem", { name: "Lia" });
    const rui = screen.getByRole("listitem", { name: "Rui" });
    expect(within(rui).queryByRole("button")).toBeNull();
    await user.click(within(lia).getByRole("button", { name: "Reenviar" }));
    expect(await screen.findByText("Convite reenviado para lia@example.com.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/api/customers/invitations/${LIA.id}/resend`,
    ]);
  });

  it("tells the daily limit when a resend is refused", async () => {
    mockApi({
      [LIST]: { body: [LIA] },
      [`POST /api/customers/invitations/${LIA.id}/resend`]: apiError(429, "rate_limited"),
    });
    const { user } = renderWithApp(<CompanyInvitations />);
    await user.click(await screen.findByRole("button", { name: "Reenviar" }));
    expect(
      await screen.findByText("Muitas tentativas. Aguarde alguns minutos e tente novamente."),
    ).toBeTruthy();
  });

  it("asks before cancelling, then cancels the invitation", async () => {
    let list = [LIA];
    const calls = mockApi({
      [LIST]: () => ({ body: list }),
      [`DELETE /api/customers/invitations/${LIA.id}`]: () => {
        list = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithApp(<CompanyInvitations />);
    await user.click(await screen.findByRole("button", { name: "Cancelar convite" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Cancelar o convite de Lia?")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Voltar" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Cancelar convite" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Cancelar convite",
      }),
    );
    expect(await screen.findByText("Convite cancelado.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Lia" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("shows an import's invitations with their batch, the stamps waiting and the code", async () => {
    const importId = "00000000-0000-4000-8000-0000000000aa";
    const imported = { importId, city: "São Paulo", createdAt: "2026-01-12T12:00:00.000Z" };
    mockApi({
      [LIST]: {
        body: [
          invitation({ id: "a", name: "João", stamps: 4, ...imported }),
          invitation({
            id: "b",
            name: "Dita",
            email: null,
            phone: "(11) 98888-7777",
            stamps: 1,
            code: "ABCD-2345",
            ...imported,
          }),
          invitation({ id: "c", name: "Zé", status: "scheduled", stamps: 0, ...imported }),
        ],
      },
      "GET /api/customers/imports": {
        body: [{ id: importId, createdAt: "2026-01-11T12:00:00.000Z" }],
      },
    });
    renderWithApp(<CompanyInvitations />);
    const joao = await screen.findByRole("listitem", { name: "João" });
    expect(within(joao).getByText("Convite enviado")).toBeTruthy();
    expect(within(joao).getByText("4 carimbos esperando")).toBeTruthy();
    expect(within(joao).getByRole("button", { name: "Reenviar" })).toBeTruthy();
    await waitFor(() => expect(joao.textContent).toContain("Importação de 11/01/2026"));
    // phone only: the code to hand over, nothing to re-send by e-mail
    const dita = screen.getByRole("listitem", { name: "Dita" });
    expect(within(dita).getByText("1 carimbo esperando · Código ABCD-2345")).toBeTruthy();
    expect(within(dita).queryByRole("button", { name: "Reenviar" })).toBeNull();
    expect(within(dita).getByRole("button", { name: "Cancelar convite" })).toBeTruthy();
    const ze = screen.getByRole("listitem", { name: "Zé" });
    expect(within(ze).getByText("Envio agendado")).toBeTruthy();
    expect(ze.textContent).not.toContain("Enviado em");
    expect(within(ze).queryByRole("button", { name: "Reenviar" })).toBeNull();
  });

  it("shows the first 5 of a long list, the rest on request", async () => {
    const many = Array.from({ length: 7 }, (_, n) =>
      invitation({ id: `id-${n}`, name: `Pessoa ${n + 1}`, email: `p${n}@example.com` }),
    );
    mockApi({ [LIST]: { body: many }, "GET /api/customers/imports": { body: [] } });
    const { user } = renderWithApp(<CompanyInvitations />);
    await screen.findByRole("listitem", { name: "Pessoa 1" });
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    expect(screen.queryByRole("listitem", { name: "Pessoa 7" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Mostrar todos os 7 convites" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(7);
    await user.click(screen.getByRole("button", { name: "Mostrar menos" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
  });
});
