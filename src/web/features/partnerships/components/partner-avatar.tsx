import { cn } from "@/web/lib/utils";

/** 'Padaria Pão Quente' -> 'PP'. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("") || "?";

/** A company's logo, or its initials on a tinted square when it has none. */
export function PartnerAvatar({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  return logoUrl ? (
    <img
      src={logoUrl}
      alt=""
      width={48}
      height={48}
      className={cn("size-12 shrink-0 rounded-md border bg-background object-contain", className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-12 shrink-0 place-items-center rounded-md bg-primary/10 font-semibold text-primary",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

/** "São Paulo/SP", or nothing. */
export const place = (city: string | null, state: string | null) =>
  [city, state].filter(Boolean).join("/");
