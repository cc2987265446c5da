import {
  ArrowRight,
  Bot,
  CircleCheck,
  Clock,
  LogIn,
  Megaphone,
  MessageSquareText,
  MessagesSquare,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  Zap,
} from "lucide-react";
import { CheckList } from "../components/check-list";
import { IconCard } from "../components/icon-card";
import { LinkButton } from "../components/link-button";
import { Section } from "../components/section";
import { SiteHero } from "../components/site-hero";
import { SiteLayout } from "../components/site-layout";
import { useTexts } from "../texts";

/** Icons of the benefits, in the order of `benefits.items`. */
const BENEFIT_ICONS = [Bot, Zap, Megaphone, MessagesSquare, ShoppingBag, Clock];

const cardClass = "rounded-xl border bg-card p-6 shadow-sm";
/** Long labels wrap on narrow screens instead of overflowing. */
const wrapButton = "h-auto! min-h-11 whitespace-normal! py-3 text-center";
const textLinkClass =
  "rounded-sm font-medium underline underline-offset-4 outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * `/lp-ia-suprema`: the sales page of the AI assistant add-on (spec sections 1 and 2), claiming
 * only what is true (CDC art. 37): the Supreme plan's real price, the real 30-day trial, features
 * that exist; no countdown, no struck-through price.
 */
export function AiLandingPage() {
  const tx = useTexts("landing-ai");
  const { header } = useTexts("site");
  const { offer } = tx;
  /** The other pages: in the header and again at the foot of the page. */
  const pages = [
    { href: "/", label: tx.nav.home },
    { href: "/lp-empresa", label: header.forCompanies },
    { href: "/lp-usuarios", label: header.forCustomers },
  ];

  return (
    <SiteLayout links={pages} signIn={{ href: "/login-cliente", label: header.signIn }}>
      <Hero />

      <Section
        ids={["resultados"]}
        kicker={tx.results.kicker}
        title={tx.results.title}
        tone="muted"
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {tx.results.items.map((item) => (
            <li key={item.label} className={`grid gap-1 text-center ${cardClass}`}>
              <span className="font-extrabold text-4xl text-primary tracking-tight">
                {item.value}
              </span>
              <span className="text-muted-foreground">{item.label}</span>
            </li>
          ))}
        </ul>
        <p className="text-center text-muted-foreground text-sm">{tx.results.note}</p>
      </Section>

      <Section
        ids={["beneficios"]}
        kicker={tx.benefits.kicker}
        title={tx.benefits.title}
        intro={tx.benefits.intro}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tx.benefits.items.map((item, index) => (
            <IconCard
              key={item.title}
              icon={BENEFIT_ICONS[index] ?? Sparkles}
              title={item.title}
              text={item.description}
            />
          ))}
        </ul>
      </Section>

      <Section
        ids={["oferta"]}
        kicker={offer.kicker}
        title={offer.title}
        intro={offer.intro}
        tone="muted"
      >
        <div className="mx-auto grid w-full max-w-4xl overflow-hidden rounded-2xl border-2 border-primary bg-card shadow-lg md:grid-cols-2">
          <div className="grid content-start gap-5 p-6 md:p-8">
            <h3 className="font-bold text-xl">{offer.includedTitle}</h3>
            <CheckList large icon={CircleCheck} items={offer.included} className="grid gap-3" />
            <div className="flex gap-3 rounded-xl bg-muted p-4">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
              <div className="grid gap-1">
                <h3 className="font-semibold">{offer.trialTitle}</h3>
                <p className="text-muted-foreground text-sm">{offer.trial}</p>
              </div>
            </div>
          </div>
          <div className="grid content-start justify-items-center gap-5 border-t bg-primary/5 p-6 text-center md:border-t-0 md:border-l md:p-8">
            <p className="font-extrabold tracking-tight">
              <span className="sr-only">{offer.priceSr}</span>
              <span className="text-5xl">{offer.price}</span>
              <span className="text-muted-foreground text-xl">{offer.perMonth}</span>
            </p>
            {/* /ia-suprema: a signed-in owner lands on the robot's settings; anyone else is sent
                to /login-admin by the panel's guard (sign in or sign up there). */}
            <LinkButton href="/ia-suprema" size="lg" className={`w-full ${wrapButton}`}>
              <Sparkles aria-hidden="true" />
              {offer.cta}
            </LinkButton>
            <a
              href="/login-cliente"
              className={`inline-flex items-center gap-2 text-sm ${textLinkClass}`}
            >
              <LogIn aria-hidden="true" className="size-4" />
              {offer.signIn}
            </a>
          </div>
        </div>
      </Section>

      <nav aria-label={tx.nav.more} className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-8 text-sm">
          <p className="font-semibold">{tx.nav.more}:</p>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {pages.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={textLinkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </SiteLayout>
  );
}

/** The hero: the page's <h1>, the button to the offer and a sample WhatsApp conversation. */
function Hero() {
  const { hero } = useTexts("landing-ai");
  return (
    <SiteHero
      className="bg-linear-to-br from-primary/15 via-background to-background"
      kicker={
        <>
          <Sparkles aria-hidden="true" className="size-4 shrink-0 text-primary" />
          {hero.kicker}
        </>
      }
      title={hero.title}
      subtitle={hero.subtitle}
      actions={
        <LinkButton href="#oferta" size="lg" className={wrapButton}>
          {hero.cta}
          <ArrowRight aria-hidden="true" />
        </LinkButton>
      }
      visual={<SampleChat />}
    >
      <p className="text-muted-foreground text-sm">{hero.note}</p>
    </SiteHero>
  );
}

/** A WhatsApp-like conversation between a customer and the robot. */
function SampleChat() {
  const { chat } = useTexts("landing-ai").hero;
  return (
    <div
      role="img"
      aria-label={chat.label}
      className="mx-auto w-full max-w-sm overflow-hidden rounded-2xl border bg-card shadow-xl"
    >
      <div className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <span className="flex size-9 items-center justify-center rounded-full bg-primary-foreground/20">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <span className="grid">
          <span className="font-semibold text-sm">{chat.name}</span>
          <span className="text-xs opacity-90">{chat.status}</span>
        </span>
        <MessageSquareText aria-hidden="true" className="ml-auto size-5" />
      </div>
      <ul className="grid gap-3 bg-muted/60 p-4 text-sm">
        {chat.messages.map((message) => (
          <li
            key={message.text}
            className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-xs ${
              message.fromBot
                ? "justify-self-start rounded-tl-sm bg-card"
                : "justify-self-end rounded-tr-sm bg-primary text-primary-foreground"
            }`}
          >
            {message.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
