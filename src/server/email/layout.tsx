import { Body, Button, Head, Link, Text } from "@react-email/components";
import { type Language, toLocale } from "@shared/languages";
import type { CSSProperties, ReactNode } from "react";
import { HtmlOnly, TextOnly } from "./render";

/** The brand's violet, on buttons and quotes. */
export const BRAND = "#7c3aed";
const MUTED = "#6b7280";

export const smallPrint: CSSProperties = { color: MUTED, fontSize: "12px" };

/**
 * Every e-mail's page: `<html lang>` (pt-BR or en), react-email's head and body, Arial on a dark
 * grey. Plain `<html>`: react-email's `Html` also writes `dir="ltr"`, which says nothing here.
 */
export function EmailLayout({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <html lang={toLocale(language)}>
      <Head />
      <Body style={{ fontFamily: "Arial,sans-serif", color: "#1f2937" }}>{children}</Body>
    </html>
  );
}

/** A paragraph, in both renderings. */
export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ fontSize: "16px", ...style }}>{children}</Text>;
}

/** The violet button of an e-mail's main link. */
export function ActionButton({
  url,
  label,
  style,
}: {
  url: string;
  label: string;
  style?: CSSProperties;
}) {
  return (
    <Button
      href={url}
      style={{
        display: "inline-block",
        background: BRAND,
        color: "#fff",
        padding: "12px 20px",
        borderRadius: "8px",
        textDecoration: "none",
        ...style,
      }}
    >
      {label}
    </Button>
  );
}

/** The link, copyable, under its button. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  return (
    <Paragraph>
      {label}
      <br />
      <Link href={url}>{url}</Link>
    </Paragraph>
  );
}

/**
 * The e-mail's main link: a button and the link to copy in HTML; in the text, the bare link in a
 * paragraph of its own (the first link of the text: the dev mailbox and the tests open it).
 */
export function Action({ url, label, copy }: { url: string; label: string; copy: string }) {
  return (
    <>
      <HtmlOnly>
        <Paragraph>
          <ActionButton url={url} label={label} />
        </Paragraph>
        <CopyLink url={url} label={copy} />
      </HtmlOnly>
      <TextOnly>
        <p>{url}</p>
      </TextOnly>
    </>
  );
}
