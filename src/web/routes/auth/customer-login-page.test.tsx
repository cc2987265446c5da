// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { CustomerLoginPage } from "./customer-login-page";

const page = (search: string) => (
  <MemoryRouter initialEntries={[`/login-cliente${search}`]}>
    <Routes>
      <Route path="/login-cliente" element={<CustomerLoginPage />} />
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
        },
      },
    });
    renderWithApp(page("?empresa_id=c1&origem=qrcode_empresa"));
    expect(await screen.findByText("Café do Ponto")).toBeTruthy();
    expect(screen.queryByText("Este link de empresa não é válido")).toBeNull();
  });
});
