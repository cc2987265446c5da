import { type NotificationSettings, NotificationSettingsSchema } from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { sectionQueryOptions, useSaveSection } from "../api";
import { SectionStatus } from "./section-status";

const SWITCHES: (keyof NotificationSettings)[] = [
  "push",
  "email",
  "messages",
  "stamps",
  "completedCards",
];

/** Notificações gerais: each switch is saved as it is turned. */
export function NotificationsSection() {
  const { t } = useTranslation("settings");
  const query = useQuery(sectionQueryOptions("notifications"));
  const save = useSaveSection("notifications");
  const settings = query.data;
  if (!settings) return <SectionStatus query={query} />;

  const turn = (key: keyof NotificationSettings, on: boolean) => {
    const input = NotificationSettingsSchema.parse({ ...settings, [key]: on });
    save.mutate(input, {
      onSuccess: () => toast.success(t("saved.settings")),
      onError: () => toast.error(t("errors.settingsSave")),
    });
  };

  return (
    <div className="grid gap-3">
      {SWITCHES.map((key) => (
        <SwitchField
          key={key}
          label={t(`notifications.${key}`)}
          checked={settings[key]}
          onChange={(on) => turn(key, on)}
        />
      ))}
    </div>
  );
}
