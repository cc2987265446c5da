/**
 * Issue 35's budget for the customer dashboard: the first screen of a customer with a card, on a
 * phone, in gzipped initial JavaScript. Checked by e2e/app-budgets-customer.e2e.ts and reported
 * by `npm run bench:web` (the other app pages' budgets: initial-js.ts).
 */
export const CUSTOMER_DASHBOARD_BUDGET = { path: "/dashboard-cliente", budgetBytes: 150 * 1024 };
