import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";

// The form's values as conform sees them: always an object, whatever the schema.
type Values<Schema extends $ZodType> = input<Schema> extends Record<string, unknown> ? input<Schema> : Record<string, unknown>;

type Options<Schema extends $ZodType> = {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Values<Schema>>;
  /**
   * "blur" (the default): a field is checked when left, then again on every keystroke until
   * it is right. "submit": only when sent, for short forms in lists where early messages would be noise.
   */
  validateOn?: "blur" | "submit";
  /** The schema whose constraint attributes the fields carry, when not `schema` (a union's branch checks one intent). */
  constraintSchema?: $ZodType;
};

/**
 * conform's form bound to the zod schema the action also parses: the browser checks what the
 * server will (constraint attributes before hydration, zod after), and without JS the
 * server's reply in `lastResult` shows the same messages.
 */
export function useConformForm<Schema extends $ZodType>(
  schema: Schema,
  { id, lastResult, defaultValue, validateOn = "blur", constraintSchema = schema }: Options<Schema>,
) {
  return useForm<Values<Schema>, output<Schema>, string[]>({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue,
    constraint: getZodConstraint(constraintSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    shouldValidate: validateOn === "blur" ? "onBlur" : "onSubmit",
    shouldRevalidate: validateOn === "blur" ? "onInput" : "onSubmit",
  });
}
