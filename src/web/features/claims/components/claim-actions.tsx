import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { type ClaimOptions, SOCIAL_NETWORKS, type SocialNetwork } from "@/shared/claims.schema";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
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
          <SocialForm cardId={cardId} networks={options.socialNetworks} />
        ) : null}
        {options.googleReviewUrl ? (
          <ReviewForm cardId={cardId} reviewUrl={options.googleReviewUrl} />
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

const RECEIPT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";
const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

function ReceiptForm({ cardId }: { cardId: string }) {
  const { t } = useTranslation("claims");
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadReceipt(cardId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t("receipt.required"));
    if (file.size > RECEIPT_MAX_BYTES) return setError(t("receipt.tooLarge"));
    upload.mutate(file, {
      onSuccess: () => {
        toast.success(t("sent.title"), { description: t("sent.description") });
        setFile(null);
        (event.target as HTMLFormElement).reset();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <Label htmlFor={id}>{t("receipt.label")}</Label>
      <Input
        id={id}
        type="file"
        accept={RECEIPT_ACCEPT}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setError(null);
          setFile(e.target.files?.[0] ?? null);
        }}
      />
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

function SocialForm({ cardId, networks }: { cardId: string; networks: SocialNetwork[] }) {
  const { t } = useTranslation("claims");
  const id = useId();
  const [network, setNetwork] = useState<SocialNetwork>(networks[0] ?? SOCIAL_NETWORKS[0]);
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const claim = useClaimStamp(cardId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!URL.canParse(link.trim())) return setError(t("social.linkInvalid"));
    claim.mutate(
      { method: "social", network, link: link.trim() },
      {
        onSuccess: () => {
          toast.success(t("sent.title"), { description: t("sent.description") });
          setLink("");
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <h3 className="font-medium text-sm">{t("social.title")}</h3>
      <Label htmlFor={`${id}-network`}>{t("social.network")}</Label>
      <NativeSelect
        id={`${id}-network`}
        value={network}
        onChange={(e) => setNetwork(e.target.value as SocialNetwork)}
      >
        {networks.map((n) => (
          <option key={n} value={n}>
            {t(`networks.${n}`)}
          </option>
        ))}
      </NativeSelect>
      <Label htmlFor={`${id}-link`}>{t("social.link")}</Label>
      <Input
        id={`${id}-link`}
        type="url"
        placeholder="https://"
        value={link}
        onChange={(e) => {
          setError(null);
          setLink(e.target.value);
        }}
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

function ReviewForm({ cardId, reviewUrl }: { cardId: string; reviewUrl: string }) {
  const { t } = useTranslation("claims");
  const [error, setError] = useState<string | null>(null);
  const claim = useClaimStamp(cardId);
  return (
    <div className="grid gap-2">
      <h3 className="font-medium text-sm">{t("review.title")}</h3>
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
