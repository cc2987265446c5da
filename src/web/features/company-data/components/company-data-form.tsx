import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMPANY_SUMMARY_MAX_LENGTH,
  type CompanyData,
  type UpdateCompanyData,
  UpdateCompanyDataSchema,
} from "@shared/company-data.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SectorOptions, StateOptions } from "@/web/components/brazil-options";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Textarea } from "@/web/components/ui/textarea";
import { applyServerFieldErrors } from "@/web/lib/form";
import { useSaveCompanyData } from "../api";
import { BrandColorField } from "./brand-color-field";
import { TextField, useDataField } from "./data-fields";
import { toastSaved, toastSaveError } from "./save-toasts";
import { ReviewLinkField, SocialLinkFields } from "./social-link-fields";

type FormInput = z.input<typeof UpdateCompanyDataSchema>;

const formValues = (data: CompanyData): FormInput => ({
  tradeName: data.tradeName,
  email: data.email ?? "",
  phone: data.phone ?? "",
  whatsapp: data.whatsapp ?? "",
  website: data.website ?? "",
  city: data.city ?? "",
  state: data.state ?? "",
  sector: (data.sector ?? "") as FormInput["sector"],
  summary: data.summary ?? "",
  instagram: data.instagram ?? "",
  facebook: data.facebook ?? "",
  linkedin: data.linkedin ?? "",
  youtube: data.youtube ?? "",
  tiktok: data.tiktok ?? "",
  x: data.x ?? "",
  googleReviewUrl: data.googleReviewUrl ?? "",
  brandColor: data.brandColor ?? "",
});

/** /dados-empresa: company fields and social links, saved on the server. */
export function CompanyDataForm({ data }: { data: CompanyData }) {
  const { t } = useTranslation("company-data");
  const form = useForm<FormInput, unknown, UpdateCompanyData>({
    resolver: zodResolver(UpdateCompanyDataSchema),
    defaultValues: formValues(data),
    reValidateMode: "onSubmit",
  });
  const field = useDataField(form);
  const save = useSaveCompanyData();

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        toastSaved();
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toastSaveError(error);
      },
    }),
  );

  const summary = field("summary", { hint: true });
  const state = field("state");
  const sector = field("sector");

  return (
    <form className="grid gap-6" onSubmit={onSubmit} noValidate aria-label={t("title")}>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("sections.company")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={field("tradeName")}
            label={t("fields.tradeName")}
            autoComplete="organization"
            className="sm:col-span-2"
          />
          <TextField field={field("email")} label={t("fields.email")} type="email" />
          <TextField
            field={field("website", { hint: true })}
            label={t("fields.website")}
            hint={t("hints.website")}
            inputMode="url"
            spellCheck={false}
          />
          <TextField field={field("phone")} label={t("fields.phone")} type="tel" />
          <TextField field={field("whatsapp")} label={t("fields.whatsapp")} type="tel" />
          <TextField field={field("city")} label={t("fields.city")} />
          <Field id={state.id} label={t("fields.state")} error={state.error}>
            <NativeSelect {...state.control}>
              <StateOptions />
            </NativeSelect>
          </Field>
          <Field id={sector.id} label={t("fields.sector")} error={sector.error}>
            <NativeSelect {...sector.control}>
              <SectorOptions />
            </NativeSelect>
          </Field>
          <Field
            id={summary.id}
            label={t("fields.summary")}
            hint={t("hints.summary")}
            error={summary.error}
            className="sm:col-span-2"
          >
            <Textarea rows={3} maxLength={COMPANY_SUMMARY_MAX_LENGTH} {...summary.control} />
          </Field>
        </CardContent>
      </Card>

      <BrandColorField
        field={field("brandColor")}
        value={form.watch("brandColor") ?? ""}
        onPick={(color) => {
          form.setValue("brandColor", color, { shouldDirty: true });
          form.clearErrors("brandColor");
        }}
        companyName={form.watch("tradeName") || data.tradeName}
      />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("sections.social")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SocialLinkFields
            fields={(["instagram", "facebook", "linkedin", "youtube", "tiktok", "x"] as const).map(
              (network) => ({ network, field: field(network, { hint: true }) }),
            )}
          />
          <ReviewLinkField field={field("googleReviewUrl", { hint: true })} />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
