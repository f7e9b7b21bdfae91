// The password rules as plain functions: the strength meter runs them in the browser without
// shipping zod; passwordSchema (password-policy.ts) states the same rules for the forms.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const CHARACTER_CLASSES = [/[a-zа-яґєіїё]/u, /[A-ZА-ЯҐЄІЇЁ]/u, /\d/, /[^\p{L}\d]/u];

/** How many of lower case, upper case, digits and symbols the password uses. */
export function characterClasses(password: string): number {
  return CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
}

export type PasswordStrength = "empty" | "weak" | "medium" | "strong";

/** Whether passwordSchema accepts it: 8 to 128 characters of at least two kinds. */
function meetsPasswordPolicy(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && characterClasses(password) >= 2;
}

/** The meter's reading (labels Weak, Medium, Strong; "Enter a password" when empty). */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return "empty";
  if (!meetsPasswordPolicy(password)) return "weak";
  // Beyond the policy: 12 characters of three kinds make a Strong one.
  return password.length >= 12 && characterClasses(password) >= 3 ? "strong" : "medium";
}
