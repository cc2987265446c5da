import type { ReactNode } from "react";

/**
 * A band of a public page: optional anchor ids (the first is the element id; the others are
 * empty anchors before it, e.g. `#features` and `#funcionalidades`), a kicker, an <h2>, an intro
 * and the content, in the site's width.
 */
export function Section({
  ids = [],
  kicker,
  title,
  intro,
  children,
  className = "",
  tone = "plain",
}: {
  ids?: string[];
  kicker?: string;
  title: string;
  intro?: string;
  children?: ReactNode;
  className?: string;
  tone?: "plain" | "muted" | "primary";
}) {
  const [id, ...aliases] = ids;
  const toneClass =
    tone === "muted"
      ? "bg-muted/50"
      : tone === "primary"
        ? "bg-primary text-primary-foreground"
        : "";
  return (
    <section id={id} className={`scroll-mt-20 py-16 md:py-24 ${toneClass} ${className}`}>
      {aliases.map((alias) => (
        <span key={alias} id={alias} className="block scroll-mt-20" aria-hidden="true" />
      ))}
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4">
        <div className="mx-auto grid max-w-3xl gap-3 text-center">
          {kicker ? (
            <p
              className={`font-semibold text-sm uppercase tracking-wide ${tone === "primary" ? "" : "text-primary"}`}
            >
              {kicker}
            </p>
          ) : null}
          <h2 className="text-balance font-extrabold text-3xl tracking-tight md:text-4xl">
            {title}
          </h2>
          {intro ? (
            <p
              className={`text-balance text-lg ${tone === "primary" ? "opacity-90" : "text-muted-foreground"}`}
            >
              {intro}
            </p>
          ) : null}
        </div>
        {children}
      </div>
    </section>
  );
}
