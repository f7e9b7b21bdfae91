import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { MessageForm } from "#app/components/messages/message-form.tsx";
import { MessageText } from "#app/components/messages/message-text.tsx";
import { ScamWarning } from "#app/components/messages/scam-warning.tsx";
import { SAFETY_PAGE_SLUG } from "#app/modules/content/safety-page.ts";
import { publishedPageSlugsCached } from "#app/modules/pages/pages.server.ts";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SelectField, TextAreaField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { notFound } from "#app/platform/http/errors.ts";
import {
  openThread,
  refusalAnswer,
  reply,
  shareMessageStatus,
  reportConversation,
  sentFlash,
  setBlocked,
  type Thread,
} from "#app/modules/messages/conversations.server.ts";
import { CONVERSATION_REPORT_REASONS, REPORT_NOTE_MAX_LENGTH } from "#app/modules/messages/limits.ts";
import { threadActionSchema } from "#app/modules/messages/schema.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

// /cabinet/messages/:id: one conversation, for its two parties only (anyone else, staff
// included, gets the 404 a missing one gets), with the reply form and block / unblock.

export { headers } from "#app/platform/http/route-headers.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

async function threadFor(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"], userId: number) {
  const id = parseId(params.id);
  if (id === null) notFound();
  const opened = openThread(id, userId, getPageLanguage(context));
  // The header's count comes from the same query (before the first await: the root looks after its own).
  shareMessageStatus(
    context,
    opened.then((found) => found?.status ?? null),
  );
  const found = await opened;
  if (!found) notFound();
  const { thread } = found;
  const t = accountT(context);
  // The warnings link to the safety tips only once staff have published that page (the demo has it).
  const safetyPage = thread.messages.some((message) => message.scam) && (await publishedPageSlugsCached()).has(SAFETY_PAGE_SLUG);
  return {
    thread,
    safetyPage,
    seo: { title: t("cabinet:messages.thread_title", { title: thread.advertTitle }), description: t("cabinet:messages.seo_description") },
  };
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  return threadFor(context, params, user.id);
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const id = parseId(params.id);
  if (id === null) notFound();
  const submission = parseWithZod(await readForm(request), { schema: threadActionSchema });
  const intentOf = submission.payload.intent === "report" ? "report" : "reply";
  const refuse = async (result: SubmissionResult<string[]>, init: number | ResponseInit) =>
    data({ intent: intentOf, result, ...(await threadFor(context, params, user.id)) }, init);
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const here = localizePath(`/cabinet/messages/${id}`, localeFromPath(url.pathname));
  const { intent } = submission.value;
  if (intent === "block" || intent === "unblock") {
    if (!(await setBlocked(id, user.id, intent === "block"))) notFound();
    return redirectWithFlash(here, { severity: "success", message: `cabinet:messages.flash_${intent}ed` });
  }
  if (intent === "report") {
    const outcome = await reportConversation(id, user.id, submission.value.reason, submission.value.note ?? "");
    if (outcome === "not_found") notFound();
    return redirectWithFlash(here, {
      severity: "success",
      message: outcome === "duplicate" ? "cabinet:messages.flash_report_duplicate" : "cabinet:messages.flash_reported",
    });
  }
  if (submission.value.website) return redirectWithFlash(here, { severity: "success", message: "cabinet:messages.flash_sent" });
  const outcome = await reply(id, user.id, submission.value.body);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") notFound();
    const { message, init } = refusalAnswer(outcome);
    return refuse(submission.reply({ formErrors: [message] }), init);
  }
  return redirectWithFlash(here, sentFlash(outcome.held));
}

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { thread, safetyPage } = actionData ?? loaderData;
  // Once per page, not once per message.
  const you = t("cabinet:messages.you");
  const otherName = thread.otherName ?? t("cabinet:messages.deleted_user");
  const held = t("cabinet:messages.held");
  // One text node before the time rather than three.
  const mineBy = `${you} · `;
  const otherBy = `${otherName} · `;
  return (
    <section aria-labelledby="thread-title" className="thread">
      <p className="thread__back">
        <LocalizedLink to="/cabinet/messages">{t("cabinet:messages.back")}</LocalizedLink>
      </p>
      <h1 id="thread-title">
        {thread.advertSlug && thread.advertLive ? (
          <LocalizedLink to={`/advertisement/${thread.advertSlug}`} lang={thread.advertTitleLang}>
            {thread.advertTitle}
          </LocalizedLink>
        ) : (
          <span lang={thread.advertTitleLang}>{thread.advertTitle}</span>
        )}
      </h1>
      <p className="thread__with">
        {t(thread.party === "buyer" ? "cabinet:messages.with_seller" : "cabinet:messages.with_buyer", { name: otherName })}
      </p>
      <ol className="thread__messages" aria-label={t("cabinet:messages.thread_label")}>
        {thread.messages.map((message) => (
          <li
            key={message.id}
            className={`thread__message${message.mine ? " thread__message--mine" : ""}${message.held ? " thread__message--held" : ""}`}
          >
            <p className="thread__meta">
              {message.mine ? mineBy : otherBy}
              <time dateTime={message.sentIso}>{message.sentText}</time>
            </p>
            <p className="thread__text" lang={message.lang}>
              {message.links ? <MessageText text={message.body} linkify /> : message.body}
            </p>
            {message.held ? <p className="thread__held">{held}</p> : null}
            {message.scam ? <ScamWarning signals={message.scam} safetyPage={safetyPage} /> : null}
          </li>
        ))}
      </ol>
      <ThreadFooter thread={thread} lastResult={actionData?.intent === "reply" ? actionData.result : undefined} />
      <ReportConversation lastResult={actionData?.intent === "report" ? actionData.result : undefined} />
    </section>
  );
}

