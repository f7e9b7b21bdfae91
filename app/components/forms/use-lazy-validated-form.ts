import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent, type FocusEvent } from "react";
import { formStates, type FormConstraint } from "./use-server-checked-form.ts";

/** Messages by field name ("" for the whole form), as conform's `submission.error` has them. */
export type FormErrors = Record<string, string[] | null | undefined>;
/** The browser's check of the whole form: what the server's schema would say. */
export type FormValidator = (formData: FormData) => FormErrors;

type Options = {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** `getZodConstraint(schema)` from the loader: the attributes the fields carry before any check. */
  constraint: FormConstraint;
  defaultValue?: Record<string, string | boolean | string[] | undefined>;
  /** The validator's module (zod, the schema, conform's parser), fetched when the form is first focused. */
  loadValidator: () => Promise<FormValidator>;
};

/** Default values as a form holds them (conform's serialisation): `true` is "on", `false` nothing. */
function serialize(value: string | boolean | string[] | undefined): unknown {
  if (typeof value === "boolean") return value ? "on" : undefined;
  return value;
}

/**
 * A long form that checks as you type without shipping its checks on the first load (zod and
 * conform are too large for the public pages' JS budget; docs/adr/0032-first-load.md). It behaves like conform's `useForm` with
 * shouldValidate "onBlur" and shouldRevalidate "onInput": a field is checked when left, then
 * on every keystroke; a submit checks everything and stays in the browser while something is
 * wrong. The checks load when the form is first focused; a submit before they are here goes
 * to the server, which answers with the same messages (`lastResult`), as it does without JS.
 * Field ids and names follow conform's (`advert-title`, `advert-title-error`).
 */
export function useLazyValidatedForm({ id, lastResult, constraint, defaultValue = {}, loadValidator }: Options) {
  // What the browser found, for the server answer it was found after: a new answer replaces it.
  const [checked, setChecked] = useState<{ after: unknown; errors: FormErrors } | null>(null);
  const validator = useRef<FormValidator | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const validated = useRef(new Set<string>());
  const focusFirstError = useRef(false);

  const errors: FormErrors = checked && checked.after === lastResult ? checked.errors : (lastResult?.error ?? {});
  const initial = (
    lastResult
      ? (lastResult.initialValue ?? {})
      : Object.fromEntries(Object.entries(defaultValue).map(([name, value]) => [name, serialize(value)]))
  ) as Record<string, unknown>;

  const load = () => {
    loading.current ??= loadValidator().then(
      (validate) => void (validator.current = validate),
      () => void (loading.current = null),
    );
  };

  // Focused before the form hydrated (on a page that loads it later, deferred.tsx): the checks
  // load as that focus would have loaded them.
  useEffect(() => {
    if (document.getElementById(id)?.contains(document.activeElement)) load();
    // Once, when the form hydrates.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Runs the check and shows its messages for `names` (every field when "all"). */
  const check = (form: HTMLFormElement, names: Iterable<string> | "all"): boolean => {
    const validate = validator.current;
    if (!validate) return true;
    const found = validate(new FormData(form));
    const next: FormErrors = names === "all" ? {} : { ...errors };
    for (const name of names === "all" ? Object.keys(found) : names) next[name] = found[name]?.length ? found[name] : undefined;
    setChecked({ after: lastResult, errors: next });
    return !Object.values(found).some((list) => list?.length);
  };

  const nameOf = (target: EventTarget) =>
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ? target.name : "";

  const formProps = {
    id,
    noValidate: true,
    "aria-describedby": errors[""]?.length ? `${id}-error` : undefined,
    onFocus: load,
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const name = nameOf(event.target);
      if (!name) return;
      validated.current.add(name);
      check(event.currentTarget, validated.current);
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const name = nameOf(event.target);
      if (name && validated.current.has(name)) check(event.currentTarget, validated.current);
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      load();
      const form = event.currentTarget;
      for (const element of Array.from(form.elements)) if (nameOf(element)) validated.current.add(nameOf(element));
      if (check(form, "all")) return;
      event.preventDefault();
      focusFirstError.current = true;
      // After React has written the messages: the first field with one gets focus.
      requestAnimationFrame(() => {
        if (!focusFirstError.current) return;
        focusFirstError.current = false;
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    },
  };

  const { form, fields } = formStates(id, constraint, errors, initial);
  return { form, fields, formProps, errors };
}
