import type { Me } from "@shared/auth.schema";
import { createContext, type ReactNode, use } from "react";

/**
 * The signed-in customer, for the customer area's pages: given by the area's guard in the app
 * (customer-area.tsx) and by the customer dashboard's own entry (customer/customer-shell.tsx,
 * decision 043), which has no router and so no outlet context.
 */
const CustomerMeContext = createContext<Me | null>(null);

export function CustomerMeProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <CustomerMeContext value={me}>{children}</CustomerMeContext>;
}

/** The signed-in customer, inside the customer area. */
export function useCustomerMe(): Me {
  const me = use(CustomerMeContext);
  if (!me) throw new Error("useCustomerMe outside the customer area");
  return me;
}
