import { z } from "zod";

/** Stamps a programme may require (spec: 'Carimbos Necessários'). */
export const PROGRAM_MIN_STAMPS = 1;
export const PROGRAM_MAX_STAMPS = 50;
export const PROGRAM_NAME_MAX_LENGTH = 80;
export const PROGRAM_REWARD_MAX_LENGTH = 200;
export const PROGRAM_DESCRIPTION_MAX_LENGTH = 500;

export const CreateProgramSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "program_name_required")
    .max(PROGRAM_NAME_MAX_LENGTH, "program_name_too_long"),
  stampsRequired: z.coerce
    .number("program_stamps_range")
    .int("program_stamps_range")
    .min(PROGRAM_MIN_STAMPS, "program_stamps_range")
    .max(PROGRAM_MAX_STAMPS, "program_stamps_range"),
  reward: z
    .string()
    .trim()
    .min(1, "program_reward_required")
    .max(PROGRAM_REWARD_MAX_LENGTH, "program_reward_too_long"),
  description: z
    .string()
    .trim()
    .max(PROGRAM_DESCRIPTION_MAX_LENGTH, "program_description_too_long")
    .default(""),
});
export type CreateProgram = z.infer<typeof CreateProgramSchema>;

/** Editing a programme: the same fields; only cards opened afterwards take the new size and reward. */
export const UpdateProgramSchema = CreateProgramSchema;
export type UpdateProgram = z.infer<typeof UpdateProgramSchema>;

export const ProgramSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    stampsRequired: z.number().int(),
    reward: z.string(),
    description: z.string(),
    isDefault: z.boolean(),
    /** Archived programmes open no new cards; their open cards go on. */
    archivedAt: z.string().nullable(),
    /** Open (active or complete) cards of this programme. */
    openCards: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "Program" });
export type Program = z.infer<typeof ProgramSchema>;
