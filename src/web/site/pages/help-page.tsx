import { SUPPORT_EMAIL } from "@shared/site";
import {
  Clock,
  FileText,
  Mail,
  Megaphone,
  Newspaper,
  QrCode,
  Rocket,
  Search,
  SearchX,
  Settings2,
  Stamp,
  UserRound,
  X,
} from "lucide-react";
import { useId, useRef, useState } from "react";
import { FaqAccordion } from "../components/faq-accordion";
import { Disclosure } from "../components/help/disclosure";
import { guideStepTexts, IntegrationGuide } from "../components/help/integration-guide";
import { filterByQuery, queryWords } from "../components/help/search";
import { IconCard } from "../components/icon-card";
import { LinkButton } from "../components/link-button";
import { Section } from "../components/section";
import { SiteLayout } from "../components/site-layout";
import { fill, useLazyTexts, useTexts } from "../texts";

/** Icons of the six guides, in the order of `docs.items`. */
const DOC_ICONS = [Rocket, Settings2, QrCode, Stamp, Megaphone, UserRound];

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * `/ajuda`: search (live, accent-insensitive, over guides, questions and articles), the guides
 * (#documentacao), the FAQ (#faq), popular articles (#artigos), the public API's guide (#integrar)
 * and the support contact (#contato).
 */
export function HelpPage() {
  const tx = useTexts("help");
  const [query, setQuery] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const searching = queryWords(query).length > 0;
  const shown = query.trim().replace(/\s+/g, " ");
  const docs = filterByQuery(
    tx.docs.items.map((item, index) => ({ ...item, icon: DOC_ICONS[index] ?? FileText })),
    query,
    (doc) => [doc.title, doc.summary, ...doc.steps],
  );
  const faq = filterByQuery(tx.faq.items, query, (item) => [item.question, item.answer]);
  const articles = filterByQuery(tx.articles.items, query, (article) => [
    article.title,
    article.summary,
    ...article.paragraphs,
  ]);
  // The API guide's bodies come when a step is opened or the page is searched.
  const [guideOpened, setGuideOpened] = useState(false);
  const guideDetails = useLazyTexts("api-guide", searching || guideOpened);
  const guide = filterByQuery(
    tx.integration.steps.map((step, index) => ({
      ...step,
      paragraphs: guideDetails?.steps[index]?.paragraphs ?? [],
      code: guideDetails?.steps[index]?.code ?? "",
    })),
    query,
    guideStepTexts,
  );
  const total = docs.length + faq.length + articles.length + guide.length;
  const status = !searching
    ? ""
    : total === 0
      ? fill(tx.search.emptyTitle, { query: shown })
      : fill(total === 1 ? tx.search.resultsOne : tx.search.resultsOther, {
          count: total,
          query: shown,
        });

  const clear = () => {
    setQuery("");
    input.current?.focus();
  };

  const quickLinks = [
    { href: "#documentacao", label: tx.docs.kicker, visible: docs.length > 0 },
    { href: "#faq", label: tx.faq.title, visible: faq.length > 0 },
    { href: "#artigos", label: tx.articles.title, visible: articles.length > 0 },
    { href: "#integrar", label: tx.integration.kicker, visible: guide.length > 0 },
    { href: "#contato", label: tx.contact.kicker, visible: true },
  ].filter((link) => link.visible);

  return (
    <SiteLayout>
      <section className="border-b bg-muted/50">
        <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-14 text-center md:py-20">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">
            {tx.hero.kicker}
          </p>
          <h1 className="text-balance font-extrabold text-4xl tracking-tight md:text-5xl">
            {tx.hero.title}
          </h1>
          <p className="text-balance text-lg text-muted-foreground">{tx.hero.subtitle}</p>
          <search className="grid gap-2 text-left">
            <label htmlFor={`${hintId}-input`} className="sr-only">
              {tx.hero.searchLabel}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-4 size-5 text-muted-foreground"
              />
              <input
                ref={input}
                id={`${hintId}-input`}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={tx.hero.searchPlaceholder}
                aria-describedby={hintId}
                autoComplete="off"
                spellCheck={false}
                className="h-14 w-full min-w-0 rounded-xl border bg-card pr-14 pl-12 text-base shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-search-cancel-button]:appearance-none"
              />
              {query ? (
                <button
                  type="button"
                  onClick={clear}
                  aria-label={tx.hero.clear}
                  className="-translate-y-1/2 absolute top-1/2 right-2 inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              ) : null}
            </div>
            <p id={hintId} className="text-center text-muted-foreground text-sm">
              {tx.hero.searchHint}
            </p>
            <p
              role="status"
              aria-live="polite"
              className="min-h-6 break-words text-center font-medium text-sm"
            >
              {status}
            </p>
          </search>
          <nav aria-label={tx.hero.onThisPage}>
            <ul className="flex flex-wrap justify-center gap-2">
              {quickLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-flex min-h-10 items-center rounded-full border bg-card px-4 font-medium text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      {searching && total === 0 ? (
        <section className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted">
            <SearchX aria-hidden="true" className="size-7 text-muted-foreground" />
          </span>
          <h2 className="text-balance break-words font-bold text-2xl">
            {fill(tx.search.emptyTitle, { query: shown })}
          </h2>
          <p className="text-balance text-muted-foreground">{tx.search.emptyText}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <LinkButton href="#contato">
              <Mail aria-hidden="true" />
              {tx.search.emptyAction}
            </LinkButton>
            <button
              type="button"
              onClick={clear}
              className="inline-flex h-9 items-center rounded-md border bg-background px-4 font-medium text-sm shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {tx.search.showAll}
            </button>
          </div>
        </section>
      ) : null}

      {docs.length > 0 ? (
        <Section
          ids={["documentacao"]}
          kicker={tx.docs.kicker}
          title={tx.docs.title}
          intro={tx.docs.intro}
        >
          <div className="grid items-start gap-4 md:grid-cols-2">
            {docs.map((doc) => (
              <Disclosure key={doc.title} icon={doc.icon} title={doc.title} summary={doc.summary}>
                <ol className="grid list-decimal gap-2 pl-5 marker:font-semibold">
                  {doc.steps.map((step) => (
                    <li key={step} className="break-words pl-1">
                      {step}
                    </li>
                  ))}
                </ol>
              </Disclosure>
            ))}
          </div>
        </Section>
      ) : null}

      {faq.length > 0 ? (
        <Section
          ids={["faq"]}
          kicker={tx.faq.kicker}
          title={tx.faq.title}
          intro={tx.faq.intro}
          tone="muted"
        >
          <div className="mx-auto w-full max-w-3xl">
            <FaqAccordion key={faq.map((item) => item.question).join("|")} items={faq} />
          </div>
        </Section>
      ) : null}

      {articles.length > 0 ? (
        <Section
          ids={["artigos"]}
          kicker={tx.articles.kicker}
          title={tx.articles.title}
          intro={tx.articles.intro}
        >
          <div className="grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <Disclosure
                key={article.title}
                icon={Newspaper}
                title={article.title}
                summary={article.summary}
                meta={
                  <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
                    <Clock aria-hidden="true" className="size-4" />
                    {article.readingTime}
                  </p>
                }
              >
                <div className="grid gap-3">
                  {article.paragraphs.map((paragraph) => (
                    <p key={paragraph} className="break-words">
                      {paragraph}
                    </p>
                  ))}
                </div>
              </Disclosure>
            ))}
          </div>
        </Section>
      ) : null}

      {guide.length > 0 ? (
        <IntegrationGuide
          guide={tx.integration}
          steps={guide}
          loaded={guideDetails !== undefined}
          onOpen={() => setGuideOpened(true)}
        />
      ) : null}

      <Section
        ids={["contato"]}
        kicker={tx.contact.kicker}
        title={tx.contact.title}
        intro={tx.contact.intro}
        tone="muted"
      >
        <ul className="grid gap-4 md:grid-cols-3">
          <IconCard plain icon={Mail} title={tx.contact.emailTitle} text={tx.contact.emailText}>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} break-all text-lg`}>
              {SUPPORT_EMAIL}
            </a>
            <p className="font-medium text-sm">{tx.contact.responseTime}</p>
          </IconCard>
          <IconCard plain icon={Clock} title={tx.contact.hoursTitle} text={tx.contact.hours}>
            <LinkButton href={`mailto:${SUPPORT_EMAIL}`} className="justify-self-start">
              <Mail aria-hidden="true" />
              {tx.contact.emailAction}
            </LinkButton>
          </IconCard>
          <IconCard plain icon={FileText} title={tx.contact.legalTitle} text={tx.contact.legalText}>
            <ul className="grid gap-2">
              <li>
                <a href="/termos" className={linkClass}>
                  {tx.contact.terms}
                </a>
              </li>
              <li>
                <a href="/privacidade" className={linkClass}>
                  {tx.contact.privacy}
                </a>
              </li>
            </ul>
          </IconCard>
        </ul>
      </Section>
    </SiteLayout>
  );
}
