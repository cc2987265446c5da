import { CompanySignUpSchema, CustomerSignUpSchema, SignInSchema } from "@shared/auth.schema";
import { ERROR_CODES } from "@shared/errors";
import { describe, expect, it } from "vitest";
import enErrors from "./en/errors.json";
import enValidation from "./en/validation.json";
import ptErrors from "./pt-BR/errors.json";
import ptValidation from "./pt-BR/validation.json";

type Schema = {
  safeParse(v: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};

/** The pt-BR text a person sees for `field` when the form holds `input`. */
function shownMessage(schema: Schema, input: Record<string, unknown>, field: string) {
  const result = schema.safeParse(input);
  const key = result.error?.issues.find((i) => i.path[0] === field)?.message;
  return key ? (ptValidation as Record<string, string>)[key] : undefined;
}

const company = {
  companyName: "Café",
  email: "a@b.com",
  password: "segredo",
  city: "São Paulo",
  state: "SP",
  phone: "11 9999-9999",
  sector: "alimentacao",
};
const customer = {
  name: "Ana",
  email: "a@b.com",
  password: "segredo",
  city: "Recife",
  state: "PE",
  phone: "",
  birthDate: "",
};

describe("sign-up and sign-in messages are the spec's, word for word (sections 5 and 8)", () => {
  it.each([
    [
      CompanySignUpSchema,
      { ...company, companyName: "" },
      "companyName",
      "Nome da empresa é obrigatório",
    ],
    [CustomerSignUpSchema, { ...customer, name: " " }, "name", "Nome é obrigatório"],
    [CompanySignUpSchema, { ...company, email: "" }, "email", "Email é obrigatório"],
    [CustomerSignUpSchema, { ...customer, email: "ana@" }, "email", "Email inválido"],
    [
      CompanySignUpSchema,
      { ...company, password: "12345" },
      "password",
      "A senha deve ter pelo menos 6 caracteres",
    ],
    [CompanySignUpSchema, { ...company, city: "" }, "city", "Cidade é obrigatória"],
    [CompanySignUpSchema, { ...company, state: "" }, "state", "Estado é obrigatório"],
    [
      CompanySignUpSchema,
      { ...company, phone: "" },
      "phone",
      "Telefone é obrigatório para empresas",
    ],
    [SignInSchema, { email: "", password: "x" }, "email", "Email é obrigatório"],
  ] as const)("%#: %s", (schema, input, field, text) => {
    expect(shownMessage(schema as Schema, input, field)).toBe(text);
  });

  it("leaves the customer's phone optional", () => {
    expect(shownMessage(CustomerSignUpSchema as Schema, customer, "phone")).toBeUndefined();
  });

  it("leaves the customer's city and state to the profile (issue 31): not asked to join", () => {
    const bare = { ...customer, city: "", state: "" };
    expect(shownMessage(CustomerSignUpSchema as Schema, bare, "city")).toBeUndefined();
    expect(shownMessage(CustomerSignUpSchema as Schema, bare, "state")).toBeUndefined();
  });

  it("asks for a Brazilian phone (DDD + 8 or 9 digits) in the forms, as the API does", () => {
    const invalid = "Telefone inválido: informe o DDD e o número, como (11) 98888-0000";
    expect(shownMessage(CompanySignUpSchema as Schema, { ...company, phone: "123" }, "phone")).toBe(
      invalid,
    );
    expect(shownMessage(CustomerSignUpSchema as Schema, { ...customer, phone: "9" }, "phone")).toBe(
      invalid,
    );
    for (const phone of ["011 98888 0000", "(11) 8888-0000", "+55 11 98888-0000"]) {
      expect(shownMessage(CompanySignUpSchema as Schema, { ...company, phone }, "phone")).toBe(
        undefined,
      );
    }
  });

  it("translates the login and sign-up errors of the API", () => {
    expect(ptErrors.invalid_credentials).toBe(
      "Email ou senha incorretos. Verifique suas credenciais.",
    );
    expect(ptErrors.email_not_confirmed).toBe(
      "Email não confirmado. Verifique sua caixa de entrada.",
    );
    expect(ptErrors.email_taken).toBe("Este email já está cadastrado. Tente fazer login.");
    expect(ptErrors.signup_failed).toBe("Erro inesperado durante o cadastro");
    expect(ptErrors.network).toBe("Erro inesperado durante o login");
  });

  it("has a pt-BR and an English text for every API error code", () => {
    for (const code of ERROR_CODES) {
      expect((ptErrors as Record<string, string>)[code], code).toBeTruthy();
      expect((enErrors as Record<string, string>)[code], code).toBeTruthy();
    }
    expect(Object.keys(enValidation).sort()).toEqual(Object.keys(ptValidation).sort());
  });
});
