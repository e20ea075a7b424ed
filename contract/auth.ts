import { z } from "zod";

export const LoginSchema = z.object({
  email: z.email("Enter a valid e-mail address.").max(254),
  password: z.string().min(1, "Enter your password.").max(1024),
});
export type Login = z.infer<typeof LoginSchema>;

export const LoginResponseSchema = z.object({
  status: z.literal("success"),
  auth_token: z.string(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const AuthCheckResponseSchema = z.object({
  status: z.literal("success"),
  admin: z.object({ email: z.string() }),
});