function ThreadFooter({ thread, lastResult }: { thread: Thread; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useAccountT();
  if (thread.blocked === "by_other") return <p className="panel">{t("cabinet:messages.they_blocked")}</p>;
  if (thread.blocked === "by_me") {
    return (
      <div className="panel">
        <p>{t("cabinet:messages.you_blocked")}</p>
        <BlockForm intent="unblock" label={t("cabinet:messages.unblock")} />
      </div>
    );
  }
  if (thread.otherName === null) return <p className="panel">{t("cabinet:messages.other_deleted")}</p>;
  return (
    <>
      <MessageForm
        id="reply"
        lastResult={lastResult}
        label={t("cabinet:messages.form.reply_label")}
        submit={t("cabinet:messages.form.send")}
        party={thread.party}
        lastSent={thread.messages.findLast((message) => message.mine)?.id ?? null}
      />
      <BlockForm intent="block" label={t("cabinet:messages.block")} />
    </>
  );
}

function BlockForm({ intent, label }: { intent: "block" | "unblock"; label: string }) {
  return (
    <IntentButton intent={intent} formClassName="thread__block" buttonClassName="button button--secondary">
      {label}
    </IntentButton>
  );
}

const REPORT_CONSTRAINT: FormConstraint = { reason: { required: true }, note: { maxLength: REPORT_NOTE_MAX_LENGTH } };

/** Reporting sends the messages to the moderators with the report: the only way staff read them. */
function ReportConversation({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "report", lastResult, constraint: REPORT_CONSTRAINT });
  return (
    <details className="thread__report" open={lastResult ? true : undefined}>
      <summary>{t("cabinet:messages.report.summary")}</summary>
      <p className="field__hint">{t("cabinet:messages.report.lead")}</p>
      <IntentForm intent="report" form={form} {...serverCheckedFormProps(form)}>
        <SelectField
          field={fields.reason}
          label={t("cabinet:messages.report.reason")}
          empty={t("cabinet:messages.report.choose")}
          options={CONVERSATION_REPORT_REASONS.map((reason) => ({ value: reason, label: t(`cabinet:messages.report.reasons.${reason}`) }))}
        />
        <TextAreaField field={fields.note} label={t("cabinet:messages.report.note")} rows={3} />
        <SubmitRow variant="secondary">{t("cabinet:messages.report.submit")}</SubmitRow>
      </IntentForm>
    </details>
  );
}
