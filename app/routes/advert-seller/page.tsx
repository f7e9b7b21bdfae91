import { Form } from "react-router";
import type { Route } from "./+types/route";
import { AdvertCard } from "#app/components/adverts/advert-card.tsx";
import { SellerTrust } from "#app/components/adverts/seller-trust.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { Breadcrumbs } from "#app/components/content/breadcrumbs.tsx";
import { FieldErrors } from "#app/components/forms/error-list.tsx";
import { RATING_REPORT_REASONS } from "#app/modules/ratings/limits.ts";

export default function AdvertSeller({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdvertsT();
  const { seller, trust, items, pagination, signedIn } = loaderData;
  return (
    <section aria-labelledby="seller-title" className="seller-page">
      <Breadcrumbs trail={[{ to: "/advertisement", label: t("item.breadcrumb") }]} />
      <h1 id="seller-title" lang={seller.nameLang}>
        {seller.name}
      </h1>
      <SellerTrust
        trust={trust}
        headingId="seller-trust"
        reviewExtra={
          signedIn
            ? (review) => <ReportReview id={review.id} errors={actionData?.rating === String(review.id) ? actionData.errors : undefined} />
            : undefined
        }
      />
      <h2>{t("seller.adverts")}</h2>
      {items.length ? (
        <>
          <ul className="content-grid">
            {items.map((item) => (
              <li key={item.id}>
                <AdvertCard item={item} headingLevel={3} />
              </li>
            ))}
          </ul>
          <PaginationNav pagination={pagination} />
        </>
      ) : (
        <p>{t("seller.none")}</p>
      )}
    </section>
  );
}

/** A review's report form: closed until opened, open again with its message after a refusal. */
function ReportReview({ id, errors }: { id: number; errors: string[] | undefined }) {
  const { t } = useAdvertsT();
  const fieldId = `report-reason-${id}`;
  const errorId = `${fieldId}-error`;
  return (
    <details className="trust__report" open={errors ? true : undefined}>
      <summary>{t("trust.report")}</summary>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="report_rating" />
        <input type="hidden" name="rating" value={id} />
        <div className="field">
          <label htmlFor={fieldId}>{t("trust.report_reason")}</label>
          <select
            id={fieldId}
            name="reason"
            required
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? errorId : undefined}
          >
            <option value="">{t("trust.report_choose")}</option>
            {RATING_REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`reports:reasons.${reason}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={errorId} errors={errors} />
        </div>
        <button type="submit" className="button button--secondary">
          {t("trust.report_submit")}
        </button>
      </Form>
    </details>
  );
}
