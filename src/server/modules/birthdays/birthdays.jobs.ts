/** The birthdays module's jobs (src/server/jobs.ts runs every module's). */
import type { JobDefinition } from "../jobs/jobs.service";
import { grantBirthdayGifts } from "./birthdays.service";

export const BIRTHDAY_JOBS: readonly JobDefinition[] = [
  // Birthday gifts: every day at 08:00 in São Paulo, once per member, company and year.
  {
    name: "birthday-gifts",
    cron: "0 8 * * *",
    handler: (deps, now) => grantBirthdayGifts(deps, now),
  },
];
