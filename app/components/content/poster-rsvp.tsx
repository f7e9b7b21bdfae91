import { Form, useActionData, useNavigation } from "react-router";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { AppLink } from "#app/components/localized-link.tsx";
import type { RsvpRefusal } from "#app/modules/posters/poster-page.server.ts";
import type { RsvpState } from "#app/modules/posters/rsvp.server.ts";

export type PosterRsvpData = RsvpState & { signedIn: boolean; loginHref: string };

type Translate = ReturnType<typeof useTranslation>["t"];

/** The button's words for the viewer's mark and the date's places. */
function buttonText(rsvp: PosterRsvpData, t: Translate): string {
  if (rsvp.mine === "going") return t("rsvp.undo");
  if (rsvp.mine === "waiting") return t("rsvp.leave_waitlist");
  return rsvp.full ? t("rsvp.join_waitlist") : t("rsvp.going");
}

/**
 * "I'm going" for the date the event page shows: a plain form post to the page itself (works
 * without JS) naming the date, answered by a redirect with a toast, or by the refusal shown under
 * the button. Past the capacity the button joins the waiting list. The counts are everyone's; the
 * viewer's own mark and place in the queue are only on signed-in pages, which no cache keeps.
 * A date that is over or cancelled has no button.
 */
export function PosterRsvp({ rsvp, isPast, isCancelled }: { rsvp: PosterRsvpData; isPast: boolean; isCancelled: boolean }) {
  const { t } = useTranslation("events", { lng: usePageLanguage() });
  const refused = useActionData<{ refused?: RsvpRefusal }>()?.refused;
  const busy = useNavigation().formData?.get("intent") === "rsvp";
  const closed = isPast || isCancelled;
  return (
    <section className="rsvp" aria-labelledby="rsvp-heading">
      <h2 id="rsvp-heading" className="rsvp__heading">
        {t("rsvp.heading")}
      </h2>
      <p className="rsvp__count" data-testid="rsvp-count">
        {rsvp.count === 0 ? t("rsvp.nobody") : t("rsvp.count", { count: rsvp.count })}
      </p>
      {rsvp.capacity !== null && !closed ? (
        <p className="rsvp__places" data-testid="rsvp-places">
          {rsvp.full ? t("rsvp.full_note") : t("rsvp.places_left", { count: rsvp.placesLeft ?? 0, capacity: rsvp.capacity })}
        </p>
      ) : null}
      {rsvp.waiting > 0 && !closed ? (
        <p className="rsvp__places" data-testid="rsvp-waiting">
          {t("rsvp.waiting_count", { count: rsvp.waiting })}
        </p>
      ) : null}
      {isCancelled ? <p className="rsvp__note">{t("rsvp.cancelled")}</p> : null}
      {rsvp.mine === "going" ? <p className="rsvp__mine">{t("rsvp.you_are_going")}</p> : null}
      {rsvp.mine === "waiting" ? (
        <p className="rsvp__mine" data-testid="rsvp-position">
          {t("rsvp.you_are_waiting", { position: rsvp.position ?? 1 })}
        </p>
      ) : null}
      {closed ? null : rsvp.signedIn ? (
        <Form method="post" className="rsvp__form" aria-describedby={refused ? "rsvp-refused" : undefined}>
          <input type="hidden" name="intent" value="rsvp" />
          <input type="hidden" name="date" value={rsvp.occurrenceId} />
          <button
            type="submit"
            className={rsvp.mine ? "button button--secondary" : "button"}
            disabled={busy}
            aria-pressed={rsvp.mine !== null}
          >
            {buttonText(rsvp, t)}
          </button>
        </Form>
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
