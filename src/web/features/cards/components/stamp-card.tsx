import { brandPalette } from "@shared/brand-color";
import type { CustomerCard } from "@shared/cards.schema";
import { Gift, PartyPopper, Stamp } from "lucide-react";
import { type CSSProperties, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { CompanyBadge } from "./company-badge";
import "./celebration.css";

/**
 * The customer's loyalty card, drawn like a card: the company's colour (text chosen for contrast),
 * logo and programme, the reward in large type, the stamp slots (filled ones solid, empty ones
 * dashed, the last one a gift) and the count. A newly complete card celebrates once.
 */
export function StampCard({
  card,
  celebrate = false,
}: {
  card: CustomerCard;
  /** Celebrate (once per card on this device) when the card is complete. */
  celebrate?: boolean;
}) {
  const { t } = useTranslation("customer");
  const { background, foreground } = brandPalette(card.brandColor);
  const redeemed = card.status === "redeemed";
  const complete = card.status === "complete";
  const celebrating = useFirstSight(card.id, celebrate && complete);
  const remaining = Math.max(0, card.maxStamps - card.stamps);

  return (
    <article
      data-testid="stamp-card"
      data-status={card.status}
      aria-label={t("card.label", { company: card.companyName })}
      className={cn(
        "relative isolate grid gap-5 overflow-hidden rounded-2xl p-5 shadow-lg ring-1 ring-black/10",
        redeemed && "opacity-80 grayscale-[60%]",
        celebrating && "carimbou-celebrate",
      )}
      style={{ backgroundColor: background, color: foreground }}
    >
      <CardDecoration />
      <header className="flex items-center gap-3">
        <CompanyBadge
          name={card.companyName}
          logoUrl={card.companyLogoUrl}
          background={background}
          foreground={foreground}
        />
        <div className="grid min-w-0">
          <p className="truncate font-bold text-lg leading-tight">{card.companyName}</p>
          <p className="truncate text-sm">{card.programName}</p>
        </div>
      </header>

      <div className="grid gap-1">
        <p className="font-semibold text-xs uppercase tracking-widest">{t("card.rewardLabel")}</p>
        <p className="text-balance break-words font-extrabold text-3xl leading-tight">
          {card.reward}
        </p>
      </div>

      <ol
        role="img"
        aria-label={t("stamps.a11y", { count: card.stamps, max: card.maxStamps })}
        className="grid grid-cols-5 gap-2.5"
      >
        {Array.from({ length: card.maxStamps }, (_, i) => {
          const filled = i < card.stamps;
          const last = i === card.maxStamps - 1;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: stamp slots are positions
              key={i}
              data-filled={filled}
              className={cn(
                "grid aspect-square place-items-center rounded-full",
                filled ? "shadow-sm" : "border-2 border-current border-dashed opacity-70",
                filled && last && "carimbou-stamp-last",
              )}
              style={filled ? { backgroundColor: foreground, color: background } : undefined}
            >
              {filled && last ? (
                <Gift aria-hidden="true" className="size-[45%]" strokeWidth={2.5} />
              ) : filled ? (
                <Stamp aria-hidden="true" className="size-[45%]" strokeWidth={2.5} />
              ) : last ? (
                <Gift aria-hidden="true" className="size-[45%]" />
              ) : (
                <span className="font-semibold text-sm tabular-nums">{i + 1}</span>
              )}
            </li>
          );
        })}
      </ol>

      <footer className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-bold text-xl tabular-nums">
          {t("stamps.count", { count: card.stamps, max: card.maxStamps })}
        </span>
        {card.status === "active" ? (
          <span className="font-medium text-sm">{t("stamps.remaining", { count: remaining })}</span>
        ) : null}
      </footer>

      {complete ? (
        <p
          className="flex items-center gap-2 rounded-xl px-3 py-2 font-semibold"
          style={{ backgroundColor: foreground, color: background }}
        >
          <PartyPopper aria-hidden="true" className="size-5 shrink-0" />
          {t("stamps.complete")}
        </p>
      ) : null}
      {redeemed && card.redeemedAt ? (
        <p className="font-semibold text-sm">
          {t("stamps.redeemed", { date: formatDate(card.redeemedAt) })}
        </p>
      ) : null}
      {celebrating ? <Confetti colors={[foreground, "#facc15", "#f472b6", "#34d399"]} /> : null}
    </article>
  );
}

/** Two soft circles in the card's text colour: the look of a printed card. */
function CardDecoration() {
  return (
    <div aria-hidden="true" className="-z-10 pointer-events-none absolute inset-0">
      <div className="-right-16 -top-20 absolute size-56 rounded-full bg-current opacity-[0.08]" />
      <div className="-bottom-24 -left-10 absolute size-48 rounded-full bg-current opacity-[0.06]" />
    </div>
  );
}

const CONFETTI = Array.from({ length: 28 }, (_, i) => {
  const angle = (i / 28) * Math.PI * 2;
  const distance = 110 + ((i * 37) % 90);
  return {
    dx: `${Math.round(Math.cos(angle) * distance)}px`,
    dy: `${Math.round(Math.sin(angle) * distance - 40)}px`,
    spin: `${(i % 2 ? 1 : -1) * (180 + ((i * 53) % 360))}deg`,
    delay: `${(i % 7) * 40}ms`,
  };
});

function Confetti({ colors }: { colors: string[] }) {
  return (
    <div aria-hidden="true" data-testid="celebration">
      {CONFETTI.map((piece, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative pieces
          key={i}
          className="carimbou-confetti"
          style={
            {
              "--dx": piece.dx,
              "--dy": piece.dy,
              "--spin": piece.spin,
              "--delay": piece.delay,
              backgroundColor: colors[i % colors.length],
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}

const SEEN_KEY = "carimbou:celebrated-cards";

function seenCards(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** True from the first time this device shows `cardId` while `when` holds (kept in local storage). */
function useFirstSight(cardId: string, when: boolean): boolean {
  const [first, setFirst] = useState(false);
  useEffect(() => {
    if (!when) return;
    const seen = seenCards();
    if (seen.includes(cardId)) return;
    try {
      localStorage.setItem(SEEN_KEY, JSON.stringify([...seen, cardId].slice(-200)));
    } catch {
      // Private mode: the celebration may show again, nothing else breaks.
    }
    setFirst(true);
  }, [cardId, when]);
  return first;
}
