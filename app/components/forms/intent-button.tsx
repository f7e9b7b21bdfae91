import type { ReactNode } from "react";
import { Form } from "react-router";

type IntentButtonProps = {
  /** The action's `intent` field: which branch of the route's action runs. */
  intent: string;
  /** Further hidden fields the action reads (the row's id...), sent after the intent. */
  fields?: Readonly<Record<string, string | number>>;
  /** The form's own controls, before the button (a select, a box to tick first). */
  controls?: ReactNode;
  /** Where to post; the current route when left out. */
  action?: string;
  formClassName?: string;
  buttonClassName?: string;
  ariaLabel?: string;
  ariaDescribedBy?: string;
  children: ReactNode;
};

/** A one-button form posting a named intent: works without JS. */
export function IntentButton({
  intent,
  fields,
  controls,
  action,
  formClassName,
  buttonClassName = "button",
  ariaLabel,
  ariaDescribedBy,
  children,
}: IntentButtonProps) {
  return (
    <Form method="post" action={action} className={formClassName}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {controls}
      <button type="submit" className={buttonClassName} aria-label={ariaLabel} aria-describedby={ariaDescribedBy}>
        {children}
      </button>
    </Form>
  );
}

/** One of a form's submit buttons, naming its own intent (release or discard, resolve or dismiss): the form's fields go with either. */
export function IntentSubmit({ intent, variant, children }: { intent: string; variant?: "secondary" | "danger"; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className={variant ? `button button--${variant}` : "button"}>
      {children}
    </button>
  );
}
