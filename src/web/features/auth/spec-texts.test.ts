import { SignInSchema } from "@shared/auth.schema";
import { describe, expect, it } from "vitest";
import ptAuth from "../../locales/pt-BR/auth.json";
import ptValidation from "../../locales/pt-BR/validation.json";

describe("sign-in and company texts are the spec's, word for word (section 8)", () => {
  it("maps a malformed e-mail and a short password of the sign-in", () => {
    expect(ptAuth.signInErrors.emailInvalid).toBe("Email inválido. Verifique o formato do email.");
    expect(ptAuth.signInErrors.passwordTooShort).toBe("A senha deve ter pelo menos 6 caracteres.");
    const short = SignInSchema.safeParse({ email: "a@b.com", password: "12345" });
    expect(short.error?.issues[0]?.message).toBe("password_too_short");
    const malformed = SignInSchema.safeParse({ email: "a@", password: "segredo1" });
    expect(malformed.error?.issues[0]?.message).toBe("email_invalid");
    expect(ptValidation.password_too_short).toBe("A senha deve ter pelo menos 6 caracteres");
  });

  it("says when the company of the signed-in admin cannot be identified", () => {
    expect(ptAuth.companyMissing.message).toBe(
      "Não foi possível identificar a empresa. Tente fazer login novamente.",
    );
  });
});
