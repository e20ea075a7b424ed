import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id settings (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed hash: never a match, never a crash
  }
}

let dummyHash: Promise<string> | undefined;
/** A real hash to verify against when the e-mail is unknown, so both failures take the same time. */
export const dummyPasswordHash = () => (dummyHash ??= hashPassword("not-a-real-password-just-for-timing"));

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

// The most common long passwords of public breach lists; shorter ones fail the length rule anyway.
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "password1234",
  "password12345",
  "password123456",
  "qwertyuiop12",
  "qwertyuiop123",
  "qwerty123456",
  "qwertyuiopasdf",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "iloveyou1234",
  "administrator",
  "administrator1",
  "adminadmin123",
  "admin1234567",
  "letmein12345",
  "welcome12345",
  "welcome123456",
  "changeme1234",
  "passwordpassword",
  "abcdefghijkl",
  "abc123456789",
  "111111111111",
  "000000000000",
  "aaaaaaaaaaaa",
  "football1234",
  "baseball1234",
  "sunshine1234",
  "princess1234",
  "superman1234",
  "trustno11234",
  "monkey123456",
  "dragon123456",
  "master123456",
  "p@ssw0rd1234",
  "p@ssword1234",
  "passw0rd1234",
  "zaq12wsxcde3",
  "asdfghjkl123",
  "zxcvbnm12345",
]);

/** Why a new admin password is refused, or undefined when it is acceptable. */
export function adminPasswordProblem(password: string, email?: string): string | undefined {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > 1024) return "The password must be at most 1024 characters long.";
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return "That password is too common; choose another.";
  if (email && lower.includes(email.toLowerCase().split("@")[0]) && email.split("@")[0].length >= 4) {
    return "The password must not contain the e-mail name.";
  }
  return undefined;
}
