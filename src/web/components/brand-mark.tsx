import { Stamp } from "lucide-react";

export const brandLinkClass =
  "inline-flex items-center gap-2 rounded-md font-bold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** The Carimbou mark and `name`, without a link (the public site wraps it in a plain anchor). */
export function BrandMark({ name, compact = false }: { name: string; compact?: boolean }) {
  return (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Stamp aria-hidden="true" className="size-4" />
      </span>
      <span className={compact ? "sr-only" : undefined}>{name}</span>
    </>
  );
}
