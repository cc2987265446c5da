import { Heading, Link } from "@react-email/components";
import type { Language } from "@shared/languages";
import { MESSAGE_NOTIFICATION_PREVIEW_LENGTH } from "@shared/notifications.schema";
import { ActionButton, EmailLayout, Paragraph, smallPrint } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { count, type EmailTexts, emailTexts, fill } from "./texts";

type Category = keyof EmailTexts["digest"]["item"];

/** One category of the digest: how many events, and the newest few (newest first). */
export type DigestSection = {
  category: Category;
  total: number;
  items: { customerName: string; detail: string }[];
};

type DigestProps = {
  ownerName: string;
  companyName: string;
  sections: DigestSection[];
  language: Language;
  appUrl: string;
};

const preview = (text: string) =>
  text.length > MESSAGE_NOTIFICATION_PREVIEW_LENGTH
    ? `${text.slice(0, MESSAGE_NOTIFICATION_PREVIEW_LENGTH)}…`
    : text;

/** A section in words: its heading, its items, and how many more there are. */
function sectionWords(t: EmailTexts["digest"], s: DigestSection) {
  const detail = (d: string) => {
    if (s.category === "stamps")
      return Object.hasOwn(t.methods, d) ? t.methods[d as keyof typeof t.methods] : d;
    if (s.category === "completedCards") return d;
    return preview(d);
  };
  return {
    heading: count(t.count, s.category, s.total),
    items: s.items.map((i) =>
      fill(t.item[s.category], { name: i.customerName, detail: detail(i.detail) }),
    ),
    more: s.total > s.items.length ? fill(t.more, { count: s.total - s.items.length }) : null,
  };
}

/**
 * The owner's notification digest: per category (customer messages, partnership requests, stamp
 * requests, complete cards) the count and the newest few with the customer's name and a short
 * preview, and links to /dashboard (and /mensagens, /parceria when they have news).
 */
export function DigestEmail(props: DigestProps) {
  const { common: c, digest: t } = emailTexts(props.language);
  const link = (path: string) => new URL(path, props.appUrl).href;
  const has = (category: Category) => props.sections.some((s) => s.category === category);
  const links = [
    { label: t.dashboard, url: link("/dashboard") },
    ...(has("messages") ? [{ label: t.inbox, url: link("/mensagens") }] : []),
    ...(has("partnershipRequests") ? [{ label: t.partnerships, url: link("/parceria") }] : []),
  ];
  const dashboard = links[0]!.url;
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.ownerName })}</Paragraph>
      <Paragraph>{fill(t.intro, { company: props.companyName })}</Paragraph>
      {props.sections.map((s) => {
        const words = sectionWords(t, s);
        return (
          <div key={s.category}>
            <HtmlOnly>
              <Heading as="h3" style={{ fontSize: "15px", margin: "16px 0 4px" }}>
                {words.heading}
              </Heading>
              <ul style={{ margin: 0, paddingLeft: "20px" }}>
                {words.items.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list, rendered once
                  <li key={i}>{item}</li>
                ))}
                {words.more ? (
                  <li style={{ listStyle: "none", color: smallPrint.color }}>{words.more}</li>
                ) : null}
              </ul>
            </HtmlOnly>
            <TextLines
              lines={[
                `${words.heading}:`,
                ...words.items.map((i) => `- ${i}`),
                ...(words.more ? [words.more] : []),
              ]}
            />
          </div>
        );
      })}
      <HtmlOnly>
        <Paragraph style={{ marginTop: "20px" }}>
          {links.map((l) => (
            <ActionButton
              key={l.url}
              url={l.url}
              label={l.label}
              style={{ margin: "0 8px 8px 0" }}
            />
          ))}
        </Paragraph>
        <Paragraph>
          {c.copyLink}
          <br />
          <Link href={dashboard}>{dashboard}</Link>
        </Paragraph>
      </HtmlOnly>
      <TextLines lines={links.map((l) => `${l.label}: ${l.url}`)} />
      <Paragraph style={smallPrint}>{t.why}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const digestContent = (props: DigestProps): EmailContent => {
  const total = props.sections.reduce((sum, s) => sum + s.total, 0);
  return {
    subject: count(emailTexts(props.language).digest, "subject", total),
    ...renderEmail(<DigestEmail {...props} />),
  };
};
