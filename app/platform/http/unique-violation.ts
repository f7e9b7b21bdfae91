// A form's "is this value free?" check runs before its write, so two staff members saving the
// same slug at once both pass it; the database's unique key then refuses the second write.
// That refusal is the same answer as the check's: the field's message, with status 400.

/** PostgreSQL's unique_violation (pg and PGlite report it alike, with the constraint's name). */
const UNIQUE_VIOLATION = "23505";

/** Whether `error` is the database refusing a duplicate, of `constraint` when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fault = error as { code?: unknown; constraint?: unknown } | null | undefined;
  return fault?.code === UNIQUE_VIOLATION && (constraint === undefined || fault.constraint === constraint);
}

/** A write refused for one form field, with the message the form shows beside it. */
export type FieldRefusal = { ok: false; field: string; message: string };

/**
 * Awaits `write`; a unique violation of one of `constraints` (each naming its field and
 * message) comes back as that field's refusal, every other error is thrown on.
 */
export async function refuseDuplicates<T>(
  write: Promise<T>,
  constraints: Record<string, Omit<FieldRefusal, "ok">>,
): Promise<T | FieldRefusal> {
  try {
    return await write;
  } catch (error) {
    for (const [constraint, refusal] of Object.entries(constraints)) {
      if (isUniqueViolation(error, constraint)) return { ok: false, ...refusal };
    }
    throw error;
  }
}
