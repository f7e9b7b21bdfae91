import { useCallback, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { AppLink } from "#app/components/localized-link.tsx";
import { localizePath, localeFromPath, type Language } from "#app/i18n/locales.ts";
import { MANAGE_PARAM, MANAGE_VALUE, type ConsentState } from "#app/platform/consent/cookies.ts";
import { deferred } from "#app/components/deferred.tsx";
import { ConsentAnswers } from "./consent-answers.tsx";
import { CONSENT_FETCHER_KEY } from "./fetcher-key.ts";
import { useShellT } from "./use-shell-t.ts";

export type ConsentView = ConsentState & { manage: boolean };

const CONSENT_ACTION = "/consent";

// The settings dialog is opened by few visitors: its code loads when it first shows (and
// the "manage" button's hover or focus starts the download). Opened by the URL, the server
// renders it and the page works without JS while it loads (deferred.tsx).
const loadSettings = () => import("./consent-settings.tsx");
const SettingsDialog = deferred(loadSettings, () => Promise.resolve());
const preloadSettings = () => void loadSettings();

/** The current page's address without the "open the settings" parameter. */
function usePageAddress() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(MANAGE_PARAM);
  const query = params.toString();
  return pathname + (query ? `?${query}` : "");
}

/**
 * The cookie banner (docs/product.md#cookies-and-consent): accept all, decline and manage; the settings dialog saves the
 * toggles (accept partial). Every button is a form post to /consent, so all of it works
 * without JavaScript; with it the posts go through a fetcher and "manage" opens a modal.
 * Its default language is English; the shell passes the page's language.
 */
export function ConsentBanner({ consent, language = "en" }: { consent: ConsentView; language?: Language }) {
  const { t } = useShellT(language);
  const fetcher = useFetcher({ key: CONSENT_FETCHER_KEY });
  const returnTo = usePageAddress();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(consent.manage);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setOpen(consent.manage), [consent.manage]);
  // Stable, like every prop of the deferred dialog (see fetcher-key.ts).
  const close = useCallback(() => setOpen(false), []);

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
                <span className="consent-bar__long">{t("consent.description")}</span>
                <span className="consent-bar__short">{t("consent.description_short")}</span>{" "}
                <AppLink to={localizePath("/privacy-policy", localeFromPath(returnTo))}>{t("consent.privacy_link")}</AppLink>
              </p>
            </div>
            <fetcher.Form method="post" action={CONSENT_ACTION} className="consent-actions" preventScrollReset>
              <input type="hidden" name="returnTo" value={returnTo} />
              <ConsentAnswers language={language} primary />
              <button
                type="submit"
                name="intent"
                value="manage"
                className="button button--secondary"
                aria-haspopup="dialog"
                onPointerEnter={preloadSettings}
                onFocus={preloadSettings}
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
          action={CONSENT_ACTION}
          enabled={consent.enabled}
          returnTo={returnTo}
          openedByUrl={consent.manage}
          onClose={close}
        />
      ) : null}
    </aside>
  );
}

/** A link that opens the cookie settings from anywhere (footer, privacy policy), JS or not. */
export function CookieSettingsLink({ children, className }: { children: React.ReactNode; className?: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set(MANAGE_PARAM, MANAGE_VALUE);
  return (
    <AppLink to={`${pathname}?${params.toString()}`} className={className} preventScrollReset>
      {children}
    </AppLink>
  );
}
