import type { Route } from "./+types/route";
import { Form } from "react-router";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";

export default function Unsubscribe({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAccountT();
  const view = actionData ?? loaderData;
  return (
    <section aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t("cabinet:unsubscribe.title")}</h1>
      {view.state === "invalid" ? (
        <p>{t("cabinet:unsubscribe.invalid")}</p>
      ) : view.state === "done" ? (
        <p role="status">
          {view.kind === "messages" ? t("cabinet:message_mail.unsubscribe_done") : t("cabinet:unsubscribe.done", { name: view.name })}
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={view.token} />
          <p>
            {view.kind === "messages"
              ? t("cabinet:message_mail.unsubscribe_confirm")
              : t("cabinet:unsubscribe.confirm", { name: view.name })}
          </p>
          <button type="submit" className="button">
            {t("cabinet:unsubscribe.submit")}
          </button>
        </Form>
      )}
      <p>
        {view.kind === "messages" ? (
          <LocalizedLink to="/cabinet">{t("cabinet:message_mail.heading")}</LocalizedLink>
        ) : (
          <LocalizedLink to="/cabinet/saved-searches">{t("cabinet:unsubscribe.manage")}</LocalizedLink>
        )}
      </p>
    </section>
  );
}
