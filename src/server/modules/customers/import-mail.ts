/**
 * The import's invitation e-mails, built fast: the e-mail is rendered (React and the text part)
 * once per number of stamps waiting, with a stand-in token in its link, and each person's e-mail
 * is that rendering with their own token in its place. Rendering each one costs a few
 * milliseconds of the server's thread, and an import sends 500 a day.
 *
 * Safe because a token is base64url (`newLink`): `encodeURIComponent` and HTML escaping leave its
 * characters as they are, so the token replaced is exactly what rendering with it would write.
 * Anything else (a token of other characters, a rendering without the stand-in) is rendered
 * whole, as before. import-mail.test.ts compares both ways.
 */
import { randomBytes } from "node:crypto";
import { INVITATION_TTL_DAYS } from "@shared/customers.schema";
import { invitationEmail, type Mail } from "../mail/mail.service";
import { invitationUrl } from "./invitations.service";

/** Characters written the same in a URL, in HTML and in the text part. */
const SAFE_TOKEN = /^[A-Za-z0-9_-]{16,}$/;

type Rendered = { subject: string; html: string; text: string };

/**
 * The invitation e-mails of one company's import (its trade name): `(to, token, stamps)` → the
 * e-mail, the same as `invitationEmail` would build for that person.
 */
export function importInvitationMails(appUrl: string, companyName: string) {
  // A fresh random stand-in, so no text of the e-mail (the company's name) can contain it.
  const standIn = randomBytes(32).toString("base64url");
  const renderings = new Map<number, Rendered | null>();
  const build = (to: string, token: string, stamps: number): Mail =>
    invitationEmail({
      to,
      companyName,
      url: invitationUrl(appUrl, token),
      days: INVITATION_TTL_DAYS,
      stamps,
    });

  return (to: string, token: string, stamps: number): Mail => {
    if (!SAFE_TOKEN.test(token)) return build(to, token, stamps);
    let rendered = renderings.get(stamps);
    if (rendered === undefined) {
      const { subject, html, text } = build("", standIn, stamps);
      const usable = html.includes(standIn) && text.includes(standIn) && !subject.includes(standIn);
      rendered = usable ? { subject, html, text } : null;
      renderings.set(stamps, rendered);
    }
    if (rendered === null) return build(to, token, stamps);
    return {
      to,
      subject: rendered.subject,
      html: rendered.html.split(standIn).join(token),
      text: rendered.text.split(standIn).join(token),
    };
  };
}
