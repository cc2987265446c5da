import {
  Bell,
  Bike,
  Cake,
  ChartColumn,
  Coffee,
  Croissant,
  Download,
  Dumbbell,
  EyeOff,
  FileX2,
  Gift,
  Handshake,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  PawPrint,
  Pill,
  QrCode,
  Receipt,
  Sandwich,
  Scissors,
  Settings,
  Share2,
  Smartphone,
  Smile,
  Sparkles,
  Stamp,
  Star,
  ThumbsUp,
  TrendingDown,
  UserPlus,
  Users,
  UserX,
  UtensilsCrossed,
  WalletCards,
  WashingMachine,
} from "lucide-react";
import { CheckList } from "../components/check-list";
import { CompanyHero } from "../components/company-landing/hero";
import { PricingPlans } from "../components/company-landing/pricing-plans";
import { SupremePitch } from "../components/company-landing/supreme-pitch";
import { LinkButton } from "../components/link-button";
import { Section } from "../components/section";
import { SiteLayout } from "../components/site-layout";
import { Testimonials } from "../components/testimonials";
import { useTexts } from "../texts";

const PROBLEM_ICONS = [FileX2, UserX, EyeOff, TrendingDown];

const FEATURE_ICONS = {
  qr: QrCode,
  card: WalletCards,
  stamps: Stamp,
  rewards: Gift,
  customers: Users,
  messages: MessageCircle,
  reports: ChartColumn,
  notifications: Bell,
};

const NEW_FEATURE_ICONS = {
  receipt: Receipt,
  social: ThumbsUp,
  review: Star,
  birthday: Cake,
  signup: Smartphone,
  export: Download,
  partnerships: Handshake,
  promotions: Megaphone,
};

const BUSINESS_ICONS = {
  cafes: Coffee,
  barbershops: Scissors,
  snackBars: Sandwich,
  beauty: Sparkles,
  petShops: PawPrint,
  dental: Smile,
  restaurants: UtensilsCrossed,
  pharmacies: Pill,
  delivery: Bike,
  bakeries: Croissant,
  laundries: WashingMachine,
  gyms: Dumbbell,
};

type Card = { key: string; icon: LucideIcon; title: string; description: string };

/** A grid of cards with an icon, an <h3> and a sentence (`badge`: a small label on each). */
function CardGrid({ cards, badge, danger }: { cards: Card[]; badge?: string; danger?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ key, icon: Icon, title, description }) => (
        <li
          key={key}
          className="relative grid min-w-0 grid-cols-[auto_minmax(0,1fr)] content-start gap-x-4 gap-y-1 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:grid-cols-1 sm:gap-y-3 sm:p-6"
        >
          <span
            className={`row-span-2 flex size-11 items-center justify-center rounded-lg sm:row-span-1 ${
              danger ? "bg-destructive/10 text-destructive" : "bg-primary/10 text-primary"
            }`}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
          {badge ? (
            <span className="absolute top-4 right-4 rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground text-xs">
              {badge}
            </span>
          ) : null}
          <h3 className={`font-semibold text-lg ${badge ? "pr-14 sm:pr-0" : ""}`}>{title}</h3>
          <p className="text-muted-foreground text-sm">{description}</p>
        </li>
      ))}
    </ul>
  );
}

function toCards<K extends string>(
  items: Record<K, { title: string; description: string }>,
  icons: Record<K, LucideIcon>,
): Card[] {
  return (Object.keys(icons) as K[]).map((key) => ({ key, icon: icons[key], ...items[key] }));
}

/** `/lp-empresa`: the landing page for businesses (spec section 2); every sign-up to /cadastro-empresa, sign-in to /login-admin. */
export function CompanyLandingPage() {
  const tx = useTexts("landing-company");
  const { header } = useTexts("site");
  const { problem, features, newFeatures, businessTypes, testimonials, referrals } = tx;

  return (
    <SiteLayout
      links={[
        { href: "/lp-usuarios", label: header.forCustomers },
        { href: "#funcionalidades", label: header.features },
        { href: "#precos", label: header.pricing },
      ]}
      signIn={{ href: "/login-admin", label: header.signIn }}
      start={{ href: "/cadastro-empresa", label: header.startFree }}
    >
      <CompanyHero />

      <Section kicker={problem.kicker} title={problem.title} intro={problem.intro}>
        <CardGrid
          danger
          cards={problem.items.map((item, index) => ({
            key: item.title,
            icon: PROBLEM_ICONS[index] ?? FileX2,
            ...item,
          }))}
        />
      </Section>

      <Section
        ids={["features", "funcionalidades"]}
        tone="muted"
        kicker={features.kicker}
        title={features.title}
        intro={features.intro}
      >
        <CardGrid cards={toCards(features.items, FEATURE_ICONS)} />
      </Section>

      <Section kicker={newFeatures.kicker} title={newFeatures.title} intro={newFeatures.intro}>
        <CardGrid badge={newFeatures.badge} cards={toCards(newFeatures.items, NEW_FEATURE_ICONS)} />
      </Section>

      <Section
        tone="muted"
        kicker={businessTypes.kicker}
        title={businessTypes.title}
        intro={businessTypes.intro}
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {(Object.keys(BUSINESS_ICONS) as (keyof typeof BUSINESS_ICONS)[]).map((key) => {
            const Icon = BUSINESS_ICONS[key];
            return (
              <li
                key={key}
                className="flex min-w-0 flex-col items-center gap-2 rounded-xl border bg-card p-4 text-center font-medium text-card-foreground text-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="break-words">{businessTypes.items[key]}</span>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section kicker={testimonials.kicker} title={testimonials.title} intro={testimonials.intro}>
        <Testimonials
          className="gap-6"
          tag={testimonials.tag}
          items={testimonials.items.map(({ name, quote, business, city }) => ({
            name,
            quote,
            place: `${business} · ${city}`,
          }))}
        />
      </Section>

      <Section
        tone="muted"
        kicker={referrals.kicker}
        title={referrals.title}
        intro={referrals.intro}
      >
        <div className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2">
          {[
            { key: "referrer", icon: Share2, ...referrals.referrer },
            { key: "referred", icon: UserPlus, ...referrals.referred },
          ].map(({ key, icon: Icon, title, items }) => (
            <div
              key={key}
              className="grid min-w-0 content-start gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm"
            >
              <h3 className="flex items-center gap-3 font-semibold text-lg">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {title}
              </h3>
              <CheckList items={items} className="grid gap-2.5 text-sm" />
            </div>
          ))}
        </div>
        <p className="mx-auto max-w-2xl text-balance text-center text-muted-foreground text-sm">
          <Settings aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
          {referrals.settings}
        </p>
      </Section>

      <Section
        ids={["pricing", "precos"]}
        kicker={tx.pricing.kicker}
        title={tx.pricing.title}
        intro={tx.pricing.intro}
      >
        <PricingPlans />
      </Section>

      <Section
        tone="muted"
        kicker={tx.supreme.kicker}
        title={tx.supreme.title}
        intro={tx.supreme.intro}
      >
        <SupremePitch />
      </Section>

      <Section tone="primary" title={tx.finalCta.title} intro={tx.finalCta.subtitle}>
        <div className="flex justify-center">
          <LinkButton
            href="/cadastro-empresa"
            size="lg"
            variant="secondary"
            className="w-full sm:w-auto"
          >
            {tx.finalCta.cta}
          </LinkButton>
        </div>
      </Section>
    </SiteLayout>
  );
}
