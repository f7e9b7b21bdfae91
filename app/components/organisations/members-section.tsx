import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { InputField, SelectField } from "#app/components/forms/fields.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import type { Member } from "#app/modules/organisations/members.server.ts";
import { inviteSchema, ROLES } from "#app/modules/organisations/schemas.ts";
import { useOrganisationsT } from "./use-organisations-t.ts";

/** What a membership post answered with 400: the invite form's result, or a member row's message. */
export type MembershipReply =
  { intent: "invite"; result: SubmissionResult<string[]> } | { intent: "member"; userId: number; error: string } | undefined;

/**
 * An organisation's members: each with their role (changeable) and a remove button for those
 * who manage members, then the invite form; `trusted` adds staff's "trusted" box. Plain posts.
 */
export function MembersSection({
  members,
  manage,
  trusted,
  reply,
}: {
  members: Member[];
  manage: boolean;
  /** Staff only: the organisation's "trusted" flag, editable. */
  trusted?: boolean;
  reply: MembershipReply;
}) {
  const { t, message } = useOrganisationsT();
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`organisations:roles.${role}`) }));
  return (
    <section className="panel org-members" aria-labelledby="org-members-title">
      {trusted !== undefined ? (
        <Form method="post" className="form org-members__trust">
          <input type="hidden" name="intent" value="trust" />
          <div className="field field--checkbox">
            <input id="org-trusted" type="checkbox" name="trusted" defaultChecked={trusted} />
            <label htmlFor="org-trusted">{t("organisations:members.trusted_label")}</label>
          </div>
          <SubmitRow variant="secondary">{t("organisations:members.trusted_save")}</SubmitRow>
        </Form>
      ) : null}
      <h2 id="org-members-title">{t("organisations:members.title")}</h2>
      {members.length ? (
        <ul className="org-members__list">
          {members.map((member) => {
            const error = reply?.intent === "member" && reply.userId === member.userId ? reply.error : null;
            const errorId = `member-${member.userId}-error`;
            return (
              <li key={member.userId} className="org-members__item">
                <p className="org-members__name">
                  <strong>{member.name || "—"}</strong> · {t(`organisations:roles.${member.role}`)}
                  {member.pending ? <span className="field__hint"> ({t("organisations:members.pending")})</span> : null}
                </p>
                {error ? (
                  <p id={errorId} className="field__error" role="alert">
                    {message(error)}
                  </p>
                ) : null}
                {manage ? (
                  <div className="org-members__forms">
                    <IntentButton
                      intent="member_role"
                      fields={{ userId: member.userId }}
                      formClassName="org-members__form"
                      buttonClassName="button button--secondary"
                      ariaDescribedBy={error ? errorId : undefined}
                      controls={
                        <select
                          name="role"
                          defaultValue={member.role}
                          aria-label={t("organisations:members.role_label", { name: member.name })}
                        >
                          {roleOptions.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      }
                    >
                      {t("organisations:members.set_role")}
                    </IntentButton>
                    <IntentButton
                      intent="remove_member"
                      fields={{ userId: member.userId }}
                      formClassName="org-members__form"
                      buttonClassName="button button--danger"
                      ariaLabel={t("organisations:members.remove_label", { name: member.name })}
                    >
                      {t("organisations:members.remove")}
                    </IntentButton>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t("organisations:members.empty")}</p>
      )}
      {manage ? <InviteForm lastResult={reply?.intent === "invite" ? reply.result : undefined} roleOptions={roleOptions} /> : null}
    </section>
  );
}

function InviteForm({
  lastResult,
  roleOptions,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  roleOptions: Array<{ value: string; label: string }>;
}) {
  const { t } = useOrganisationsT();
  const [form, fields] = useConformForm(inviteSchema, { id: "org-invite-form", lastResult, defaultValue: { role: "editor" } });
  return (
    <>
      <h3>{t("organisations:members.invite_title")}</h3>
      <p className="field__hint">{t("organisations:members.invite_lead")}</p>
      <IntentForm intent="invite" form={form} {...getFormProps(form)}>
        <InputField field={fields.email} label={t("organisations:members.email")} type="email" autoComplete="off" />
        <SelectField field={fields.role} label={t("organisations:members.role")} options={roleOptions} />
        <SubmitRow>{t("organisations:members.invite")}</SubmitRow>
      </IntentForm>
    </>
  );
}
