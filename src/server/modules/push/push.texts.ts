/**
 * The notices' texts, in the subscription's language (pt-BR first, then English). A title and a
 * short body: a phone's lock screen shows about two lines.
 */
import type { PushKind } from "@shared/push.schema";
import type { PushData } from "./push.service";

type Text = { title: string; body: string };
type Fill = PushData & { company: string; name?: string };

const n = (value: number | undefined) => value ?? 0;
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

const PT: Record<PushKind, (d: Fill) => Text> = {
  stamp: (d) => ({
    title: "Novo carimbo!",
    body: `Você ganhou ${n(d.added)} ${plural(n(d.added), "carimbo", "carimbos")} na ${d.company}: ${n(d.stamps)}/${n(d.maxStamps)}.`,
  }),
  card_complete: (d) => ({
    title: "Cartão completo!",
    body: `Seu cartão na ${d.company} está completo: troque por ${d.reward ?? "seu prêmio"}.`,
  }),
  redeemed: (d) => ({
    title: "Prêmio resgatado",
    body: `Você resgatou ${d.reward ?? "seu prêmio"} na ${d.company}. Aproveite!`,
  }),
  reply: (d) => ({ title: `${d.company} respondeu`, body: d.quote ?? "" }),
  birthday: (d) => ({
    title: "Feliz aniversário!",
    body: `A ${d.company} deu ${n(d.added)} ${plural(n(d.added), "carimbo", "carimbos")} de presente para você.`,
  }),
  message: (d) => ({ title: "Nova mensagem", body: `${d.name ?? "Cliente"}: ${d.quote ?? ""}` }),
  claim: (d) => ({
    title: "Novo pedido de carimbo",
    body: `${d.name ?? "Um cliente"} pediu um carimbo.`,
  }),
  partnership: (d) => ({
    title: "Pedido de parceria",
    body: `${d.name ?? "Uma empresa"} quer fazer uma parceria: ${d.quote ?? ""}`,
  }),
};

const EN: Record<PushKind, (d: Fill) => Text> = {
  stamp: (d) => ({
    title: "New stamp!",
    body: `You got ${n(d.added)} ${plural(n(d.added), "stamp", "stamps")} at ${d.company}: ${n(d.stamps)}/${n(d.maxStamps)}.`,
  }),
  card_complete: (d) => ({
    title: "Card complete!",
    body: `Your card at ${d.company} is complete: trade it for ${d.reward ?? "your reward"}.`,
  }),
  redeemed: (d) => ({
    title: "Reward redeemed",
    body: `You redeemed ${d.reward ?? "your reward"} at ${d.company}. Enjoy!`,
  }),
  reply: (d) => ({ title: `${d.company} replied`, body: d.quote ?? "" }),
  birthday: (d) => ({
    title: "Happy birthday!",
    body: `${d.company} gave you ${n(d.added)} ${plural(n(d.added), "stamp", "stamps")} as a gift.`,
  }),
  message: (d) => ({ title: "New message", body: `${d.name ?? "Customer"}: ${d.quote ?? ""}` }),
  claim: (d) => ({
    title: "New stamp request",
    body: `${d.name ?? "A customer"} asked for a stamp.`,
  }),
  partnership: (d) => ({
    title: "Partnership request",
    body: `${d.name ?? "A company"} wants to partner with you: ${d.quote ?? ""}`,
  }),
};

export function pushText(language: string, kind: PushKind, data: Fill): Text {
  const text = (language === "en" ? EN : PT)[kind](data);
  return { title: text.title.slice(0, 80), body: text.body.trim().slice(0, 180) };
}
