import { AccessLogTable } from "./access-log-table";
import { ChangePasswordForm } from "./change-password-form";
import { TwoFactorSettings } from "./two-factor-settings";

/** /configuracoes, 'Segurança': password change, two-factor authentication, access log. */
export function SecuritySection() {
  return (
    <div className="grid gap-6 [&>*+*]:border-t [&>*+*]:pt-6">
      <ChangePasswordForm />
      <TwoFactorSettings />
      <AccessLogTable />
    </div>
  );
}
