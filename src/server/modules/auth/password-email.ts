import type { Language } from "@shared/languages";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passwordResetEmail } from "../mail/mail.service";
import { queueEmail } from "../mail/outbox";
import { profiles } from "./profiles.table";

/** The app's page that takes the token of the e-mail's link, per language. */
export const RESET_PAGES: Record<Language, string> = {
  pt: "/redefinir-senha",
  en: "/reset-password-en",
};

/**
 * better-auth's `sendResetPassword`: the e-mail in the user's language (the profile's, else the
 * page's the request came from), linking to our page with the token. It goes into the outbox on
 * the database: better-auth has already written the token and gives no transaction handle.
 */
export async function sendPasswordResetEmail(
  deps: { db: Db; appUrl: string },
  input: { user: { id: string; email: string; name: string }; token: string; url: string },
): Promise<void> {
  const [profile] = await deps.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, input.user.id))
    .limit(1);
  const requestedPage = new URL(input.url).searchParams.get("callbackURL") ?? "";
  const language: Language =
    profile?.language ?? (requestedPage.endsWith(RESET_PAGES.en) ? "en" : "pt");
  const url = `${deps.appUrl}${RESET_PAGES[language]}?token=${encodeURIComponent(input.token)}`;
  await queueEmail(
    deps.db,
    passwordResetEmail({ to: input.user.email, name: input.user.name, url, language }),
  );
}
