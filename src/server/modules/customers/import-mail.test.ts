import { INVITATION_TTL_DAYS } from "@shared/customers.schema";
import { describe, expect, it } from "vitest";
import { invitationEmail } from "../mail/mail.service";
import { importInvitationMails } from "./import-mail";
import { invitationUrl, newLink } from "./invitations.service";

const APP_URL = "https://carimbou.example";

/** The e-mail as 'Novo Cliente' builds it: rendered whole for this person. */
const renderedWhole = (companyName: string, to: string, token: string, stamps: number) =>
  invitationEmail({
    to,
    companyName,
    url: invitationUrl(APP_URL, token),
    days: INVITATION_TTL_DAYS,
    stamps,
  });

describe("the import's invitation e-mails", () => {
  it("are, byte for byte, the e-mail rendered for each person, each with their own link", () => {
    for (const company of ["Café Aurora", `Bar <Sul> & "Cia" d'Ana`]) {
      const mail = importInvitationMails(APP_URL, company);
      for (const stamps of [0, 1, 4, 4, 0, 9]) {
        const { token } = newLink();
        const to = `p${stamps}@example.com`;
        const built = mail(to, token, stamps);
        expect(built).toEqual(renderedWhole(company, to, token, stamps));
        expect(built.text).toContain(`${APP_URL}/convite?token=${token}`);
        expect(built.html).toContain(`${APP_URL}/convite?token=${token}`);
      }
      const a = mail("a@example.com", newLink().token, 3);
      const b = mail("b@example.com", newLink().token, 3);
      expect(a.text).not.toBe(b.text);
    }
  });

  it("renders whole a token that a URL or HTML would write differently", () => {
    const mail = importInvitationMails(APP_URL, "Café Aurora");
    const token = "a&b<c>d+e/f=g?h".repeat(3);
    expect(mail("x@example.com", token, 2)).toEqual(
      renderedWhole("Café Aurora", "x@example.com", token, 2),
    );
  });
});
