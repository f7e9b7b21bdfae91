import type { Language } from "#app/i18n/locales.ts";
import { useShellT } from "./use-shell-t.ts";

const ANSWERS = [
  { intent: "accept-all", label: "consent.accept_all" },
  { intent: "decline", label: "consent.decline" },
] as const;

/** Accept all and decline, as the banner and the settings dialog both offer them; `primary` makes accept-all the main button. */
export function ConsentAnswers({ language, primary }: { language: Language; primary: boolean }) {
  const { t } = useShellT(language);
  return ANSWERS.map(({ intent, label }) => (
    <button key={intent} type="submit" name="intent" value={intent} className={primary && intent === "accept-all" ? "button" : "button button--secondary"}>
      {t(label)}
    </button>
  ));
}
