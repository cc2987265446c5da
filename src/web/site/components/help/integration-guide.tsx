import { BookOpenText, CodeXml } from "lucide-react";
import type ptHelp from "../../../locales/pt-BR/help.json";
import { LinkButton } from "../link-button";
import { Section } from "../section";
import { Disclosure } from "./disclosure";

type Guide = (typeof ptHelp)["integration"];

/**
 * A step of the guide: its title and summary (help.json, in the page's first download) and its
 * body, paragraphs and example (api-guide.json, fetched when a step is opened or the
 * page is searched: empty until then).
 */
export type GuideStep = Guide["steps"][number] & { paragraphs: string[]; code: string };

/** The words a search looks through in a step of the guide. */
export const guideStepTexts = (step: GuideStep) => [
  step.title,
  step.summary,
  ...step.paragraphs,
  step.code,
];

/**
 * 'Integrar com seu sistema de vendas' (#integrar): the public API's guide, one step a card (key,
 * test or live, find a member, stamps by value, redeem, reconcile, webhooks) with its curl or Node
 * example, and the link to the interactive reference at /api/docs.
 */
export function IntegrationGuide({
  guide,
  steps,
  loaded,
  onOpen,
}: {
  guide: Guide;
  steps: GuideStep[];
  /** Whether the steps' bodies have arrived. */
  loaded: boolean;
  onOpen: () => void;
}) {
  return (
    <Section ids={["integrar"]} kicker={guide.kicker} title={guide.title} intro={guide.intro}>
      <div className="mx-auto grid w-full max-w-4xl items-start gap-4">
        {steps.map((step) => (
          <Disclosure
            key={step.title}
            icon={CodeXml}
            title={step.title}
            summary={step.summary}
            onToggle={(open) => open && onOpen()}
          >
            {loaded ? (
              <div className="grid min-w-0 gap-3">
                {step.paragraphs.map((paragraph) => (
                  <p key={paragraph} className="break-words">
                    {paragraph}
                  </p>
                ))}
                {step.code ? (
                  // Wrapped rather than scrolled sideways: nothing to reach by keyboard on a phone.
                  <pre className="whitespace-pre-wrap rounded-lg bg-muted p-4 text-sm leading-relaxed [overflow-wrap:anywhere]">
                    <code>{step.code}</code>
                  </pre>
                ) : null}
              </div>
            ) : (
              <p className="text-muted-foreground">{guide.loading}</p>
            )}
          </Disclosure>
        ))}
        <article className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-5 shadow-sm">
          <div className="flex min-w-0 items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <BookOpenText aria-hidden="true" className="size-5" />
            </span>
            <div className="grid min-w-0 gap-1">
              <h3 className="m-0 font-semibold text-lg">{guide.referenceTitle}</h3>
              <p className="text-muted-foreground">{guide.referenceText}</p>
            </div>
          </div>
          <LinkButton href="/api/docs">{guide.referenceAction}</LinkButton>
        </article>
      </div>
    </Section>
  );
}
