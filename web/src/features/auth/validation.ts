const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

export function validateLogin(identifier: string, password: string): string | null {
  if (identifier.trim() === "" || password === "") return "username/email or password missing";
  return null;
}

export function validateSignup(email: string, username: string, password: string): string | null {
  const normalized = normalizeEmail(email);
  if (normalized === "" || username.trim() === "" || password === "") return "Username, email or password missing";
  if (!isEmail(normalized)) return "Invalid email";
  return null;
}

/** Keeps digits only, at most six of them. */
export function sanitizeCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}
