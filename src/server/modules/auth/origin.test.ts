import { resolveSignUpOrigin } from "@shared/origin";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyInput, createTestApp, customerInput, type TestApp } from "../../test/test-app";
import { profiles } from "./profiles.table";

describe("resolveSignUpOrigin (spec section 9)", () => {
  it("maps each kind of link to its origin code", () => {
    expect(resolveSignUpOrigin({ empresa_id: "abc", origem: "qrcode_empresa" })).toMatchObject({
      kind: "company",
      code: "empresa_direta_abc",
      channel: "qrcode_empresa",
      companyId: "abc",
    });
    expect(resolveSignUpOrigin({ parceria: "p1_p2" })).toMatchObject({
      kind: "partnership",
      code: "parceria_p1_p2",
      partnerCompanyId: "p1",
    });
    expect(resolveSignUpOrigin({ indicador: "c1", empresa: "e1" })).toMatchObject({
      kind: "referral",
      code: "afiliado_cliente_c1",
      referrerCustomerId: "c1",
      companyId: "e1",
    });
    expect(resolveSignUpOrigin({ afiliado: "a1" })).toMatchObject({
      kind: "referral",
      affiliateId: "a1",
    });
    expect(resolveSignUpOrigin({})).toMatchObject({ kind: "generic", code: "cadastro_direto" });
    expect(resolveSignUpOrigin({ empresa_id: "x'; drop" })).toMatchObject({ kind: "generic" });
  });
});

describe("customer sign-up origin, checked on the server", () => {
  let t: TestApp;
  let companyId: string;
  let referrerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.request("/api/accounts/company", { body: companyInput() });
    companyId = (await t.db.query.companies.findFirst())!.id;
    await t.request("/api/accounts/customer", {
      body: customerInput({ email: "amiga@example.com" }),
    });
    referrerId = (await t.db.query.profiles.findFirst({
      where: eq(profiles.email, "amiga@example.com"),
    }))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signUpWith(email: string, origin: Record<string, string>) {
    const res = await t.request("/api/accounts/customer", {
      body: customerInput({ email, origin }),
    });
    expect(res.status).toBe(201);
    return (await t.db.query.profiles.findFirst({ where: eq(profiles.email, email) }))!;
  }

  it("records a QR-code sign-up as a direct company origin", async () => {
    const p = await signUpWith("qr@example.com", {
      empresa_id: companyId,
      origem: "qrcode_empresa",
    });
    expect(p).toMatchObject({
      origin: `empresa_direta_${companyId}`,
      originChannel: "qrcode_empresa",
      originCompanyId: companyId,
    });
  });

  it("ignores an empresa_id that names no company", async () => {
    const p = await signUpWith("fake@example.com", {
      empresa_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(p).toMatchObject({ origin: "cadastro_direto", originCompanyId: null });
  });

  it("records a partnership whose first part is a real company", async () => {
    const p = await signUpWith("parceria@example.com", { parceria: `${companyId}_outra` });
    expect(p).toMatchObject({ origin: `parceria_${companyId}_outra`, partnerCompanyId: companyId });
    const fake = await signUpWith("parceria2@example.com", { parceria: "naoexiste_outra" });
    expect(fake.origin).toBe("cadastro_direto");
  });

  it("records a friend referral only when the referrer is a real customer", async () => {
    const p = await signUpWith("indicado@example.com", {
      indicador: referrerId,
      empresa: companyId,
    });
    expect(p).toMatchObject({
      origin: `afiliado_cliente_${referrerId}`,
      referrerCustomerId: referrerId,
      originCompanyId: companyId,
    });
    const fake = await signUpWith("indicado2@example.com", {
      indicador: "00000000-0000-4000-8000-000000000000",
      empresa_id: companyId,
    });
    expect(fake.origin).toBe(`empresa_direta_${companyId}`);
  });
});
