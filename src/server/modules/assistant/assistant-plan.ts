import { planAllows } from "@shared/billing.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { planStatus } from "../companies/companies.queries";
import { findAssistantCompany } from "./assistant.queries";

/**
 * IA Suprema's plan check (billing.schema's planAllows, decision 027): the trial, or the Supremo
 * plan paid (or graced) for today. Every IA Suprema route that works the channels (a channel
 * saved, its inbox, a person's reply, a conversation taken over or handed back) asks it.
 */
export async function assistantInPlan(db: Db, companyId: string, now = new Date()) {
  const company = await findAssistantCompany(db, companyId);
  if (!company) return false;
  const status = planStatus(company, now);
  return planAllows(
    { plan: company.plan ?? null, planStatus: status, trialEndsAt: company.trialEndsAt },
    "assistant",
    now,
  );
}

/** 403 assistant_plan_required when the company's plan does not include IA Suprema today. */
export async function requireAssistantPlan(db: Db, companyId: string) {
  if (!(await assistantInPlan(db, companyId))) {
    throw new AppError(
      "assistant_plan_required",
      403,
      "IA Suprema is part of the Supremo com IA plan",
    );
  }
}
