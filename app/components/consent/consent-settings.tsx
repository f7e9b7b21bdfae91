import { X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Language } from "#app/i18n/locales.ts";
import { COOKIES, type CookieGroup } from "#app/platform/consent/cookies.ts";
import { ConsentAnswers } from "./consent-answers.tsx";
import { CONSENT_FETCHER_KEY } from "./fetcher-key.ts";
import { useShellT } from "./use-shell-t.ts";

/** The cookie settings dialog of the consent banner (consent-banner.tsx). */
export type ConsentSettingsProps = {
  language: Language;
  action: string;
  enabled: string[];
  returnTo: string;
  openedByUrl: boolean;
  onClose: () => void;
};

export default function ConsentSettings({ language, action, enabled, returnTo, openedByUrl, onClose }: ConsentSettingsProps) {
  const { t } = useShellT(language);
  const fetcher = useFetcher({ key: CONSENT_FETCHER_KEY });
  const dialog = useRef<HTMLDialogElement>(null);
  // With JS the dialog is modal (focus kept inside, Escape closes); without, it is shown in
  // place. It turns modal once its own code runs, before the browser paints again.
  const [modal, setModal] = useState(false);
  useLayoutEffect(() => setModal(true), []);
  // Turning the server's open dialog into a modal one closes it first; that close event comes
  // later, as a task, and must not close the dialog the visitor is looking at.
  const reopening = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!modal || !element || element.matches(":modal")) return;
    if (element.open) {
      reopening.current = true;
      element.close();
    }
    element.showModal();
  }, [modal]);
  const closed = () => {
    if (reopening.current) reopening.current = false;
    else onClose();
  };

  return (
    <dialog
      ref={dialog}
      open={modal ? undefined : true}
      className="consent-dialog"
      aria-labelledby="consent-settings-title"
      onClose={closed}
    >
      <fetcher.Form
        method="post"
        action={action}
        className="consent-dialog__form"
        preventScrollReset
        onSubmit={() => {
          // The choice is on its way; the banner goes when the page data says it is stored.
          if (dialog.current?.open) dialog.current.close();
        }}
      >
        {/* Header and actions stay in view; only the body between them scrolls (a phone, or a
            1366x768 screen, is shorter than the whole dialog). */}
        <div className="consent-dialog__header">
          <h2 id="consent-settings-title">{t("consent.settings_title")}</h2>
          {modal && !openedByUrl ? (
            <button type="button" className="icon-button" aria-label={t("consent.close")} onClick={() => dialog.current?.close()}>
              <X aria-hidden="true" size={20} />
            </button>
          ) : (
            <Link to={returnTo} className="icon-button" aria-label={t("consent.close")} replace preventScrollReset>
              <X aria-hidden="true" size={20} />
            </Link>
          )}
        </div>
        <div className="consent-dialog__body">
          <p>{t("consent.settings_lead")}</p>
          <input type="hidden" name="returnTo" value={returnTo} />
          <fieldset className="consent-group">
            <legend>{t("consent.necessary")}</legend>
            {COOKIES.necessary.map((group) => (
              <CookieToggle key={group.id} group={group} language={language} checked locked />
            ))}
          </fieldset>
          <fieldset className="consent-group">
            <legend>{t("consent.optional")}</legend>
            {COOKIES.optional.map((group) => (
              <CookieToggle key={group.id} group={group} language={language} checked={enabled.includes(group.id)} />
            ))}
          </fieldset>
        </div>
        <div className="consent-actions consent-dialog__actions">
          <button type="submit" name="intent" value="save" className="button">
            {t("consent.save")}
          </button>
          <ConsentAnswers language={language} primary={false} />
        </div>
      </fetcher.Form>
    </dialog>
  );
}

function CookieToggle({
  group,
  language,
  checked,
  locked = false,
}: {
  group: CookieGroup;
  language: Language;
  checked: boolean;
  locked?: boolean;
}) {
  const { t } = useShellT(language);
  const id = `cookie-${group.id}`;
  const key = group.id as "analytics";
  return (
    <div className="consent-toggle">
      {/* A native checkbox exposes its checked state to the switch role itself (ARIA in HTML). */}
      <input
        type="checkbox"
        // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="switch"
        id={id}
        name={locked ? undefined : "optional"}
        value={group.id}
        defaultChecked={checked}
        disabled={locked}
        aria-describedby={`${id}-description`}
      />
      <label htmlFor={id}>
        {t(`consent.groups.${key}.name`)}
        {locked ? <span className="consent-toggle__note"> — {t("consent.always_on")}</span> : null}
      </label>
      <p id={`${id}-description`} className="consent-toggle__description">
        {t(`consent.groups.${key}.description`)}{" "}
        <span className="consent-toggle__names">{t("consent.cookie_names", { names: group.names.join(", ") })}</span>
      </p>
    </div>
  );
}
