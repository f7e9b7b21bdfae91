import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { FavouriteResult } from "~/routes/favourite-toggle/route";
import { useAdvertsT } from "./use-adverts-t";

/**
 * "Save" / "Saved" on advert cards and pages: a form post to /favourites (works without JS:
 * the server redirects back with a notice, or to sign-in first). With JS it flips at once
 * (optimistic), stays on the page and confirms with a toast. Loaded through favourite-toggle.tsx.
 */
export default function FavouriteToggleForm({ advertId, saved, title, compact = false }: { advertId: number; saved: boolean; title: string; compact?: boolean }) {
  const { t } = useAdvertsT();
  const fetcher = useFetcher<FavouriteResult>();
  const { pathname, search } = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  // One toast per answer: the effect runs on every render, the ref remembers what was shown.
  const shown = useRef<FavouriteResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.state === "idle" ? fetcher.data : undefined;
    if (!result || shown.current === result) return;
    shown.current = result;
    window.dispatchEvent(new CustomEvent("toast:add", { detail: result.toast }));
  });

  return (
    <fetcher.Form method="post" action="/favourites" className={compact ? "favourite-toggle favourite-toggle--compact" : "favourite-toggle"}>
      <input type="hidden" name="advertId" value={advertId} />
      <input type="hidden" name="intent" value={isSaved ? "remove" : "save"} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
      <button type="submit" className={isSaved ? "button button--secondary favourite-toggle__button is-saved" : "button button--secondary favourite-toggle__button"} aria-pressed={isSaved}>
        <span aria-hidden="true" className="favourite-toggle__icon">{isSaved ? "♥" : "♡"}</span>
        <span className={compact ? "visually-hidden" : "favourite-toggle__text"}>{isSaved ? t("favourites.saved") : t("favourites.save")}</span>
        <span className="visually-hidden">{t("favourites.for_advert", { title })}</span>
      </button>
    </fetcher.Form>
  );
}
