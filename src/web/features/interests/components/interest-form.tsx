import type { CreateInterest, CreateInterestSchema } from "@shared/interests.schema";
import { CITY_MAX_LENGTH, INTEREST_DESCRIPTION_MAX_LENGTH } from "@shared/limits";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { SectorOptions, StateOptions } from "@/web/components/brazil-options";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { Textarea } from "@/web/components/ui/textarea";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useCreateInterest } from "../api";

/** The shared schema's key for a missing field ('Por favor, preencha todos os campos.'). */
const REQUIRED = "interest_fields_required";

type Values = z.input<typeof CreateInterestSchema>;

/**
 * The shared schema checks the form on its first submit: zod and the schema are fetched then, not
 * with the customer's first screen (issue 35).
 */
const resolver: Resolver<Values, unknown, CreateInterest> = async (...args) =>
  (await import("./interest-resolver")).interestResolver(...args);

/**
 * The customer's interest request (spec: type, city, state, description, all required, else
 * 'Por favor, preencha todos os campos.'); companies of that sector in that city answer it.
 * Optional defaults, e.g. the customer's own city and state.
 */
export function InterestForm({ city = "", state = "" }: { city?: string; state?: string }) {
  const { t } = useTranslation("interests");
  const form = useForm<Values, unknown, CreateInterest>({
    resolver,
    defaultValues: { sector: "" as CreateInterest["sector"], city, state, description: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const create = useCreateInterest();
  const sector = field("sector");
  const cityField = field("city");
  const stateField = field("state");
  const description = field("description");
  // Any missing field: the spec's one message under the form; other problems under their field.
  const isMissing = (name: keyof CreateInterest) =>
    form.formState.errors[name]?.message === REQUIRED;
  const missing = (["sector", "city", "state", "description"] as const).some(isMissing);
  const own = (name: keyof CreateInterest, error: string | undefined) =>
    isMissing(name) ? undefined : error;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(t("form.sent"), { description: t("form.sentDescription") });
        form.reset({ sector: "" as CreateInterest["sector"], city, state, description: "" });
      },
      onError: (error) => {
        applyServerFieldErrors(form, error);
        if (error instanceof ApiError && error.status === 401) {
          toast.error(t("form.loginRequired"));
        } else if (!(error instanceof ApiError && error.code === "validation_failed")) {
          toast.error(t("form.error"), { description: errorMessage(error) });
        }
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("form.title")}</h2>
        </CardTitle>
        <CardDescription>{t("form.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label={t("form.title")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={sector.id} label={t("form.sector")} error={own("sector", sector.error)}>
              <NativeSelect {...sector.control}>
                <SectorOptions />
              </NativeSelect>
            </Field>
            <Field
              id={stateField.id}
              label={t("form.state")}
              error={own("state", stateField.error)}
            >
              <NativeSelect {...stateField.control}>
                <StateOptions />
              </NativeSelect>
            </Field>
          </div>
          <Field id={cityField.id} label={t("form.city")} error={own("city", cityField.error)}>
            <Input
              maxLength={CITY_MAX_LENGTH}
              autoComplete="address-level2"
              {...cityField.control}
            />
          </Field>
          <Field
            id={description.id}
            label={t("form.details")}
            error={own("description", description.error)}
          >
            <Textarea
              rows={3}
              maxLength={INTEREST_DESCRIPTION_MAX_LENGTH}
              placeholder={t("form.detailsPlaceholder")}
              {...description.control}
            />
          </Field>
          {missing ? (
            <p role="alert" className="font-medium text-destructive text-sm">
              {t("form.required")}
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending} className="justify-self-start">
            {create.isPending ? <Spinner /> : null}
            {t("form.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
