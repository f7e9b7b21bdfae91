import type { ReactNode } from "react";
import { useAdvertsT } from "./use-adverts-t.ts";
import type { TrustReview, TrustView } from "#app/modules/ratings/trust.ts";

// What a buyer may know of a seller before writing: ratings after real exchanges (average,
// count, the newest reviews with the seller's answers) and what their behaviour says (how
// soon and how often they answer, since when they are here, a verified address, adverts live
// and sold). Plain server-rendered markup: the seller page and the advert page's sidebar.

const starText = (stars: number) => `${"★".repeat(stars)}${"☆".repeat(5 - stars)}`;

export function SellerTrust({
  trust,
  headingId,
  card = false,
  role = "seller",
  reviewExtra,
}: {
  trust: TrustView;
  headingId: string;
  /** Drawn as a card (the advert page's sidebar). */
  card?: boolean;
  /** The advert page of a wanted or help advert speaks of its author, not a seller. */
  role?: "seller" | "author";
  /** Something after each review (the seller page's report form). */
  reviewExtra?: (review: TrustReview) => ReactNode;
}) {
  const { t } = useAdvertsT();
  return (
    <section className={card ? "trust trust--card" : "trust"} aria-labelledby={headingId}>
      <h2 id={headingId} className="trust__title">
        {t(role === "seller" ? "trust.title" : "trust.title_author")}
      </h2>
      <p className="trust__rating">
        {trust.rating ? (
          <>
            <span className="trust__star" aria-hidden="true">
              ★
            </span>{" "}
            <strong aria-label={t("trust.average_label", { average: trust.rating.average })}>{trust.rating.average}</strong>{" "}
            <span className="trust__count">({t("trust.ratings", { count: trust.rating.count })})</span>
          </>
        ) : (
          t("trust.no_ratings")
        )}
      </p>
      <dl className="facts trust__facts">
        {trust.replyHours !== null ? (
          <>
            <dt>{t("trust.replies")}</dt>
            <dd>{t("trust.replies_within", { count: trust.replyHours })}</dd>
          </>
        ) : null}
        {trust.answerRate !== null ? (
          <>
            <dt>{t("trust.answer_rate")}</dt>
            <dd>{t("trust.answer_rate_value", { rate: trust.answerRate })}</dd>
          </>
        ) : null}
        <dt>{t("seller.member_since")}</dt>
        <dd>
          <time dateTime={trust.memberSince.iso}>{trust.memberSince.text}</time>
        </dd>
        <dt>{t("seller.email")}</dt>
        <dd>{trust.emailVerified ? t("seller.email_verified") : t("seller.email_unverified")}</dd>
        <dt>{t("seller.live")}</dt>
        <dd>{trust.liveAdverts}</dd>
        <dt>{t("trust.sold")}</dt>
        <dd>{trust.soldAdverts}</dd>
      </dl>
      {trust.reviews.length ? (
        <>
          <h3 className="trust__reviews-title">{t("trust.reviews")}</h3>
          <ul className="trust__reviews">
            {trust.reviews.map((review) => (
              <li key={review.id} className="trust__review">
                <p className="trust__meta">
                  <span className="trust__stars" role="img" aria-label={t("trust.stars_label", { count: review.stars })}>
                    {starText(review.stars)}
                  </span>{" "}
                  {review.by ?? t("trust.deleted_user")} · <time dateTime={review.at.iso}>{review.at.text}</time>
                </p>
                <p className="trust__text" lang={review.bodyLang}>
                  {review.body}
                </p>
                {review.answer ? (
                  <p className="trust__answer">
                    <strong>{t("trust.answer")}</strong> <span lang={review.answerLang}>{review.answer}</span>
                  </p>
                ) : null}
                {reviewExtra?.(review)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
