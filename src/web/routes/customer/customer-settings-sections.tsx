import { MarketingConsentsSection } from "@/web/features/assistant/components/marketing-consents-section";
import { CustomerEmailSection } from "@/web/features/notifications/components/customer-email-section";
import { CustomerPushSection } from "@/web/features/push/components/customer-push-section";

/**
 * 'Comunicações', the e-mails and the phone's notifications in the customer's settings: loaded
 * with the open dialog (customer-dashboard-page.tsx), not with the first screen (issue 35).
 */
export function CustomerSettingsSections() {
  return (
    <>
      <MarketingConsentsSection />
      <CustomerEmailSection />
      <CustomerPushSection />
    </>
  );
}
