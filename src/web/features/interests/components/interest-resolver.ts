import { zodResolver } from "@hookform/resolvers/zod";
import { CreateInterestSchema } from "@shared/interests.schema";

/** The interest form's check (interest-form.tsx fetches it on the first submit). */
export const interestResolver = zodResolver(CreateInterestSchema);
