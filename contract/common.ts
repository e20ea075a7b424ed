import { z } from "zod";

export const SuccessMessageSchema = z.object({ status: z.literal("success"), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;

export const ApiErrorSchema = z.object({
  status: z.literal("error"),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
