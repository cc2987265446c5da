import { useState } from "react";
import { cn } from "@/web/lib/utils";

/** Up to two initials of a company's name ("Café Aurora" -> "CA"). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length > 1 || /\p{N}/u.test(w));
  const letters = (words.length > 1 ? [words[0], words[words.length - 1]] : [name.trim()])
    .map((w) => w?.[0] ?? "")
    .join("");
  return letters.toUpperCase() || "?";
}

/**
 * The company's logo on a white tile, or its initials in the card's colours when it has none
 * (or the image fails). Decorative: the name is written next to it.
 */
export function CompanyBadge({
  name,
  logoUrl,
  background,
  foreground,
  className,
}: {
  name: string;
  logoUrl: string | null;
  background: string;
  foreground: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (logoUrl && !broken) {
    return (
      <img
        src={logoUrl}
        alt=""
        width={56}
        height={56}
        data-testid="company-logo"
        onError={() => setBroken(true)}
        className={cn(
          "size-14 shrink-0 rounded-xl bg-white object-contain p-1 shadow-sm",
          className,
        )}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-14 shrink-0 place-items-center rounded-xl font-extrabold text-xl shadow-sm",
        className,
      )}
      style={{ backgroundColor: foreground, color: background }}
    >
      {initialsOf(name)}
    </span>
  );
}
