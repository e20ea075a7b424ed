import { z } from "zod";

export const SuccessMessageSchema = z.object({ status: z.literal("success"), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;

export const ApiErrorSchema = z.object({
  status: z.literal("error"),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * A calendar day, YYYY-MM-DD, from 1970 to 2999. Without the bounds `from=0000-01-01` answers 500
 * (the contract fuzzer sends it): z.iso.date accepts year 0, which PostgreSQL does not have (SQLSTATE 22008), and a `to` of
 * 9999-12-31 runs past year 9999 once the day after it is computed. No record here is older or
 * newer than those years, so a filter outside them is a mistake to say, not a query to run.
 */
export const calendarDay = (message: string) =>
  z.iso.date(message).refine((day) => day >= "1970-01-01" && day <= "2999-12-31", "Use a day between 1970 and 2999.");
