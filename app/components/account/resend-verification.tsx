import { Form } from "react-router";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";

/** The button that mails the address check again: the cabinet's action sends it, from any page that offers it. */
export function ResendVerification({ label }: { label: string }) {
  return (
    <Form method="post" action={localizePath("/cabinet", useLocale())}>
      <input type="hidden" name="intent" value="resend" />
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </Form>
  );
}
