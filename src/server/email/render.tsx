import { toPlainText } from "@react-email/render";
import { createContext, type ReactElement, type ReactNode, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * An e-mail component is rendered twice: as the HTML part, and as the text/plain part (the same
 * tree, converted to text by react-email's `toPlainText`). In the text rendering a button is the
 * bare link, and a few sentences read differently ("open the link below:"): `HtmlOnly` and
 * `TextOnly` mark them.
 */
type Mode = "html" | "text";

const ModeContext = createContext<Mode>("html");

export const HtmlOnly = ({ children }: { children: ReactNode }) =>
  useContext(ModeContext) === "html" ? children : null;

export const TextOnly = ({ children }: { children: ReactNode }) =>
  useContext(ModeContext) === "text" ? children : null;

/** Lines of one text paragraph, one under the other (text rendering only). */
export const TextLines = ({ lines }: { lines: string[] }) => (
  <TextOnly>
    <p>{lines.join("\n")}</p>
  </TextOnly>
);

/** What an e-mail builder answers; the module adds the recipient (and any headers). */
export type EmailContent = { subject: string; html: string; text: string };

/** The doctype react-email's `render` puts first. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The text of what a person wrote stays as written (spaces, line breaks); the layout's line breaks
 * come from its paragraphs and `TextLines`. No wrapping.
 */
const TEXT_OPTIONS = { wordwrap: false, preserveNewlines: true, whitespaceCharacters: "" } as const;

/**
 * The HTML and text/plain parts of `email`: what react-email's `render` does (React's markup, its
 * doctype, `toPlainText`) without its streaming and Suspense, which no e-mail here needs, so that
 * building an e-mail stays synchronous: the e-mails are built inside the transactions that queue
 * them, a campaign's by the hundred (decision 025).
 */
export function renderEmail(email: ReactElement): { html: string; text: string } {
  const markup = (mode: Mode) =>
    renderToStaticMarkup(<ModeContext.Provider value={mode}>{email}</ModeContext.Provider>);
  return {
    html: `${DOCTYPE}${markup("html")}`,
    text: toPlainText(markup("text"), TEXT_OPTIONS),
  };
}
