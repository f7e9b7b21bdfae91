import { Form } from "react-router";
import type { Route } from "./+types/route";
import { AppLink } from "#app/components/localized-link.tsx";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";

export default function NewsletterConfirm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useNewsletterT();
  const view = actionData ?? loaderData;
  return (
    <section className="static-page" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{view.state === "done" ? t("newsletter:confirm.title") : t("newsletter:page.title")}</h1>
      {view.state === "invalid" ? (
        <p>{t("newsletter:confirm.invalid")}</p>
      ) : view.state === "done" ? (
        <>
          <p role="status">{t("newsletter:confirm.done", { email: view.email })}</p>
          {view.manage ? (
            <p>
              <AppLink to={view.manage}>{t("newsletter:confirm.manage")}</AppLink>
            </p>
          ) : null}
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={view.token} />
          <button type="submit" className="button">
            {t("newsletter:form.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
