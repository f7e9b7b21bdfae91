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
import { FieldErrors } from "#app/components/forms/error-list.tsx";
import { answerRating, rateConversation, type RatingPanel } from "#app/modules/ratings/ratings.server.ts";
import { answerSchema, rateSchema } from "#app/modules/ratings/schema.ts";
import { ANSWER_MAX_LENGTH, RATING_TEXT_MAX_LENGTH, STARS } from "#app/modules/ratings/limits.ts";

// /cabinet/messages/:id: one conversation, for its two parties only (anyone else, staff
// included, gets the 404 a missing one gets), with the reply form and block / unblock, and
// the rating of the other party once it is allowed (ratings/ratings.server.ts) with the
// answer to the rating received.

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
    rating: found.rating,
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
  const form = await readForm(request);
  const here = localizePath(`/cabinet/messages/${id}`, localeFromPath(url.pathname));
  const answerWith = async (intent: ThreadIntent, result: SubmissionResult<string[]>, init: number | ResponseInit) =>
    data({ intent, result, ...(await threadFor(context, params, user.id)) }, init);
  if (form.get("intent") === "rate") {
    const rated = parseWithZod(form, { schema: rateSchema });
    if (rated.status !== "success") return answerWith("rate", rated.reply(), 400);
    const outcome = await rateConversation(id, user.id, rated.value.stars, rated.value.body ?? "");
    if (outcome.ok) return redirectWithFlash(here, { severity: "success", message: "cabinet:ratings.flash_rated" });
    if (outcome.reason === "not_found") notFound();
    if (outcome.reason === "limited") {
      const seconds = outcome.retryAfterSeconds ?? 60;
      const message = `cabinet:ratings.errors.too_many|${JSON.stringify({ minutes: Math.max(1, Math.ceil(seconds / 60)) })}`;
      return answerWith("rate", rated.reply({ formErrors: [message] }), { status: 429, headers: { "Retry-After": String(seconds) } });
    }
    return answerWith("rate", rated.reply({ formErrors: [`cabinet:ratings.errors.${outcome.reason}`] }), 403);
  }
  if (form.get("intent") === "answer") {
    const answered = parseWithZod(form, { schema: answerSchema });
    if (answered.status !== "success") return answerWith("answer", answered.reply(), 400);
    const outcome = await answerRating(answered.value.rating, user.id, answered.value.answer);
    if (outcome === "not_found") notFound();
    if (outcome === "already")
      return answerWith("answer", answered.reply({ formErrors: ["cabinet:ratings.errors.answered_already"] }), 400);
    return redirectWithFlash(here, { severity: "success", message: "cabinet:ratings.flash_answered" });
  }
  const submission = parseWithZod(form, { schema: threadActionSchema });
  const intentOf = submission.payload.intent === "report" ? "report" : "reply";
  const refuse = (result: SubmissionResult<string[]>, init: number | ResponseInit) => answerWith(intentOf, result, init);
  if (submission.status !== "success") return refuse(submission.reply(), 400);
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

type ThreadIntent = "reply" | "report" | "rate" | "answer";

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { thread, safetyPage, rating } = actionData ?? loaderData;
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
      {rating ? (
        <RatingSection
          panel={rating}
          rateResult={actionData?.intent === "rate" ? actionData.result : undefined}
          answerResult={actionData?.intent === "answer" ? actionData.result : undefined}
        />
      ) : null}
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

const RATE_CONSTRAINT: FormConstraint = { stars: { required: true }, body: { maxLength: RATING_TEXT_MAX_LENGTH } };
const ANSWER_CONSTRAINT: FormConstraint = { answer: { required: true, maxLength: ANSWER_MAX_LENGTH } };

/**
 * The rating of the other party, when the rules allow it ("Rate <name>": stars as radio
 * buttons, a short optional text), or why not when saying so helps; the rating given; the
 * rating received, with the one public answer to it.
 */
function RatingSection({
  panel,
  rateResult,
  answerResult,
}: {
  panel: RatingPanel;
  rateResult: SubmissionResult<string[]> | undefined;
  answerResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useAccountT();
  const name = panel.otherName ?? t("cabinet:messages.deleted_user");
  const [form, fields] = useServerCheckedForm({ id: "rate", lastResult: rateResult, constraint: RATE_CONSTRAINT });
  const [answerForm, answerFields] = useServerCheckedForm({ id: "answer", lastResult: answerResult, constraint: ANSWER_CONSTRAINT });
  const chosen = String(fields.stars.initialValue ?? "");
  const { received, given } = panel;
  if (!panel.canRate && !panel.hint && !given && !received) return null;
  return (
    <section className="panel thread__rating" aria-labelledby="rating-title">
      <h2 id="rating-title">{t("cabinet:ratings.title")}</h2>
      {received ? (
        received.removed ? (
          <p>{t("cabinet:ratings.received_removed")}</p>
        ) : (
          <div className="thread__rating-received">
            <p>{t("cabinet:ratings.received", { name, stars: received.stars })}</p>
            {received.body ? <p className="trust__text">{received.body}</p> : null}
            {received.answer ? (
              <p className="trust__answer">
                <strong>{t("cabinet:ratings.your_answer")}</strong> {received.answer}
              </p>
            ) : (
              <IntentForm intent="answer" form={answerForm} {...serverCheckedFormProps(answerForm)}>
                <input type="hidden" name="rating" value={received.id} />
                <TextAreaField field={answerFields.answer} label={t("cabinet:ratings.answer")} rows={2} />
                <SubmitRow variant="secondary">{t("cabinet:ratings.answer_submit")}</SubmitRow>
              </IntentForm>
            )}
          </div>
        )
      ) : null}
      {given ? (
        <p>{given.removed ? t("cabinet:ratings.given_removed") : t("cabinet:ratings.given", { name, stars: given.stars })}</p>
      ) : panel.canRate ? (
        <IntentForm intent="rate" form={form} {...serverCheckedFormProps(form)} aria-labelledby="rate-title">
          <h3 id="rate-title">{t("cabinet:ratings.rate", { name })}</h3>
          <p className="field__hint">{t("cabinet:ratings.lead")}</p>
          <fieldset
            className="rating-stars"
            aria-invalid={fields.stars.errors ? true : undefined}
            aria-describedby={fields.stars.errors ? fields.stars.errorId : undefined}
          >
            <legend>{t("cabinet:ratings.stars")}</legend>
            <div className="rating-stars__options">
              {STARS.map((stars) => (
                <label key={stars}>
                  <input type="radio" name="stars" value={stars} required defaultChecked={chosen === String(stars)} />
                  <span>
                    <span aria-hidden="true">{"★".repeat(stars)}</span> {t("cabinet:ratings.star", { count: stars })}
                  </span>
                </label>
              ))}
            </div>
            <FieldErrors id={fields.stars.errorId} errors={fields.stars.errors} />
          </fieldset>
          <TextAreaField field={fields.body} label={t("cabinet:ratings.body")} rows={3} />
          <SubmitRow>{t("cabinet:ratings.submit")}</SubmitRow>
        </IntentForm>
      ) : panel.hint?.kind === "too_early" ? (
        <p>{t("cabinet:ratings.too_early", { name, date: panel.hint.from.text })}</p>
      ) : panel.hint ? (
        <p>{t("cabinet:ratings.too_few_messages")}</p>
      ) : null}
    </section>
  );
}
