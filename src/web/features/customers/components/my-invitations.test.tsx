// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { PENDING_CODE_KEY } from "../pending-code";
import { MyInvitations } from "./my-invitations";

afterEach(() => localStorage.clear());

describe("/dashboard-cliente 'Convites de empresas'", () => {
  it("brings back a short code typed on /convite before the account existed", async () => {
    localStorage.setItem(PENDING_CODE_KEY, "ABCD-EFGH");
    mockApi({ "GET /api/me/invitations": { body: [] } });
    renderWithApp(
      <MemoryRouter>
        <MyInvitations />
      </MemoryRouter>,
    );
    const link = await screen.findByRole("link", { name: "Ver convite" });
    expect(link.getAttribute("href")).toBe("/convite?codigo=ABCD-EFGH");
    expect(screen.getByText(/código de convite ABCD-EFGH/)).toBeTruthy();
  });

  it("shows nothing without an invitation or a kept code", async () => {
    const calls = mockApi({ "GET /api/me/invitations": { body: [] } });
    const { container } = renderWithApp(
      <MemoryRouter>
        <MyInvitations />
      </MemoryRouter>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.length).toBe(1);
    expect(container.textContent).toBe("");
  });
});
