import { Form } from "react-router";
import type { Route } from "./+types/route";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";

export default function NewsletterUnsubscribe({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useNewsletterT();
  const view = actionData ?? loaderData;
  return (
    <section className="static-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t("newsletter:unsubscribe.title")}</h1>
      {view.state === "invalid" ? (
        <p>{t("newsletter:unsubscribe.invalid")}</p>
      ) : view.state === "done" ? (
        <p role="status">{t("newsletter:unsubscribe.done", { email: view.email })}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={view.token} />
          <p>{t("newsletter:unsubscribe.confirm", { email: view.email })}</p>
          <button type="submit" className="button">
            {t("newsletter:unsubscribe.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
