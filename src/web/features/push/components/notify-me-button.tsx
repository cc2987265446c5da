import { CUSTOMER_PUSH_KINDS } from "@shared/push.schema";
import { BellRing } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { usePushDevice } from "../api";
import { notificationPermission } from "../device";
import { pushErrorKey } from "./push-switches";

/**
 * The card page's one-tap 'Avise-me de novos carimbos': switches this device's notices on for every
 * customer kind (stamp, complete card, reward, reply, birthday gift); the settings' 'Notificações
 * neste aparelho' turns them off one by one. Shown only where it can work: a browser with Web Push,
 * the server's key, notices not blocked for the site and none on yet on this device, so the card
 * page stays as it was for everyone else.
 */
export function NotifyMeButton() {
  const { t } = useTranslation("push");
  const { support, publicKey, device, save } = usePushDevice();
  if (support !== "supported" || !publicKey.data || !device.data) return null;
  if (device.data.kinds.length > 0 || notificationPermission() === "denied") return null;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="justify-self-center"
      disabled={save.isPending}
      onClick={() =>
        save.mutate([...CUSTOMER_PUSH_KINDS], {
          onSuccess: () => toast.success(t("notifyMeDone")),
          onError: (error) => toast.error(t(pushErrorKey(error))),
        })
      }
    >
      <BellRing aria-hidden="true" />
      {t("notifyMe")}
    </Button>
  );
}
