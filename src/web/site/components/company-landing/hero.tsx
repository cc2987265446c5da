import { ArrowDown, Coffee, Gift, QrCode, Sparkles, Stamp } from "lucide-react";
import { useTexts } from "../../texts";
import { CheckList } from "../check-list";
import { LinkButton } from "../link-button";
import { SiteHero } from "../site-hero";

const STAMPS = 10;
const FILLED = 7;

/** Top of /lp-empresa: the page's <h1>, the main call to action, trust line, stats and a card. */
export function CompanyHero() {
  const { hero } = useTexts("landing-company");
  return (
    <SiteHero
      className="border-b bg-primary/5"
      gridClassName="py-12 md:py-20 lg:grid-cols-[1.15fr_1fr]"
      kicker={
        <>
          <Sparkles aria-hidden="true" className="mr-2 inline size-4 align-[-3px] text-primary" />
          {hero.badge}
        </>
      }
      kickerClassName="text-balance rounded-2xl font-medium"
      title={hero.title}
      subtitle={hero.subtitle}
      actions={
        <>
          <LinkButton href="/cadastro-empresa" size="lg" className="w-full sm:w-auto">
            {hero.cta}
          </LinkButton>
          <LinkButton
            href="#funcionalidades"
            size="lg"
            variant="outline"
            className="w-full sm:w-auto"
          >
            {hero.secondaryCta}
            <ArrowDown aria-hidden="true" />
          </LinkButton>
        </>
      }
      visual={<StampCardMock />}
    >
      <CheckList
        inline
        items={hero.trust}
        className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-muted-foreground text-sm lg:justify-start"
      />
      <ul
        aria-label={hero.statsLabel}
        className="grid grid-cols-2 gap-4 border-t pt-6 sm:grid-cols-4"
      >
        {hero.stats.map((stat) => (
          <li key={stat.label} className="grid content-start gap-0.5">
            <span className="font-extrabold text-2xl text-primary">{stat.value}</span>
            <span className="text-muted-foreground text-sm">{stat.label}</span>
          </li>
        ))}
      </ul>
    </SiteHero>
  );
}

/** A loyalty card drawn with CSS: 10 stamp circles in 5 columns, 7 stamped. */
function StampCardMock() {
  const { card } = useTexts("landing-company").hero;
  return (
    <div
      role="img"
      aria-label={card.label}
      className="mx-auto grid w-full min-w-0 max-w-sm gap-5 rounded-2xl border bg-card p-6 text-card-foreground shadow-xl sm:-rotate-1"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <Coffee aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-bold">{card.business}</p>
          <p className="text-muted-foreground text-sm">{card.progress}</p>
        </div>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary" style={{ width: `${FILLED * 10}%` }} />
      </div>
      <div className="grid grid-cols-5 gap-3">
        {Array.from({ length: STAMPS }, (_, index) => index).map((index) => (
          <span
            key={index}
            className={`flex aspect-square items-center justify-center rounded-full ${
              index < FILLED
                ? "bg-primary text-primary-foreground"
                : "border-2 border-primary/30 border-dashed"
            }`}
          >
            {index < FILLED ? <Stamp aria-hidden="true" className="size-4" /> : null}
          </span>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm">
        <span className="inline-flex items-center gap-1.5 font-medium">
          <Gift aria-hidden="true" className="size-4 text-primary" />
          {card.reward}
        </span>
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <QrCode aria-hidden="true" className="size-4" />
          {card.scan}
        </span>
      </div>
    </div>
  );
}
