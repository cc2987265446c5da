import type { ChannelConnectionResult } from "@shared/assistant-channel-test";
import type { TFunction } from "i18next";
import { CheckCircle2, CircleAlert, Copy, ExternalLink, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useTestChannelConnection } from "../channel-test-api";
import type { ChannelPrefix } from "./channel-parts";

/**
 * The step-by-step guide of a channel's card on /ia-suprema (issue 29, point 19): numbered steps,
 * each saying what to click in Meta's dashboard and what to paste back here.
 */
export function GuideStep({
  number,
  title,
  text,
  children,
}: {
  number: number;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <li className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-2">
      <span
        aria-hidden="true"
        className="grid size-7 place-items-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
      >
        {number}
      </span>
      <div className="grid min-w-0 gap-2">
        <h4 className="font-semibold text-sm leading-7">
          <span className="sr-only">{number}. </span>
          {title}
        </h4>
        <p className="text-muted-foreground text-sm">{text}</p>
        {children}
      </div>
    </li>
  );
}

/** A link that opens a page of Meta's in a new tab. */
export function MetaLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-6 items-center gap-1 justify-self-start font-medium text-primary text-sm underline underline-offset-4"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}

/** A value to paste in Meta (the webhook URL, the verify token) with a copy button. */
export function CopyValue({
  label,
  value,
  testId,
  action,
}: {
  label: string;
  value: string;
  testId?: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation("assistant");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("guide.copied", { what: label }));
    } catch {
      toast.error(t("guide.copyError"));
    }
  };
  return (
    <div className="grid min-w-0 gap-1">
      <p className="font-medium text-sm">{label}</p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-md bg-muted p-2 font-mono text-xs"
          data-testid={testId}
        >
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void copy()}
          aria-label={t("guide.copyLabel", { what: label })}
        >
          <Copy aria-hidden="true" />
          {t("guide.copy")}
        </Button>
        {action}
      </div>
    </div>
  );
}

/** A new verify token: 32 hexadecimal characters from the browser's random generator. */
export function newVerifyToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The verify token for Meta's webhook: the one made on this page (not saved yet, or just saved)
 * with its copy button, or, once saved earlier, "configurado" and a button to make another.
 */
export function VerifyTokenValue({
  token,
  isSet,
  onNew,
}: {
  token: string;
  isSet: boolean;
  onNew: () => void;
}) {
  const { t } = useTranslation("assistant");
  const renew = (
    <Button type="button" variant="ghost" size="sm" onClick={onNew}>
      <RefreshCw aria-hidden="true" />
      {t("guide.newToken")}
    </Button>
  );
  if (token) {
    return (
      <div className="grid gap-1">
        <CopyValue
          label={t("guide.verifyToken")}
          value={token}
          testId="verify-token"
          action={renew}
        />
        {isSet ? <p className="text-muted-foreground text-xs">{t("guide.newTokenHint")}</p> : null}
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <p className="font-medium text-sm">{t("guide.verifyToken")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 text-emerald-700 text-sm dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t("guide.tokenSaved")}
        </span>
        {renew}
      </div>
    </div>
  );
}

/** What 'Testar conexão' found, in plain words. */
export function connectionText(
  t: TFunction<"assistant">,
  prefix: ChannelPrefix,
  result: ChannelConnectionResult,
): string {
  if (result.ok) {
    const who = [result.account, result.name].filter(Boolean).join(" · ");
    return t(`guide.${prefix}.test.ok`, { who });
  }
  return t(`guide.${prefix}.test.${result.problem ?? "other"}`, { detail: result.detail ?? "" });
}

/**
 * 'Testar conexão': tries the id and token typed (an empty token: the saved one) on Meta's
 * Graph API and says what works or what is wrong, without saving anything.
 */
export function ConnectionTest({
  prefix,
  read,
}: {
  prefix: ChannelPrefix;
  /** The id and token in the form now. */
  read: () => { nodeId: string; accessToken: string };
}) {
  const { t } = useTranslation("assistant");
  const test = useTestChannelConnection(prefix);
  const result = test.data;
  const run = () => {
    const input = read();
    if (!/^\d{5,30}$/.test(input.nodeId.trim())) {
      test.reset();
      toast.error(t(`guide.${prefix}.test.needId`));
      return;
    }
    test.mutate({ nodeId: input.nodeId.trim(), accessToken: input.accessToken.trim() });
  };
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={run}
        disabled={test.isPending}
      >
        {test.isPending ? <Spinner /> : null}
        {t("guide.testButton")}
      </Button>
      <div role="status" aria-live="polite" className="text-sm">
        {result ? (
          <p
            className={
              result.ok
                ? "flex items-start gap-2 text-emerald-700 dark:text-emerald-300"
                : "flex items-start gap-2 text-destructive"
            }
          >
            {result.ok ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>{connectionText(t, prefix, result)}</span>
          </p>
        ) : test.isError ? (
          <p className="text-destructive">{errorMessage(test.error)}</p>
        ) : null}
      </div>
    </div>
  );
}
