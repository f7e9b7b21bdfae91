import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";

/**
 * "Subscribe" on the posters lists: the calendar of the list's category and location, as a
 * webcal: link (calendar apps open it) and as the plain address to paste (web calendars).
 */
export function CalendarSubscribe({ links }: { links: { url: string; webcal: string } }) {
  const { t } = useTranslation("events", { lng: usePageLanguage() });
  return (
    <details className="subscribe">
      <summary className="subscribe__heading">{t("subscribe.heading")}</summary>
      <p>{t("subscribe.text")}</p>
      <div className="subscribe__links">
        <a className="button button--secondary" href={links.webcal} data-testid="calendar-webcal">
          {t("subscribe.webcal")}
        </a>
        <p className="subscribe__url">
          {t("subscribe.url")}{" "}
          <a href={links.url} type="text/calendar" data-testid="calendar-url">
            {links.url}
          </a>
        </p>
      </div>
    </details>
  );
}
