import type { ReactNode } from "react";

/**
 * The top band of a landing page: a text column (kicker pill, the page's only <h1>, subtitle,
 * actions, then `children`: trust lines, stats, a note) beside a `visual` (a drawn sample), the
 * column centred on phones and left-aligned from 1024 px. What differs between the pages:
 * `className` (the band's background), `gridClassName` (padding and column widths),
 * `kickerClassName` (the pill's shape and weight) and `titleClassName` (a larger title).
 */
export function SiteHero({
  className,
  gridClassName = "py-14 md:py-24 lg:grid-cols-[1fr_auto]",
  kicker,
  kickerClassName = "inline-flex items-center gap-2 rounded-full font-semibold",
  title,
  titleClassName = "",
  subtitle,
  actions,
  children,
  visual,
}: {
  className: string;
  gridClassName?: string;
  /** The pill's content (text, or an icon and text). */
  kicker: ReactNode;
  kickerClassName?: string;
  title: string;
  titleClassName?: string;
  subtitle: string;
  /** The buttons: stacked full width on phones (give them `w-full sm:w-auto`), in a row from 640 px. */
  actions: ReactNode;
  children?: ReactNode;
  visual: ReactNode;
}) {
  return (
    <section className={className}>
      <div className={`mx-auto grid w-full max-w-6xl items-center gap-12 px-4 ${gridClassName}`}>
        <div className="grid min-w-0 gap-6 text-center lg:text-left">
          <p
            className={`mx-auto max-w-full border bg-background px-3 py-1 text-sm lg:mx-0 lg:justify-self-start ${kickerClassName}`}
          >
            {kicker}
          </p>
          <h1
            className={`text-balance break-words font-extrabold text-4xl tracking-tight md:text-5xl ${titleClassName}`}
          >
            {title}
          </h1>
          <p className="text-balance text-lg text-muted-foreground">{subtitle}</p>
          <div className="flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            {actions}
          </div>
          {children}
        </div>
        {visual}
      </div>
    </section>
  );
}
