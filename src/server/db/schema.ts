export * from "../middleware/rate-limits.table";
export * from "../modules/accounts/profiles.table";
export * from "../modules/companies/companies.table";
export * from "../modules/mail/dev-emails.table";
export * from "./auth.table";
