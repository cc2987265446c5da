import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A card of a list (<li>): an icon in a tinted square, an <h3>, a sentence, then `children`.
 * `plain`: a larger icon without its square and the sentence in body size (contact cards).
 */
export function IconCard({
  icon: Icon,
  title,
  text,
  plain = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  plain?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-6 shadow-sm">
      {plain ? (
        <Icon aria-hidden="true" className="size-6 text-primary" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      )}
      <h3 className="font-semibold text-lg">{title}</h3>
      <p className={`text-muted-foreground ${plain ? "" : "text-sm"}`}>{text}</p>
      {children}
    </li>
  );
}
