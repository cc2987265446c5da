import { ArrowRight, Bot, Check, Timer } from "lucide-react";
import { useTexts } from "../../texts";
import { LinkButton } from "../link-button";

/** The IA Suprema robot: what it does, a sample WhatsApp chat, and the ways on. */
export function SupremePitch() {
  const { supreme } = useTexts("landing-company");
  const { chat } = supreme;
  const messages = [
    { text: chat.customer, fromBot: false },
    { text: chat.bot, fromBot: true },
    { text: chat.customer2, fromBot: false },
    { text: chat.bot2, fromBot: true },
  ];

  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <div className="grid min-w-0 gap-6">
        <ul className="grid gap-3">
          {supreme.items.map((item) => (
            <li key={item} className="flex gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Check aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0 pt-0.5">{item}</span>
            </li>
          ))}
        </ul>
        <p className="inline-flex items-center gap-2 font-semibold">
          <Timer aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {supreme.setup}
        </p>
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <LinkButton href="/cadastro-empresa" size="lg" className="w-full sm:w-auto">
            <Bot aria-hidden="true" />
            {supreme.cta}
          </LinkButton>
          <a
            href="/lp-ia-suprema"
            className="inline-flex items-center gap-1.5 rounded-md px-1 py-2 font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {supreme.more}
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </div>
      </div>
      <div
        role="img"
        aria-label={chat.label}
        className="mx-auto grid w-full min-w-0 max-w-md gap-3 rounded-2xl border bg-card p-5 shadow-lg"
      >
        <div className="flex items-center gap-3 border-b pb-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <span className="font-semibold">{supreme.kicker}</span>
        </div>
        {messages.map(({ text, fromBot }) => (
          <p
            key={text}
            className={`max-w-[85%] break-words rounded-2xl px-4 py-2 text-sm ${
              fromBot
                ? "justify-self-start rounded-bl-sm bg-primary text-primary-foreground"
                : "justify-self-end rounded-br-sm bg-muted text-foreground"
            }`}
          >
            {text}
          </p>
        ))}
      </div>
    </div>
  );
}
