import type { FlatNamespace } from "i18next";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { messageNamespaces, translateMessage } from "./message-codec.ts";

/** Turns coded messages into text, waiting (on first mount) for the namespaces they name. */
function useMessageText(messages: readonly string[] | undefined): (message: string) => string {
  const { t } = useTranslation(["common", ...messageNamespaces(messages)] as FlatNamespace[], { lng: usePageLanguage() });
  return (message) => translateMessage(t, message);
}

type ErrorsProps = { id: string; errors: readonly string[] | undefined };

/** A field's messages in one paragraph; its id is what the control's aria-describedby names. */
export function FieldErrors({ id, errors }: ErrorsProps) {
  const text = useMessageText(errors);
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors.map(text).join(" ")}
    </p>
  );
}

/** Messages about the whole form, announced when they appear. */
export function FormErrors({ id, errors }: ErrorsProps) {
  const text = useMessageText(errors);
  if (!errors?.length) return null;
  return (
    <div id={id} className="form__errors" role="alert">
      {errors.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}
