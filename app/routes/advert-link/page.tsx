import type { Route } from "./+types/route";
import { Form } from "react-router";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";

export default function AdvertLink({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdvertsT();
  const page = actionData ?? loaderData;
  const values = { title: "title" in page ? page.title : "", date: page.until, days: page.days };
  return (
    <section aria-labelledby="advert-link-title" className="advert-link">
      <h1 id="advert-link-title">{t(`lifecycle.link.${page.wording}_title`)}</h1>
      {page.state === "confirm" ? (
        <Form method="post">
          <p>{t(`lifecycle.link.${page.wording}_intro`, values)}</p>
          <button type="submit" className="button">
            {t(`lifecycle.link.${page.wording}_button`)}
          </button>
        </Form>
      ) : page.state === "done" ? (
        <p role="status">{t(page.wording === "renew" ? "lifecycle.link.renewed" : `lifecycle.link.${page.wording}`, values)}</p>
      ) : (
        <p role="alert">{t(`lifecycle.link.${page.state}`)}</p>
      )}
      <p>
        <LocalizedLink to="/cabinet/advertisement">{t("lifecycle.link.cabinet")}</LocalizedLink>
      </p>
    </section>
  );
}
