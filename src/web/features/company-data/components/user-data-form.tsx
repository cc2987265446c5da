import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CompanyData,
  type UpdateUserData,
  UpdateUserDataSchema,
} from "@shared/company-data.schema";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { applyServerFieldErrors } from "@/web/lib/form";
import { useSaveUserData } from "../api";
import { TextField, useDataField } from "./data-fields";
import { toastSaved, toastSaveError } from "./save-toasts";
import { ReviewLinkField, SocialLinkFields } from "./social-link-fields";

type FormInput = z.input<typeof UpdateUserDataSchema>;

const formValues = (data: CompanyData): FormInput => ({
  tradeName: data.tradeName,
  instagram: data.instagram ?? "",
  facebook: data.facebook ?? "",
  linkedin: data.linkedin ?? "",
  youtube: data.youtube ?? "",
  tiktok: data.tiktok ?? "",
  googleReviewUrl: data.googleReviewUrl ?? "",
});

/** /dados-usuario (spec sections 2 and 7): company name, social links and review link. */
export function UserDataForm({ data }: { data: CompanyData }) {
  const { t } = useTranslation("company-data");
  const form = useForm<FormInput, unknown, UpdateUserData>({
    resolver: zodResolver(UpdateUserDataSchema),
    defaultValues: formValues(data),
    reValidateMode: "onSubmit",
  });
  const field = useDataField(form);
  const save = useSaveUserData();

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        toastSaved();
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        toastSaveError();
      },
    }),
  );

  return (
    <form className="grid max-w-3xl gap-6" onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("userData.title")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TextField
            field={field("tradeName")}
            label={t("fields.companyName")}
            autoComplete="organization"
          />
          <SocialLinkFields
            fields={(["instagram", "facebook", "linkedin", "youtube", "tiktok"] as const).map(
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
