import { zodResolver } from "@hookform/resolvers/zod";
import { type Location, type SaveLocation, SaveLocationSchema } from "@shared/team.schema";
import { Store } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { useCreateLocation, useDeleteLocation, useUpdateLocation } from "../api";

/**
 * The company's shops. With two or more, the section 'Unidades' (and the shop of each member and
 * invitation); with none or one, the word never shows: only a discreet 'Tem mais de uma loja?'
 * that opens 'Suas lojas'.
 */
export function Locations({ locations }: { locations: Location[] }) {
  return locations.length >= 2 ? (
    <LocationsSection locations={locations} />
  ) : (
    <MoreShopsEntry locations={locations} />
  );
}

function LocationsSection({ locations }: { locations: Location[] }) {
  const { t } = useTranslation("team");
  return (
    <Card role="region" aria-labelledby="locations-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="locations-title">{t("locations.title")}</h2>
        </CardTitle>
        <CardDescription>{t("locations.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LocationList locations={locations} />
        <LocationForm />
      </CardContent>
    </Card>
  );
}

function MoreShopsEntry({ locations }: { locations: Location[] }) {
  const { t } = useTranslation("team");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="link" className="h-11 justify-self-start px-0">
          <Store aria-hidden="true" />
          {t("locations.more")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t("locations.dialogTitle")}</DialogTitle>
        <DialogDescription>{t("locations.dialogDescription")}</DialogDescription>
        <div className="grid gap-4">
          {locations.length > 0 ? (
            <LocationList locations={locations} />
          ) : (
            <p className="text-muted-foreground text-sm">{t("locations.none")}</p>
          )}
          <LocationForm />
          <DialogClose asChild>
            <Button type="button" variant="outline" size="lg">
              {t("locations.close")}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function LocationList({ locations }: { locations: Location[] }) {
  return (
    <ul className="grid gap-2">
      {locations.map((location) => (
        <li
          key={location.id}
          aria-label={location.name}
          className="grid gap-2 rounded-md border p-3 text-sm"
        >
          <div className="grid min-w-0 gap-0.5">
            <p className="break-words font-medium">{location.name}</p>
            {location.address ? (
              <p className="break-words text-muted-foreground text-xs">{location.address}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <EditLocation location={location} />
            <DeleteLocation location={location} />
          </div>
        </li>
      ))}
    </ul>
  );
}

type Values = z.input<typeof SaveLocationSchema>;

/** Name and address: a new shop, or `location` edited. */
function LocationForm({ location, onDone }: { location?: Location; onDone?: () => void }) {
  const { t } = useTranslation("team");
  const empty: Values = { name: location?.name ?? "", address: location?.address ?? "" };
  const form = useForm<Values, unknown, z.output<typeof SaveLocationSchema>>({
    resolver: zodResolver(SaveLocationSchema),
    defaultValues: empty,
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const save = location ? update : create;
  const name = field("name");
  const address = field("address");

  const onSubmit = form.handleSubmit((input: SaveLocation) => {
    const done = {
      onSuccess: (saved: Location) => {
        toast.success(location ? t("locations.saved") : t("locations.added", { name: saved.name }));
        if (!location) form.reset(empty);
        onDone?.();
      },
      onError: (error: unknown) => applyServerFieldErrors(form, error),
    };
    if (location) update.mutate({ id: location.id, input }, done);
    else create.mutate(input, done);
  });

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      {save.isError ? (
        <p role="alert" className="font-medium text-destructive text-sm">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <Field id={name.id} label={t("locations.name")} error={name.error}>
        <Input autoComplete="off" {...name.control} />
      </Field>
      <Field id={address.id} label={t("locations.address")} error={address.error}>
        <Input autoComplete="off" {...address.control} />
      </Field>
      <Button type="submit" size="lg" className="justify-self-start" disabled={save.isPending}>
        {location ? t("locations.save") : t("locations.add")}
      </Button>
    </form>
  );
}

function EditLocation({ location }: { location: Location }) {
  const { t } = useTranslation("team");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="lg">
          {t("locations.edit")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{t("locations.editTitle", { name: location.name })}</DialogTitle>
        <DialogDescription className="sr-only">
          {t("locations.editTitle", { name: location.name })}
        </DialogDescription>
        <LocationForm location={location} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DeleteLocation({ location }: { location: Location }) {
  const { t } = useTranslation("team");
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLocation();
  const onDelete = () => {
    setConfirming(false);
    remove.mutate(location.id, {
      onSuccess: () => toast.success(t("locations.deleted", { name: location.name })),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <AlertDialog open={confirming} onOpenChange={setConfirming}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="ghost" size="lg" disabled={remove.isPending}>
          {t("locations.delete")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t("locations.deleteTitle", { name: location.name })}</AlertDialogTitle>
        <AlertDialogDescription>{t("locations.deleteBody")}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {t("locations.back")}
            </Button>
          </AlertDialogCancel>
          <Button type="button" variant="destructive" onClick={onDelete}>
            {t("locations.deleteConfirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
