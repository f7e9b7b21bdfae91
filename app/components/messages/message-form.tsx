import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { TextAreaField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { MESSAGE_MAX_LENGTH } from "#app/modules/messages/limits.ts";

const constraint: FormConstraint = { body: { required: true, maxLength: MESSAGE_MAX_LENGTH } };

/**
 * The message form of the cabinet's pages: a first message about an advert (`advertId`) or a
 * reply in a thread. The server checks it; on a refusal the text comes back in the field.
 * `party`: the seller's hint leaves out the buyer's one about the email address.
 * `lastSent`: the id of the user's newest message in the thread. A sent reply redirects to the
 * same page, which with JS keeps the form and its text: when the id changes the form is emptied,
 * so the text is not sent twice.
 */
export function MessageForm({
  id,
  advertId,
  lastResult,
  label,
  submit,
  party = "buyer",
  recipient = "seller",
  lastSent,
}: {
  id: string;
  advertId?: number;
  lastResult?: SubmissionResult<string[]> | null;
  label: string;
  submit: string;
  party?: "buyer" | "seller";
  /** Whom a first message goes to: a wanted or help advert's author is no seller. */
  recipient?: "seller" | "author";
  lastSent?: number | null;
}) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id, lastResult, constraint });
  const element = useRef<HTMLFormElement>(null);
  const sent = useRef(lastSent);
  useEffect(() => {
    if (sent.current === lastSent) return;
    sent.current = lastSent;
    element.current?.reset();
  }, [lastSent]);
  return (
    <Form ref={element} method="post" className="form message-form" {...serverCheckedFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {advertId === undefined ? (
        <input type="hidden" name="intent" value="reply" />
      ) : (
        <input type="hidden" name="advert" value={advertId} />
      )}
      <TextAreaField
        field={fields.body}
        label={label}
        hint={t(
          party === "seller"
            ? "cabinet:messages.form.hint_seller"
            : recipient === "author"
              ? "cabinet:messages.form.hint_author"
              : "cabinet:messages.form.hint",
          { max: MESSAGE_MAX_LENGTH },
        )}
        rows={4}
      />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t("cabinet:messages.form.honeypot")}</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <SubmitRow>{submit}</SubmitRow>
    </Form>
  );
}
