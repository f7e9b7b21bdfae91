import { Form, useActionData, useNavigation } from "react-router";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { AppLink } from "#app/components/localized-link.tsx";
import type { RsvpRefusal } from "#app/modules/posters/poster-page.server.ts";
import type { RsvpState } from "#app/modules/posters/rsvp.server.ts";

export type PosterRsvpData = RsvpState & { signedIn: boolean; loginHref: string };

/**
 * "I'm going" on an event page: a plain form post to the page itself (works without JS),
 * answered by a redirect with a toast, or by the refusal shown under the button. The count is
 * everyone's; the viewer's own mark is only on signed-in pages, which no cache keeps.
 */
export function PosterRsvp({ rsvp, isPast }: { rsvp: PosterRsvpData; isPast: boolean }) {
  const { t } = useTranslation("events", { lng: usePageLanguage() });
  const refused = useActionData<{ refused?: RsvpRefusal }>()?.refused;
  const busy = useNavigation().formData?.get("intent") === "rsvp";
  const countText = rsvp.count === 0 ? t("rsvp.nobody") : t("rsvp.count", { count: rsvp.count });
  const closed = rsvp.full && !rsvp.going;
  return (
    <section className="rsvp" aria-labelledby="rsvp-heading">
      <h2 id="rsvp-heading" className="rsvp__heading">
        {t("rsvp.heading")}
      </h2>
      <p className="rsvp__count" data-testid="rsvp-count">
        {countText}
        {rsvp.capacity !== null ? <> · {t("rsvp.places", { count: rsvp.count, capacity: rsvp.capacity })}</> : null}
      </p>
      {rsvp.going ? <p className="rsvp__mine">{t("rsvp.you_are_going")}</p> : null}
      {isPast && !rsvp.going ? null : rsvp.signedIn ? (
        <Form method="post" className="rsvp__form" aria-describedby={refused ? "rsvp-refused" : undefined}>
          <input type="hidden" name="intent" value="rsvp" />
          <button type="submit" className={rsvp.going ? "button button--secondary" : "button"} disabled={busy} aria-pressed={rsvp.going}>
            {rsvp.going ? t("rsvp.undo") : closed ? t("rsvp.full") : t("rsvp.going")}
          </button>
          {closed ? <span className="rsvp__note">{t("rsvp.full_note")}</span> : null}
        </Form>
      ) : closed ? (
        <p className="rsvp__note">{t("rsvp.full_note")}</p>
      ) : (
        <AppLink className="button button--secondary" to={rsvp.loginHref}>
          {t("rsvp.sign_in")}
        </AppLink>
      )}
      {refused ? (
        <p id="rsvp-refused" className="field__error" role="alert">
          {t(`rsvp.refused_${refused}`)}
        </p>
      ) : null}
    </section>
  );
}
