import { addDays, seededRandom } from "./demo-random";

/**
 * The people of the demo café, the same every day (fixed seed): names, e-mails at example.com
 * (RFC 2606: never delivered), phones, cities and birthdays. What they do is dated from today
 * (demo-data.ts).
 */

export const DEMO_COMPANY_NAME = "Café Demonstração";
/** The demo owner's e-mail: a reserved domain, and the account has no password. */
export const DEMO_OWNER_EMAIL = "demo@carimbou.invalid";
export const DEMO_MEMBER_COUNT = 40;

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Camila",
  "Daniel",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Larissa",
  "Lucas",
  "Mariana",
  "Mateus",
  "Natália",
  "Otávio",
  "Patrícia",
  "Rafael",
  "Sofia",
  "Thiago",
  "Vitória",
  "Caio",
  "Beatriz",
  "Gustavo",
  "Helena",
  "Igor",
  "Júlia",
  "Leonardo",
  "Manuela",
  "Pedro",
  "Renata",
  "Samuel",
  "Tânia",
  "Vinícius",
  "Yasmin",
  "André",
  "Cecília",
  "Diego",
  "Fernanda",
  "Letícia",
  "Marcos",
  "Priscila",
  "Ricardo",
];
const SURNAMES = [
  "Silva",
  "Souza",
  "Oliveira",
  "Santos",
  "Pereira",
  "Lima",
  "Carvalho",
  "Ribeiro",
  "Almeida",
  "Gomes",
  "Martins",
  "Araújo",
  "Barbosa",
  "Rocha",
  "Fernandes",
  "Costa",
  "Mendes",
  "Nogueira",
  "Teixeira",
  "Moreira",
  "Cardoso",
  "Monteiro",
  "Freitas",
  "Campos",
];
/** Where the members live: mostly São Paulo, some from the neighbouring cities. */
const CITIES = [
  "São Paulo",
  "São Paulo",
  "São Paulo",
  "São Paulo",
  "São Paulo",
  "Guarulhos",
  "Osasco",
  "Santo André",
  "São Bernardo do Campo",
];

export type DemoPerson = {
  id: string;
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  /** yyyy-MM-dd */
  birthDate: string;
};

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, "");

export type DemoCast = {
  companyId: string;
  owner: { id: string };
  members: DemoPerson[];
  /** Customers of the app who are not members: they posted an interest the café can answer. */
  prospects: DemoPerson[];
  /** Two other businesses: a partner bakery and a florist asking for a partnership. */
  partners: { id: string; ownerId: string; name: string; email: string; sector: string }[];
};

export function demoCast(): DemoCast {
  const random = seededRandom("carimbou-demo-cast-v1");
  const used = new Set<string>();
  const person = (): DemoPerson => {
    let first = "";
    let last = "";
    do {
      first = random.pick(FIRST_NAMES);
      last = random.pick(SURNAMES);
    } while (used.has(`${first} ${last}`));
    used.add(`${first} ${last}`);
    const year = random.int(1962, 2004);
    const month = random.int(1, 12);
    const day = random.int(1, 28);
    return {
      id: random.uuid(),
      name: `${first} ${last}`,
      email: `${slug(first)}.${slug(last)}@example.com`,
      phone: `(11) 9${random.int(6000, 9999)}-${String(random.int(0, 9999)).padStart(4, "0")}`,
      city: random.pick(CITIES),
      state: "SP",
      birthDate: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    };
  };
  const companyId = random.uuid();
  const owner = { id: random.uuid() };
  const members = Array.from({ length: DEMO_MEMBER_COUNT }, person);
  const prospects = Array.from({ length: 3 }, person).map((p) => ({ ...p, city: "São Paulo" }));
  const partners = [
    {
      id: random.uuid(),
      ownerId: random.uuid(),
      name: "Padaria Pão Dourado",
      email: "contato@paodourado.example.com",
      sector: "alimentacao",
    },
    {
      id: random.uuid(),
      ownerId: random.uuid(),
      name: "Floricultura Jardim Secreto",
      email: "contato@jardimsecreto.example.com",
      sector: "comercio",
    },
  ];
  return { companyId, owner, members, prospects, partners };
}

/** The birthday of `birthDate` in `year` (29 February on the 28th in other years). */
export function birthdayIn(birthDate: string, year: number) {
  const md = birthDate.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${md === "02-29" && !leap ? "02-28" : md}`;
}

/** Birthdays the dashboard and the reports show: two today, three in the next 30 days, one last week. */
export function withBirthday(person: DemoPerson, i: number, today: string): DemoPerson {
  const offsets: Record<number, number> = { 3: 0, 17: 0, 8: 5, 22: 12, 30: 25, 11: -4 };
  const offset = offsets[i];
  if (offset === undefined) return person;
  let md = addDays(today, offset).slice(5);
  if (md === "02-29") md = "02-28";
  return { ...person, birthDate: `${person.birthDate.slice(0, 4)}-${md}` };
}
