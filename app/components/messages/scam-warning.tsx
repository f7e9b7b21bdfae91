import { useAccountT } from "#app/components/account/use-account-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import type { Language } from "#app/i18n/locales.ts";
import { SAFETY_PAGE_PATH } from "#app/modules/content/safety-page.ts";
import type { ScamSignal } from "#app/modules/messages/scam-signals.ts";

const lists = new Map<Language, Intl.ListFormat>();

/** "a link and a phone number": the signals as one phrase in the page's language. */
function listOf(language: Language, items: string[]): string {
  let format = lists.get(language);
  if (!format) lists.set(language, (format = new Intl.ListFormat(language, { type: "conjunction" })));
  return format.format(items);
}

/**
 * The recipient's warning beside a message that looks like the start of a scam: what it
 * holds, the advice, and the safety tips page. The sender never sees it on their own messages.
 */
export function ScamWarning({ signals, safetyPage }: { signals: readonly ScamSignal[]; safetyPage: boolean }) {
  const { t } = useAccountT();
  const language = usePageLanguage();
  const named = listOf(
    language,
    signals.map((signal) => t(`cabinet:messages.scam.signals.${signal}`)),
  );
  return (
    <p className="thread__scam" role="note">
      <strong>{t("cabinet:messages.scam.lead", { signals: named })}</strong> {t("cabinet:messages.scam.advice")}{" "}
      {safetyPage ? <LocalizedLink to={SAFETY_PAGE_PATH}>{t("cabinet:messages.scam.safety")}</LocalizedLink> : null}
    </p>
  );
}
