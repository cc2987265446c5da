import type { DemoPerson } from "./demo-cast";
import type { DemoDataset } from "./demo-dataset";
import { INACTIVE, type Plan } from "./demo-plans";
import { addDays, daysBetween, type Random, spDay, spTime } from "./demo-random";

const MESSAGES: [string, string][] = [
  ["Vocês abrem no feriado?", "Abrimos sim, das 8h às 14h. Esperamos você!"],
  ["Adorei o bolo de cenoura novo!", "Que bom que gostou! Sai do forno toda manhã."],
  [
    "Posso usar o cartão na unidade da Paulista?",
    "Por enquanto só nesta unidade, mas estamos vendo isso.",
  ],
  ["Vocês têm leite sem lactose?", "Temos sim: sem lactose, de aveia e de amêndoas."],
  ["Qual o horário de domingo?", "Domingo abrimos das 8h às 13h."],
  ["Esqueci meu guarda-chuva aí ontem, alguém achou?", "Achamos! Está guardado no balcão."],
  ["Fazem encomenda de bolo para 20 pessoas?", "Fazemos, com 48 horas de antecedência."],
  ["O Wi-Fi estava fora do ar hoje de manhã.", "Obrigado por avisar, já foi resolvido."],
  ["Consigo trocar a recompensa por um pão de queijo?", "Pode sim, é só pedir no caixa."],
  ["Parabéns pelo atendimento de hoje!", "Obrigado! Vamos passar o recado para a equipe."],
];
const MESSAGE_DAYS_AGO = [0, 1, 2, 4, 6, 9, 13, 18, 24, 31];
/** The newest messages are still waiting for an answer (unread). */
const PENDING_MESSAGES = 4;

/**
 * Messages of members to the café over the last month: the newest wait for an answer (unread), the
 * older ones were answered by the owner.
 */
export function demoMemberMessages(
  members: DemoPerson[],
  plans: Plan[],
  ctx: { companyId: string; owner: string; today: string; random: Random },
): DemoDataset["customerMessages"] {
  const { companyId, owner, today, random } = ctx;
  const rows: DemoDataset["customerMessages"] = [];
  const writers = members
    .map((m, i) => ({ m, i }))
    .filter(({ i }) => !INACTIVE.includes(i) && plans[i]!.visits.length > 0);
  MESSAGE_DAYS_AGO.forEach((daysAgo, k) => {
    const candidates = writers.filter(
      ({ i }) => daysBetween(spDay(plans[i]!.joinedAt), today) > daysAgo,
    );
    const { m } = candidates[(k * 7 + 3) % candidates.length]!;
    const [question, answer] = MESSAGES[k]!;
    const sent = spTime(
      addDays(today, -daysAgo),
      daysAgo === 0 ? 9 * 60 + 45 : random.int(8 * 60, 21 * 60),
    );
    const id = random.uuid();
    const pending = k < PENDING_MESSAGES;
    rows.push({
      id,
      companyId,
      customerId: m.id,
      sender: "customer",
      body: question,
      status: pending ? "pending" : "answered",
      createdAt: sent,
    });
    if (!pending)
      rows.push({
        id: random.uuid(),
        companyId,
        customerId: m.id,
        sender: "company",
        body: answer,
        status: "answered",
        replyToId: id,
        authorId: owner,
        createdAt: new Date(sent.getTime() + random.int(30, 600) * 60_000),
      });
  });
  return rows;
}
