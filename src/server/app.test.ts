import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyInput, createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("API basics", () => {
  it("answers /api/health", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      jobs: { deadLetters: 0 },
      wallet: { google: false, apple: false },
      push: false,
    });
  });

  it("sends the security headers", async () => {
    const res = await t.request("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("publishes the OpenAPI document of its routes", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/accounts/company",
        "/api/accounts/customer",
        "/api/accounts/confirmation",
        "/api/session",
        "/api/me",
        "/api/companies/{id}/public",
      ]),
    );
  });

  it("answers an unknown API route with a 404 error code", async () => {
    const res = await t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("refuses a request body over the size limit with 413", async () => {
    const res = await t.request("/api/accounts/customer", {
      body: { name: "x".repeat(200 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });
});

describe("public company card", () => {
  it("shows a company's name, city and programme to anyone, and 404 for an unknown id", async () => {
    await t.request("/api/accounts/company", {
      body: companyInput({ companyName: "Barbearia Navalha" }),
    });
    const rows = await t.db.query.companies.findMany();
    const id = rows[0]!.id;
    const res = await t.request(`/api/companies/${id}/public`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id,
      tradeName: "Barbearia Navalha",
      city: "São Paulo",
      state: "SP",
      sector: "alimentacao",
      logoUrl: null,
      brandColor: null,
      // The QR landing page's programme line, birthday reason and promotion (issue 31).
      program: { stampsRequired: 10, reward: "Recompensa da casa" },
      birthdayStamps: 3,
      promotion: null,
    });
    for (const unknown of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const missing = await t.request(`/api/companies/${unknown}/public`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });
});
