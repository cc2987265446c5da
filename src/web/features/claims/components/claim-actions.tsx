import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ClaimOptions,
  type ReceiptUpload,
  ReceiptUploadSchema,
  SOCIAL_NETWORKS,
  type SocialClaim,
  SocialClaimSchema,
  type SocialNetwork,
  type SocialProfile,
} from "@shared/claims.schema";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { Paperclip } from "lucide-react";
import { useId, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { cn } from "@/web/lib/utils";
import { myClaimsQueryOptions, useClaimStamp, useUploadReceipt } from "../api";
import { ClaimStatus } from "./claim-status";

/**
 * The customer's ways to ask for a stamp on an active card: a receipt, a social tag or follow,
 * a Google review — only what the company's rules allow — and the answers to earlier claims.
 */
export function ClaimActions({ cardId, options }: { cardId: string; options: ClaimOptions }) {
  const { t } = useTranslation("claims");
  const claims = useQuery(myClaimsQueryOptions());
  const mine = (claims.data ?? []).filter((c) => c.cardId === cardId);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {options.receipt ? <ReceiptForm cardId={cardId} /> : null}
        {options.socialNetworks.length > 0 ? (
          <SocialForm
            cardId={cardId}
            networks={options.socialNetworks}
            profiles={options.socialProfiles}
            earns={earnsText(t, options.social)}
          />
        ) : null}
        {options.googleReviewUrl ? (
          <ReviewForm
            cardId={cardId}
            reviewUrl={options.googleReviewUrl}
            earns={earnsText(t, options.review)}
          />
        ) : null}
        {mine.length > 0 ? (
          <section className="grid gap-2">
            <h3 className="font-medium text-sm">{t("history")}</h3>
            <ul className="grid gap-2">
              {mine.map((claim) => (
                <ClaimStatus key={claim.id} claim={claim} />
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** What a claim earns: 'Vale 2 carimbos + Um petisco grátis' (the rule's bonus, when written). */
export function earnsText(
  t: TFunction<"claims">,
  reward: { stamps: number; bonus: string | null },
): string {
  return reward.bonus
    ? t("earnsWithBonus", { count: reward.stamps, bonus: reward.bonus })
    : t("earns", { count: reward.stamps });
}

/** The line under a claim's title saying what it earns. */
function Earns({ text }: { text: string }) {
  return (
    <p className="font-medium text-primary text-sm" data-testid="claim-earns">
      {text}
    </p>
  );
}

const RECEIPT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

/** This form's wording for the shared schemas' messages (the spec's, with a full stop). */
const FIELD_TEXTS = {
  receipt_required: "receipt.required",
  file_too_large: "receipt.tooLarge",
  claim_link_invalid: "social.linkInvalid",
} as const;
const hasFieldText = (message: string): message is keyof typeof FIELD_TEXTS =>
  message in FIELD_TEXTS;

/** A field's message: a schema key in this form's words, or the API's error as it came. */
function useFieldError() {
  const { t } = useTranslation("claims");
  return (message: string | undefined) =>
    message === undefined
      ? undefined
      : hasFieldText(message)
        ? t(FIELD_TEXTS[message])
        : validationMessage(message);
}

function ReceiptForm({ cardId }: { cardId: string }) {
  const { t } = useTranslation("claims");
  const id = useId();
  const upload = useUploadReceipt(cardId);
  const form = useForm<ReceiptUpload>({
    resolver: zodResolver(ReceiptUploadSchema),
    reValidateMode: "onSubmit",
  });
  const { field } = useController({ control: form.control, name: "file" });
  const error = useFieldError()(form.formState.errors.file?.message);

  const submit = form.handleSubmit(({ file }, event) =>
    upload.mutate(file, {
      onSuccess: () => {
        toast.success(t("sent.title"), { description: t("sent.description") });
        form.reset();
        (event?.target as HTMLFormElement | undefined)?.reset();
      },
      onError: (e) => form.setError("file", { type: "server", message: errorMessage(e) }),
    }),
  );

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <Label htmlFor={id}>{t("receipt.label")}</Label>
      {/* The browser's own file button speaks its language, not the page's: ours says it. */}
      <div className="flex min-w-0 items-center gap-3">
        <label
          className={cn(
            buttonVariants({ variant: "outline" }),
            "cursor-pointer has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50",
          )}
        >
          <Paperclip aria-hidden="true" />
          {t("receipt.choose")}
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            type="file"
            accept={RECEIPT_ACCEPT}
            className="sr-only"
            aria-describedby={`${id}-hint`}
            onBlur={field.onBlur}
            onChange={(e) => {
              form.clearErrors("file");
              field.onChange(e.target.files?.[0]);
            }}
          />
        </label>
        <span className="min-w-0 truncate text-muted-foreground text-sm" data-testid="receipt-file">
          {field.value instanceof File ? field.value.name : t("receipt.none")}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {t("receipt.hint")}
      </p>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={upload.isPending} className="justify-self-start">
        {upload.isPending ? <Spinner /> : null}
        {t("receipt.submit")}
      </Button>
    </form>
  );
}

function SocialForm({
  cardId,
  networks,
  profiles,
  earns,
}: {
  cardId: string;
  networks: SocialNetwork[];
  profiles: SocialProfile[];
  earns: string;
}) {
  const { t } = useTranslation("claims");
  const id = useId();
  const claim = useClaimStamp(cardId);
  const form = useForm<SocialClaim>({
    resolver: zodResolver(SocialClaimSchema),
    defaultValues: { method: "social", network: networks[0] ?? SOCIAL_NETWORKS[0], link: "" },
    reValidateMode: "onSubmit",
  });
  const error = useFieldError()(form.formState.errors.link?.message);
  const network = form.watch("network");
  const profile = profiles.find((p) => p.network === network);

  const submit = form.handleSubmit((input) =>
    claim.mutate(input, {
      onSuccess: () => {
        toast.success(t("sent.title"), { description: t("sent.description") });
        form.resetField("link");
      },
      onError: (e) => form.setError("link", { type: "server", message: errorMessage(e) }),
    }),
  );

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <h3 className="font-medium text-sm">{t("social.title")}</h3>
      <Earns text={earns} />
      <Label htmlFor={`${id}-network`}>{t("social.network")}</Label>
      <NativeSelect id={`${id}-network`} {...form.register("network")}>
        {networks.map((n) => (
          <option key={n} value={n}>
            {t(`networks.${n}`)}
          </option>
        ))}
      </NativeSelect>
      {profile ? (
        <p className="text-muted-foreground text-sm">
          {t("social.profile")}{" "}
          <a
            href={profile.url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all font-medium text-primary underline underline-offset-2"
          >
            {profile.label}
          </a>
        </p>
      ) : null}
      <Label htmlFor={`${id}-link`}>{t("social.link")}</Label>
      <Input
        id={`${id}-link`}
        type="url"
        placeholder="https://"
        {...form.register("link", { onChange: () => form.clearErrors("link") })}
      />
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={claim.isPending} className="justify-self-start">
        {claim.isPending ? <Spinner /> : null}
        {t("social.submit")}
      </Button>
    </form>
  );
}

function ReviewForm({
  cardId,
  reviewUrl,
  earns,
}: {
  cardId: string;
  reviewUrl: string;
  earns: string;
}) {
  const { t } = useTranslation("claims");
  const [error, setError] = useState<string | null>(null);
  const claim = useClaimStamp(cardId);
  return (
    <div className="grid gap-2">
      <h3 className="font-medium text-sm">{t("review.title")}</h3>
      <Earns text={earns} />
      <a
        href={reviewUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary text-sm underline"
      >
        {t("review.open")}
      </a>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={claim.isPending}
        onClick={() =>
          claim.mutate(
            { method: "google_review" },
            {
              onSuccess: () =>
                toast.success(t("sent.title"), { description: t("sent.description") }),
              onError: (e) => setError(errorMessage(e)),
            },
          )
        }
      >
        {t("review.submit")}
      </Button>
    </div>
  );
}
