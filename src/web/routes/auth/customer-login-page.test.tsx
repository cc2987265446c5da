// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { CustomerLoginPage } from "./customer-login-page";

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

const page = (search: string) => (
  <MemoryRouter initialEntries={[`/login-cliente${search}`]}>
    <Address />
    <Routes>
      <Route path="/login-cliente" element={<CustomerLoginPage />} />
      <Route path="/cadastro-cliente" element={<CustomerLoginPage />} />
    </Routes>
  </MemoryRouter>
);

describe("/login-cliente from a company's link", () => {
  beforeAll(() => loadNamespaces(["companies", "layout", "common"]));

  it("says an unknown company's link is not valid and offers the directory", async () => {
    mockApi({
      "GET /api/me": apiError(401, "unauthenticated"),
      "GET /api/companies/9f0c/public": apiError(404, "not_found"),
    });
    renderWithApp(page("?empresa_id=9f0c&origem=qrcode_empresa"));
    expect(await screen.findByText("Este link de empresa não é válido")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver empresas participantes" })).toHaveProperty(
      "href",
      expect.stringContaining("/dashboard-cliente#empresas"),
    );
    expect(screen.queryByText("Bem-vindo ao programa de fidelidade")).toBeNull();
  });

  it("welcomes a known company's link as before", async () => {
    mockApi({
      "GET /api/me": apiError(401, "unauthenticated"),
      "GET /api/companies/c1/public": {
        body: {
          id: "c1",
          tradeName: "Café do Ponto",
          city: "Recife",
          state: "PE",
          sector: null,
          logoUrl: null,
          brandColor: null,
          program: null,
          promotion: null,
          birthdayStamps: null,
        },
      },
    });
    const { user } = renderWithApp(page("?empresa_id=c1&origem=qrcode_empresa"));
    expect(await screen.findByText("Café do Ponto")).toBeTruthy();
    expect(screen.queryByText("Este link de empresa não é válido")).toBeNull();
    // the printed QR codes' address opens the sign-up page, with the link's parameters
    expect(screen.getByTestId("address").textContent).toBe(
      "/cadastro-cliente?empresa_id=c1&origem=qrcode_empresa",
    );
    expect(await screen.findByRole("button", { name: "Criar conta" })).toBeTruthy();
    // 'Já tem conta?' goes to the sign-in page and stays there, the link kept for the join
    await user.click(screen.getByRole("button", { name: "Já tem conta? Faça login" }));
    expect(await screen.findByRole("button", { name: "Entrar" })).toBeTruthy();
    expect(screen.getByTestId("address").textContent).toBe(
      "/login-cliente?empresa_id=c1&origem=qrcode_empresa&entrar=1",
    );
    expect(screen.queryByRole("button", { name: "Criar conta" })).toBeNull();
  });
});
