import {
  ArrowRight,
  BadgeCheck,
  Cake,
  CircleCheck,
  CircleX,
  Gift,
  LogIn,
  MapPin,
  MessageCircle,
  Search,
  ShieldCheck,
  Stamp,
  Tag,
  TrendingUp,
  Users,
} from "lucide-react";
import { CheckList } from "../components/check-list";
import { FaqAccordion } from "../components/faq-accordion";
import { IconCard } from "../components/icon-card";
import { LinkButton } from "../components/link-button";
import { Section } from "../components/section";
import { SiteHero } from "../components/site-hero";
import { SiteLayout } from "../components/site-layout";
import { Testimonials } from "../components/testimonials";
import { useTexts } from "../texts";

/** The customer's sign-up page; 'Entrar' goes to the sign-in page. */
const SIGN_UP = "/cadastro-cliente";
const SIGN_IN = "/login-cliente";

/** Icons of the benefits, in the order of `benefits.items`. */
const BENEFIT_ICONS = [Stamp, TrendingUp, Gift, Search, Tag, MessageCircle, Cake, Users];
/** Icons of the hero's trust line, in the order of `hero.trust`. */
const TRUST_ICONS = [BadgeCheck, MapPin, ShieldCheck];
/** Stamps on the hero's sample card: 7 of 10 filled. */
const SAMPLE_STAMPS = Array.from({ length: 10 }, (_, index) => index < 7);

/** Long capitalised labels wrap on narrow screens instead of overflowing. */
const wrapButton = "h-auto! min-h-11 whitespace-normal! py-3 text-center";
const cardClass = "rounded-xl border bg-card p-6 shadow-sm";

/** `/lp-usuarios`: the landing page for customers (spec section 2). */
export function CustomerLandingPage() {
  const tx = useTexts("landing-customer");
  const { header } = useTexts("site");

  return (
    <SiteLayout
      links={[
        { href: "#funcionalidades", label: header.features },
        { href: "/lp-empresa", label: header.forCompanies },
      ]}
      signIn={{ href: SIGN_IN, label: header.signIn }}
      start={{ href: SIGN_UP, label: header.startFree }}
    >
      <Hero />

      <Section
        ids={["funcionalidades"]}
        kicker={tx.benefits.kicker}
        title={tx.benefits.title}
        intro={tx.benefits.intro}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {tx.benefits.items.map((item, index) => (
            <IconCard
              key={item.title}
              icon={BENEFIT_ICONS[index] ?? Stamp}
              title={item.title}
              text={item.description}
            />
          ))}
        </ul>
      </Section>

      <Section title={tx.problem.title} intro={tx.problem.intro} tone="muted">
        <div className="grid gap-4 md:grid-cols-2">
          <ComparisonCard
            title={tx.problem.problemTitle}
            items={tx.problem.problems}
            kind="bad"
            className={cardClass}
          />
          <ComparisonCard
            title={tx.problem.solutionTitle}
            items={tx.problem.solutions}
            kind="good"
            className={`${cardClass} border-primary/40`}
          />
        </div>
      </Section>

      <Section
        kicker={tx.testimonials.kicker}
        title={tx.testimonials.title}
        intro={tx.testimonials.intro}
      >
        <Testimonials
          tag={tx.testimonials.tag}
          items={tx.testimonials.items.map(({ name, quote, city }) => ({
            name,
            quote,
            place: city,
          }))}
        />
      </Section>

      <Section title={tx.beforeAfter.title} tone="muted">
        <div className="grid gap-4 md:grid-cols-2">
          <ComparisonCard
            title={tx.beforeAfter.beforeTitle}
            subtitle={tx.beforeAfter.beforeSubtitle}
            items={tx.beforeAfter.before}
            kind="bad"
            className={cardClass}
          />
          <ComparisonCard
            title={tx.beforeAfter.afterTitle}
            subtitle={tx.beforeAfter.afterSubtitle}
            items={tx.beforeAfter.after}
            kind="good"
            className={`${cardClass} border-2 border-primary`}
          />
        </div>
        <div className="flex justify-center">
          <LinkButton href={SIGN_UP} size="lg" className={wrapButton}>
            {tx.beforeAfter.cta}
            <ArrowRight aria-hidden="true" />
          </LinkButton>
        </div>
      </Section>

      <Section kicker={tx.faq.kicker} title={tx.faq.title}>
        <div className="mx-auto w-full max-w-3xl">
          <FaqAccordion items={tx.faq.items} />
        </div>
      </Section>

      <Section title={tx.final.title} intro={tx.final.intro} tone="primary">
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row sm:flex-wrap">
          <LinkButton href={SIGN_UP} size="lg" variant="secondary" className={wrapButton}>
            {tx.final.cta}
            <ArrowRight aria-hidden="true" />
          </LinkButton>
          <LinkButton
            href={SIGN_IN}
            size="lg"
            variant="ghost"
            className={`${wrapButton} underline underline-offset-4 focus-visible:ring-primary-foreground`}
          >
            <LogIn aria-hidden="true" />
            {tx.final.signIn}
          </LinkButton>
        </div>
      </Section>
    </SiteLayout>
  );
}

