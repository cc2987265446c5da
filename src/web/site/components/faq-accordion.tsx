import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

export type FaqItem = { question: string; answer: string };

/**
 * Questions with one answer open at a time: the first is open to begin with (`firstOpen`),
 * opening another closes it, and clicking the open one closes it (spec section 2).
 */
export function FaqAccordion({
  items,
  firstOpen = true,
  headingLevel = 3,
}: {
  items: FaqItem[];
  firstOpen?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const [open, setOpen] = useState<number | null>(firstOpen ? 0 : null);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div data-slot="faq" className="divide-y rounded-xl border bg-card">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div key={item.question}>
            <Heading className="m-0">
              <button
                type="button"
                id={`${id}-q${index}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${index}`}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 transition-transform ${expanded ? "rotate-180" : ""}`}
                />
              </button>
            </Heading>
            <section
              id={`${id}-a${index}`}
              aria-labelledby={`${id}-q${index}`}
              hidden={!expanded}
              className="px-5 pb-5 text-muted-foreground"
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
