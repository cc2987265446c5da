import { SUPPORT_EMAIL } from "@shared/site";
import { ArrowUp, Info } from "lucide-react";
import { Fragment, useId } from "react";
import { SiteLayout } from "../components/site-layout";
import { fill, useSiteLanguage, useTexts } from "../texts";

/** A paragraph, or a list when it is an array. */
type Block = string | readonly string[];

const linkClass =
  "rounded-sm font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** The text with `{{email}}` filled in, the support e-mail as a mailto link. */
function Prose({ text }: { text: string }) {
  const parts = fill(text, { email: SUPPORT_EMAIL }).split(SUPPORT_EMAIL);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed text split at the e-mail, never reordered
    <Fragment key={index}>
      {index > 0 ? (
        <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} break-all`}>
          {SUPPORT_EMAIL}
        </a>
      ) : null}
      {part}
    </Fragment>
  ));
}

/**
 * `/termos` and `/privacidade`: the Terms of Use (January 2024) or the Privacy Policy (27/11/2026,
 * issue 34: what the product keeps, for how long, who processes it, how to use each right), with a
 * table of contents linking to each numbered section (ids from legal.json, the same in both
 * languages). The English version says first that the Portuguese one is binding.
 */
export function LegalPage({ document }: { document: "terms" | "privacy" }) {
  const tx = useTexts("legal");
  const language = useSiteLanguage();
  const { footer } = useTexts("site");
  const tocId = useId();
  const page = tx[document];
  const other =
    document === "terms"
      ? { href: "/privacidade", label: tx.privacy.title }
      : { href: "/termos", label: tx.terms.title };

  return (
    <SiteLayout>
      <div className="mx-auto w-full max-w-6xl px-4 py-12 md:py-16">
        <header className="grid max-w-3xl gap-3">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">
            {footer.legal}
          </p>
          <h1 className="text-balance break-words font-extrabold text-4xl tracking-tight md:text-5xl">
            {page.title}
          </h1>
          <p className="text-muted-foreground text-sm">
            {document === "privacy" ? tx.privacy.updated : tx.updated}
          </p>
          <p className="text-lg text-muted-foreground">{page.intro}</p>
          {/* Translations say that the Portuguese text is the binding one. */}
          {language === "en" ? (
            <p className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {tx.languageNote}
            </p>
          ) : null}
        </header>

        <div className="mt-10 grid gap-10 lg:grid-cols-[17rem_minmax(0,1fr)]">
          <nav
            aria-labelledby={tocId}
            className="rounded-xl border bg-card p-5 lg:sticky lg:top-24 lg:max-h-[calc(100svh-8rem)] lg:self-start lg:overflow-y-auto"
          >
            <h2 id={tocId} className="font-semibold">
              {tx.contents}
            </h2>
            <ol className="mt-3 grid gap-1 text-sm">
              {page.sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="w-5 shrink-0 tabular-nums">{index + 1}.</span>
                    <span className="min-w-0 break-words">{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="grid min-w-0 max-w-3xl gap-10">
            {page.sections.map((section, index) => {
              const blocks: readonly Block[] = section.blocks;
              return (
                <section key={section.id} id={section.id} className="grid scroll-mt-24 gap-3">
                  <h2 className="text-balance font-bold text-2xl tracking-tight">
                    {index + 1}. {section.title}
                  </h2>
                  {blocks.map((block) =>
                    typeof block === "string" ? (
                      <p key={block} className="break-words leading-relaxed">
                        <Prose text={block} />
                      </p>
                    ) : (
                      <ul
                        key={block.join("|")}
                        className="grid list-disc gap-2 pl-6 leading-relaxed marker:text-primary"
                      >
                        {block.map((item) => (
                          <li key={item} className="break-words pl-1">
                            <Prose text={item} />
                          </li>
                        ))}
                      </ul>
                    ),
                  )}
                </section>
              );
            })}

            <footer className="flex flex-wrap items-center justify-between gap-4 border-t pt-6 text-sm">
              <p className="flex flex-wrap gap-x-3 gap-y-1">
                <span className="text-muted-foreground">{tx.seeAlso}</span>
                <a href={other.href} className={linkClass}>
                  {other.label}
                </a>
                <a href="/ajuda" className={linkClass}>
                  {tx.helpCentre}
                </a>
              </p>
              <a
                href="#conteudo"
                className="inline-flex items-center gap-1 rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <ArrowUp aria-hidden="true" className="size-4" />
                {tx.backToTop}
              </a>
            </footer>
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}
