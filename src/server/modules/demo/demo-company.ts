import { PLAN_PRICES_CENTS } from "@shared/billing.schema";
import { DEMO_COMPANY_NAME, DEMO_OWNER_EMAIL, type DemoCast } from "./demo-cast";
import type { DemoDataset } from "./demo-dataset";
import { addDays, addMonths, type Random, spTime } from "./demo-random";

/** The programmes of the demo café (ids made by `demoCompany`). */
export type DemoPrograms = {
  coffee: { id: string; stampsRequired: number; reward: string };
  pastry: { id: string; stampsRequired: number; reward: string };
};

type CompanyPart = Pick<
  DemoDataset,
  | "users"
  | "profiles"
  | "companies"
  | "companySettings"
  | "programs"
  | "interests"
  | "interestReplies"
  | "partnerships"
  | "partnerMessages"
  | "customerInvitations"
  | "subscriptions"
  | "invoices"
>;

/**
 * The café, its owner, programmes, settings and a year of paid invoices; the partner bakery (an
 * active partnership with its chat) and a florist's pending request; three app customers who are
 * not members yet and posted interests the café sees on /mensagens; a pending invitation.
 */
export function demoCompany(
  cast: DemoCast,
  today: string,
  random: Random,
): CompanyPart & { programs: CompanyPart["programs"]; demoPrograms: DemoPrograms } {
  const at = (daysAgo: number, minutes: number) => spTime(addDays(today, -daysAgo), minutes);
  const createdAt = at(380, 9 * 60 + 12);
  const trialEndsAt = new Date(createdAt.getTime() + 30 * 24 * 60 * 60 * 1000);

  // A year of monthly invoices of the Pro plan, all paid: the paid period runs past today.
  const invoices: CompanyPart["invoices"] = [];
  const firstDue = addDays(today, -380 + 30);
  let periodEnd = firstDue;
  for (let k = 0; addMonths(firstDue, k) <= today; k++) {
    const dueDate = addMonths(firstDue, k);
    periodEnd = addMonths(firstDue, k + 1);
    invoices.push({
      id: random.uuid(),
      companyId: cast.companyId,
      provider: "dev",
      providerPaymentId: `demo-payment-${k + 1}`,
      providerSubscriptionId: "demo-subscription",
      plan: "pro",
      amountCents: PLAN_PRICES_CENTS.pro,
      billingType: "PIX",
      dueDate,
      periodEnd,
      status: "paid",
      paidAt: spTime(dueDate, 10 * 60 + random.int(0, 300)),
      createdAt: spTime(addDays(dueDate, -10), 4 * 60 + 15),
      updatedAt: spTime(dueDate, 10 * 60),
    });
  }
  const paidUntil = spTime(addDays(periodEnd, 1));

  const owner = (id: string, name: string, email: string, since: Date) => ({
    user: { id, name, email, emailVerified: true, createdAt: since, updatedAt: since },
    profile: {
      id,
      role: "admin" as const,
      name,
      email,
      city: "São Paulo",
      state: "SP",
      origin: "cadastro_empresa",
      createdAt: since,
      updatedAt: since,
    },
  });
  const [bakery, florist] = cast.partners as [DemoCast["partners"][0], DemoCast["partners"][0]];
  const people = [
    owner(cast.owner.id, DEMO_COMPANY_NAME, DEMO_OWNER_EMAIL, createdAt),
    owner(bakery.ownerId, bakery.name, bakery.email, at(300, 10 * 60)),
    owner(florist.ownerId, florist.name, florist.email, at(200, 11 * 60)),
  ];
  const prospects = cast.prospects.map((p, i) => {
    const since = at(40 + i * 9, 20 * 60);
    return {
      user: {
        id: p.id,
        name: p.name,
        email: p.email,
        emailVerified: true,
        createdAt: since,
        updatedAt: since,
      },
      profile: {
        id: p.id,
        role: "customer" as const,
        name: p.name,
        email: p.email,
        phone: p.phone,
        city: p.city,
        state: p.state,
        birthDate: p.birthDate,
        origin: "cadastro_direto",
        createdAt: since,
        updatedAt: since,
      },
    };
  });

  const company = {
    id: cast.companyId,
    ownerId: cast.owner.id,
    tradeName: DEMO_COMPANY_NAME,
    email: "contato@cafedemonstracao.example.com",
    phone: "(11) 3456-7890",
    whatsapp: "(11) 98765-4321",
    instagram: "@cafedemonstracao",
    facebook: "https://facebook.com/cafedemonstracao",
    googleReviewUrl: "https://g.page/r/cafedemonstracao/review",
    website: "https://cafedemonstracao.example.com",
    brandColor: "#6b3e26",
    city: "São Paulo",
    state: "SP",
    sector: "alimentacao",
    summary:
      "Café de bairro na Vila Mariana: grãos torrados na casa, pão de queijo saindo do forno e bolos caseiros. Cada café vale um carimbo.",
    defaultMaxStamps: 10,
    reviewBonus: "Um cookie na próxima visita",
    birthdayPromotion: "Parabéns! Seu café de aniversário é por nossa conta.",
    subscriptionActive: true,
    trialEndsAt,
    paidUntil,
    plan: "pro" as const,
    partnershipEnabled: true,
    partnershipDescription:
      "Parcerias com negócios do bairro: padarias, floriculturas e livrarias. Trocamos clientes e fazemos ações juntos.",
    promotionTitle: "Semana do Cappuccino",
    promotionDescription: "Cappuccino em dobro: cada um vale 2 carimbos até domingo.",
    promotionStartsOn: addDays(today, -3),
    promotionEndsOn: addDays(today, 4),
    promotionActive: true,
    referralEnabled: true,
    referredStamps: 1,
    referrerStamps: 2,
    referredBonusCents: 0,
    referrerBonusCents: 500,
    createdAt,
    updatedAt: at(20, 15 * 60),
  };
  const partnerCompany = (p: DemoCast["partners"][0], since: Date) => ({
    id: p.id,
    ownerId: p.ownerId,
    tradeName: p.name,
    email: p.email,
    city: "São Paulo",
    state: "SP",
    sector: p.sector,
    trialEndsAt: new Date(since.getTime() + 30 * 24 * 60 * 60 * 1000),
    paidUntil,
    plan: "pro" as const,
    partnershipEnabled: true,
    createdAt: since,
    updatedAt: since,
  });

  const coffee = {
    id: random.uuid(),
    stampsRequired: 10,
    reward: "1 café expresso grátis",
  };
  const pastry = { id: random.uuid(), stampsRequired: 8, reward: "Porção de pão de queijo" };
  const programs: CompanyPart["programs"] = [
    {
      ...coffee,
      companyId: cast.companyId,
      name: "Cartão Café",
      description: "A cada café, um carimbo. Com 10, o próximo é por nossa conta.",
      isDefault: true,
      createdAt,
      updatedAt: createdAt,
    },
    {
      ...pastry,
      companyId: cast.companyId,
      name: "Cartão Pão de Queijo",
      description: "Uma porção de pão de queijo a cada 8 compras de salgados.",
      createdAt: at(300, 16 * 60),
      updatedAt: at(300, 16 * 60),
    },
    {
      id: random.uuid(),
      companyId: cast.companyId,
      name: "Promoção de Verão",
      stampsRequired: 6,
      reward: "Café gelado grátis",
      description: "Cartão da temporada de verão.",
      archivedAt: at(150, 18 * 60),
      createdAt: at(250, 9 * 60),
      updatedAt: at(150, 18 * 60),
    },
  ];

  // Partnerships: the bakery's is active, with a chat whose last message is unread; the florist
  // asked yesterday.
  const active = random.uuid();
  const chat: [number, string, string, boolean][] = [
    [125, "demo", "Olá! Já colocamos o QR code da parceria no balcão.", true],
    [124, "bakery", "Perfeito, aqui também. Vamos acompanhando os números.", true],
    [40, "demo", "Recebemos 3 clientes vindos de vocês neste mês!", true],
    [39, "bakery", "Que ótimo! Podemos fazer uma ação conjunta no Dia das Mães?", true],
    [2, "bakery", "Pensamos num combo café + pão na chapa no sábado. Topam?", false],
  ];
  const partnerMessages: CompanyPart["partnerMessages"] = chat.map(
    ([daysAgo, from, body, read]) => {
      const sent = at(daysAgo, 14 * 60 + random.int(0, 120));
      return {
        id: random.uuid(),
        partnershipId: active,
        senderCompanyId: from === "demo" ? cast.companyId : bakery.id,
        senderUserId: from === "demo" ? cast.owner.id : bakery.ownerId,
        body,
        createdAt: sent,
        readAt: read ? new Date(sent.getTime() + 90 * 60_000) : null,
      };
    },
  );
  const partnerships: CompanyPart["partnerships"] = [
    {
      id: active,
      requesterCompanyId: bakery.id,
      recipientCompanyId: cast.companyId,
      state: "active",
      proposal:
        "Clientes da padaria ganham 1 carimbo extra no café, e os do café 10% no pão de queijo.",
      createdAt: at(130, 10 * 60),
      readAt: at(130, 11 * 60),
      answeredAt: at(128, 9 * 60),
      answeredBy: cast.owner.id,
      validatedAt: at(128, 9 * 60),
      lastActivityAt: partnerMessages.at(-1)!.createdAt!,
    },
    {
      id: random.uuid(),
      requesterCompanyId: florist.id,
      recipientCompanyId: cast.companyId,
      state: "pending",
      proposal:
        "Que tal oferecer um vale-flores de R$ 20 para quem completar o cartão de café? Em troca, indicamos o café aos nossos clientes.",
      createdAt: at(1, 17 * 60 + 20),
      lastActivityAt: at(1, 17 * 60 + 20),
    },
  ];

  // Interests of app customers in a café in São Paulo: two waiting, one the café answered.
  const wishes = [
    "Procuro um café com opções veganas perto da estação Vila Mariana.",
    "Quero um lugar tranquilo para trabalhar de manhã, com bom café e Wi-Fi.",
    "Busco uma cafeteria que faça bolos sob encomenda para aniversário.",
  ];
  const interestRows: CompanyPart["interests"] = cast.prospects.map((p, i) => ({
    id: random.uuid(),
    customerId: p.id,
    sector: "alimentacao",
    city: "São Paulo",
    state: "SP",
    description: wishes[i]!,
    status: i === 2 ? "answered" : "pending",
    createdAt: at([1, 4, 8][i]!, 19 * 60 + i * 17),
  }));
  const interestReplies: CompanyPart["interestReplies"] = [
    {
      id: random.uuid(),
      interestId: interestRows[2]!.id,
      companyId: cast.companyId,
      body: "Olá! Fazemos bolos sob encomenda com 48 horas de antecedência. Passe aqui para provar!",
      authorId: cast.owner.id,
      createdAt: at(7, 10 * 60),
    },
  ];

  return {
    users: [...people, ...prospects].map((p) => p.user),
    profiles: [...people, ...prospects].map((p) => p.profile),
    companies: [
      company,
      partnerCompany(bakery, at(300, 10 * 60)),
      partnerCompany(florist, at(200, 11 * 60)),
    ],
    companySettings: [
      {
        companyId: cast.companyId,
        lastBackupAt: spTime(today, 3 * 60 + 30),
        updatedAt: spTime(today, 3 * 60 + 30),
      },
    ],
    programs,
    demoPrograms: { coffee, pastry },
    interests: interestRows,
    interestReplies,
    partnerships,
    partnerMessages,
    customerInvitations: [
      {
        id: random.uuid(),
        tokenHash: random.hex(64),
        email: "marina.alves@example.com",
        name: "Marina Alves",
        phone: "(11) 97777-1234",
        city: "São Paulo",
        state: "SP",
        companyId: cast.companyId,
        createdAt: at(3, 16 * 60),
        expiresAt: at(-4, 16 * 60),
      },
    ],
    subscriptions: [
      {
        companyId: cast.companyId,
        provider: "dev",
        document: "11222333000181",
        billingEmail: "financeiro@cafedemonstracao.example.com",
        providerCustomerId: "demo-customer",
        providerSubscriptionId: "demo-subscription",
        plan: "pro",
        billingType: "PIX",
        status: "active",
        createdAt: trialEndsAt,
        updatedAt: trialEndsAt,
      },
    ],
    invoices,
  };
}
