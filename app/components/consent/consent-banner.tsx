import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation } from "react-router";
import { localizePath, localeFromPath, type Language } from "~/i18n/locales";
import { COOKIES, MANAGE_PARAM, MANAGE_VALUE, type ConsentState, type CookieGroup } from "~/modules/consent/cookies";
import "./consent.css";

export type ConsentView = ConsentState & { manage: boolean };

const CONSENT_ACTION = "/consent";

function useShellT(language: Language) {
  return useTranslation("shell", { lng: language });
}

/** The current page's address without the "open the settings" parameter. */
function usePageAddress() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(MANAGE_PARAM);
  const query = params.toString();
  return pathname + (query ? `?${query}` : "");
}

/**
 * SPEC §4 cookie banner: accept all, decline and manage; the settings dialog saves the
 * toggles (accept partial). Every button is a form post to /consent, so all of it works
 * without JavaScript; with it the posts go through a fetcher and "manage" opens a modal.
 * Its default language is English (SPEC); the shell passes the page's language.
 */
export function ConsentBanner({ consent, language = "en" }: { consent: ConsentView; language?: Language }) {
  const { t } = useShellT(language);
  const fetcher = useFetcher();
  const returnTo = usePageAddress();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(consent.manage);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setOpen(consent.manage), [consent.manage]);

  const showBar = !consent.given;
  if (!showBar && !open) return null;
  return (
    <aside className="consent" aria-labelledby={showBar ? "consent-title" : "consent-settings-title"}>
      {showBar ? (
        <div className="consent-bar">
          <div className="container consent-bar__inner">
            <div className="consent-bar__text">
              <h2 id="consent-title">{t("consent.title")}</h2>
              <p>
                {t("consent.description")}{" "}
                <Link to={localizePath("/privacy-policy", localeFromPath(returnTo))}>{t("consent.privacy_link")}</Link>
              </p>
            </div>
            <fetcher.Form method="post" action={CONSENT_ACTION} className="consent-actions" preventScrollReset>
              <input type="hidden" name="returnTo" value={returnTo} />
              <button type="submit" name="intent" value="accept-all" className="button">
                {t("consent.accept_all")}
              </button>
              <button type="submit" name="intent" value="decline" className="button button--secondary">
                {t("consent.decline")}
              </button>
              <button
                type="submit"
                name="intent"
                value="manage"
                className="button button--secondary"
                aria-haspopup="dialog"
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setOpen(true);
                }}
              >
                {t("consent.manage")}
              </button>
            </fetcher.Form>
          </div>
        </div>
      ) : null}
      {open ? (
        <SettingsDialog
          language={language}
          enabled={consent.enabled}
          returnTo={returnTo}
          fetcher={fetcher}
          modal={hydrated}
          openedByUrl={consent.manage}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </aside>
  );
}

type SettingsDialogProps = {
  language: Language;
  enabled: string[];
  returnTo: string;
  fetcher: ReturnType<typeof useFetcher>;
  /** With JS the dialog is modal (focus kept inside, Escape closes); without, it is shown in place. */
  modal: boolean;
  openedByUrl: boolean;
  onClose: () => void;
};

function SettingsDialog({ language, enabled, returnTo, fetcher, modal, openedByUrl, onClose }: SettingsDialogProps) {
  const { t } = useShellT(language);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!modal || !element || element.matches(":modal")) return;
    if (element.open) element.close();
    element.showModal();
  }, [modal]);

  return (
    <dialog ref={dialog} open={modal ? undefined : true} className="consent-dialog" aria-labelledby="consent-settings-title" onClose={onClose}>
      <fetcher.Form
        method="post"
        action={CONSENT_ACTION}
        preventScrollReset
        onSubmit={() => {
          // The choice is on its way; the banner goes when the page data says it is stored.
          if (dialog.current?.open) dialog.current.close();
        }}
      >
        <h2 id="consent-settings-title">{t("consent.settings_title")}</h2>
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
        <div className="consent-actions">
          <button type="submit" name="intent" value="save" className="button">
            {t("consent.save")}
          </button>
          <button type="submit" name="intent" value="accept-all" className="button button--secondary">
            {t("consent.accept_all")}
          </button>
          <button type="submit" name="intent" value="decline" className="button button--secondary">
            {t("consent.decline")}
          </button>
          {modal && !openedByUrl ? (
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              {t("consent.close")}
            </button>
          ) : (
            <Link to={returnTo} className="button button--secondary" replace preventScrollReset>
              {t("consent.close")}
            </Link>
          )}
        </div>
      </fetcher.Form>
    </dialog>
  );
}

function CookieToggle({ group, language, checked, locked = false }: { group: CookieGroup; language: Language; checked: boolean; locked?: boolean }) {
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
        {t(`consent.groups.${key}.description`)} <span className="consent-toggle__names">{t("consent.cookie_names", { names: group.names.join(", ") })}</span>
      </p>
    </div>
  );
}

/** A link that opens the cookie settings from anywhere (footer, privacy policy), JS or not. */
export function CookieSettingsLink({ children, className }: { children: React.ReactNode; className?: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set(MANAGE_PARAM, MANAGE_VALUE);
  return (
    <Link to={`${pathname}?${params.toString()}`} className={className} preventScrollReset>
      {children}
    </Link>
  );
}
