import type { PublicCompany } from "@shared/companies.schema";
import { MapPin, Store } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from "@/web/components/ui/card";

type Props = {
  /** The company of the link; null when the id matches none. */
  company: PublicCompany | null;
  onConfirm: () => void;
  onCancel: () => void;
  joining: boolean;
  /** Why joining failed, already translated. */
  error?: string | null;
  /** The unticked campaigns consent box (IA Suprema): its text, and its state. */
  consent?: { text: string; checked: boolean; onChange: (checked: boolean) => void };
};

/**
 * A signed-in customer opened a company's link (QR code): joining waits for their yes,
 * 'Entrar no programa de fidelidade de <empresa>?'.
 */
export function JoinCompanyConfirm({
  company,
  onConfirm,
  onCancel,
  joining,
  error,
  consent,
}: Props) {
  const { t } = useTranslation("companies");
  const id = useId();
  if (!company) {
    return (
      <Card role="alert">
        <CardHeader>
          <p className="font-semibold text-lg">{t("join.notFound")}</p>
          <CardDescription>{t("join.notFoundDescription")}</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button asChild>
            <Link to="/dashboard-cliente" replace>
              {t("join.home")}
            </Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }
  const place = [company.city, company.state].filter(Boolean).join("/");
  return (
    <Card role="region" aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`}>
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-4">
        {company.logoUrl ? (
          <img
            src={company.logoUrl}
            alt=""
            className="row-span-2 size-14 rounded-xl border bg-background object-contain"
          />
        ) : (
          <span className="row-span-2 flex size-14 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Store aria-hidden="true" className="size-7" />
          </span>
        )}
        <h1 id={`${id}-title`} className="font-bold text-xl leading-tight">
          {t("join.title", { name: company.tradeName })}
        </h1>
        {place ? (
          <p className="flex items-center gap-1 text-muted-foreground text-sm">
            <MapPin aria-hidden="true" className="size-3.5" />
            {place}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-2">
        <p id={`${id}-description`} className="text-muted-foreground text-sm">
          {t("join.description")}
        </p>
        {consent ? (
          <div className="flex items-start gap-3 pt-2">
            <input
              id={`${id}-consent`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={consent.checked}
              onChange={(e) => consent.onChange(e.target.checked)}
            />
            <label htmlFor={`${id}-consent`} className="text-muted-foreground text-sm leading-snug">
              {consent.text}
            </label>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="font-medium text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={joining}>
          {t("join.cancel")}
        </Button>
        <Button type="button" onClick={onConfirm} disabled={joining}>
          {joining ? t("join.joining") : t("join.confirm")}
        </Button>
      </CardFooter>
    </Card>
  );
}