/** The hero: the page's <h1>, the sign-up button, the trust line and a sample card. */
function Hero() {
  const { hero } = useTexts("landing-customer");
  return (
    <SiteHero
      className="bg-linear-to-b from-primary/10 to-background"
      kicker={hero.kicker}
      title={hero.title}
      titleClassName="lg:text-6xl"
      subtitle={hero.subtitle}
      actions={
        <LinkButton href={SIGN_UP} size="lg" className={wrapButton}>
          {hero.cta}
          <ArrowRight aria-hidden="true" />
        </LinkButton>
      }
      visual={<SampleCard />}
    >
      <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-muted-foreground text-sm lg:justify-start">
        {hero.trust.map((item, index) => {
          const Icon = TRUST_ICONS[index] ?? BadgeCheck;
          return (
            <li key={item} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {item}
            </li>
          );
        })}
      </ul>
    </SiteHero>
  );
}

/** A phone showing a loyalty card with 7 of 10 stamps and the reward. */
function SampleCard() {
  const { card } = useTexts("landing-customer").hero;
  return (
    <div
      role="img"
      aria-label={card.label}
      className="mx-auto w-full max-w-xs rounded-[2rem] border-8 border-foreground/90 bg-background p-4 shadow-xl"
    >
      <div className="grid gap-4 rounded-2xl bg-primary p-5 text-primary-foreground">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-primary-foreground/20">
            <Stamp aria-hidden="true" className="size-5" />
          </span>
          <span className="font-semibold">{card.company}</span>
        </div>
        <div className="grid grid-cols-5 gap-2">
          {SAMPLE_STAMPS.map((filled, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative grid
              key={index}
              className={`flex aspect-square items-center justify-center rounded-full border-2 border-primary-foreground/70 ${filled ? "bg-primary-foreground text-primary" : ""}`}
            >
              {filled ? <Stamp aria-hidden="true" className="size-4" /> : null}
            </span>
          ))}
        </div>
        <p className="font-medium text-sm">{card.progress}</p>
        <div className="h-2 overflow-hidden rounded-full bg-primary-foreground/25">
          <div className="h-full w-[70%] rounded-full bg-primary-foreground" />
        </div>
      </div>
      <p className="mt-4 flex items-center gap-2 font-medium text-sm">
        <Gift aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {card.reward}
      </p>
    </div>
  );
}

/** A card with a title (<h3>) and a list marked with crosses (`bad`) or ticks (`good`). */
function ComparisonCard({
  title,
  subtitle,
  items,
  kind,
  className,
}: {
  title: string;
  subtitle?: string;
  items: string[];
  kind: "bad" | "good";
  className: string;
}) {
  return (
    <div className={`grid content-start gap-4 ${className}`}>
      <div className="grid gap-1">
        <h3 className="font-bold text-xl">{title}</h3>
        {subtitle ? <p className="text-muted-foreground text-sm">{subtitle}</p> : null}
      </div>
      <CheckList
        large
        items={items}
        className="grid gap-3"
        icon={kind === "good" ? CircleCheck : CircleX}
        iconClassName={kind === "good" ? "text-success" : "text-destructive"}
      />
    </div>
  );
}
