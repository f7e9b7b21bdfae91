import { useForm, type SubmissionResult } from "@conform-to/react";

/** What a loader sends from `getZodConstraint(schema)`: HTML constraint attributes per field. */
export type FormConstraint = Record<string, { required?: boolean; minLength?: number; maxLength?: number; min?: string | number; max?: string | number; step?: string | number; multiple?: boolean; pattern?: string }>;

/**
 * conform's form for a short public form (sign-in, password reset, account deletion) checked by
 * the server alone: the page ships no zod and no schema (about 33 KiB gzip), the constraint
 * attributes come from the loader (`getZodConstraint` of the schema the action parses), and every
 * submit gets the server's localized messages in `lastResult`, with JS as without.
 */
export function useServerCheckedForm({ id, lastResult, constraint }: { id: string; lastResult?: SubmissionResult<string[]> | null; constraint: FormConstraint }) {
  return useForm<Record<string, unknown>, Record<string, unknown>, string[]>({ id, lastResult: lastResult ?? undefined, constraint });
}
