import type { Language } from "#app/i18n/locales.ts";
import { useShellT } from "./use-shell-t.ts";

/** Accept all and decline, as the banner and the settings dialog both offer them; `primary` makes accept-all the main button. */
export function ConsentAnswers({ language, primary }: { language: Language; primary: boolean }) {
  const { t } = useShellT(language);
  return (
    <>
      <button type="submit" name="intent" value="accept-all" className={primary ? "button" : "button button--secondary"}>
        {t("consent.accept_all")}
      </button>
      <button type="submit" name="intent" value="decline" className="button button--secondary">
        {t("consent.decline")}
      </button>
    </>
  );
}
