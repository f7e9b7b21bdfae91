import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { LimitState } from "./rate-limit.server.ts";

/** An account form's answer: which form (`intent`) it is for, and conform's result. */
export type FormReply<Intent extends string = string> = { intent: Intent; result: SubmissionResult<string[]> };

export function formReply<Intent extends string>(intent: Intent, result: SubmissionResult<string[]>, init: number | ResponseInit) {
  return data<FormReply<Intent>>({ intent, result }, init);
}

/** The 429 answer of a used-up limit: a localized message at the form and Retry-After. */
export function tooManyReply<Intent extends string>(
  intent: Intent,
  submission: { reply(options: { formErrors: string[]; hideFields?: string[] }): SubmissionResult<string[]> },
  limit: LimitState,
  hideFields: string[] = [],
) {
  const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
  return formReply(intent, submission.reply({ formErrors: [`auth:login.too_many|${JSON.stringify({ minutes })}`], hideFields }), {
    status: 429,
    headers: { "Retry-After": String(limit.retryAfterSeconds) },
  });
}
