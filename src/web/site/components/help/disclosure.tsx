import { ChevronDown, type LucideIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";

/**
 * A card of the help centre whose body opens and closes: the title is an <h3> holding the toggle
 * button (aria-expanded), the summary stays visible, the body is hidden until opened.
 */
export function Disclosure({
  icon: Icon,
  title,
  meta,
  summary,
  onToggle,
  children,
}: {
  icon: LucideIcon;
  title: string;
  meta?: ReactNode;
  summary: string;
  /** Told when the card opens or closes (e.g. to fetch what its body shows). */
  onToggle?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <article className="grid min-w-0 gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="m-0">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${id}-body`}
              onClick={() => {
                setOpen(!open);
                onToggle?.(!open);
              }}
              className="flex w-full items-start justify-between gap-3 rounded-md text-left font-semibold text-lg leading-snug outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="min-w-0 break-words">{title}</span>
              <ChevronDown
                aria-hidden="true"
                className={`mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform ${open ? "rotate-180" : ""}`}
              />
            </button>
          </h3>
          {meta}
          <p className="text-muted-foreground">{summary}</p>
        </div>
      </div>
      <div id={`${id}-body`} hidden={!open} className="border-t pt-4">
        {children}
      </div>
    </article>
  );
}
