import { useFetcher, useLocation } from "react-router";
import type { FavouriteResult } from "#app/modules/favourites/result.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

const ACTION = "/favourites";

/**
 * "Save" / "Saved" on advert cards and pages: a form post to /favourites (works without JS:
 * the server redirects back with a notice, or to sign-in first). With JS it flips at once
 * (optimistic), stays on the page and confirms with a toast (the route's clientAction). Loaded
 * through favourite-toggle.tsx.
 */
export default function FavouriteToggleForm({
  advertId,
  saved,
  title,
  compact = false,
}: {
  advertId: number;
  saved: boolean;
  title: string;
  compact?: boolean;
}) {
  const { t } = useAdvertsT();
  const fetcher = useFetcher<FavouriteResult>();
  const { pathname, search } = useLocation();

  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : (fetcher.data?.saved ?? saved);
  // Asked for data (inline), not a redirect, once this code runs: a native post (no JS, or a
  // click before the part hydrated) is redirected back. No "hydrated" state for it: a list
  // hydrates one toggle per card, and each state change was a commit of the whole page.
  const submitInline = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("inline", "1");
    void fetcher.submit(form, { method: "post", action: ACTION });
  };

  return (
    <form
      method="post"
      action={ACTION}
      onSubmit={submitInline}
      className={compact ? "favourite-toggle favourite-toggle--compact" : "favourite-toggle"}
    >
      <input type="hidden" name="advertId" value={advertId} />
      <input type="hidden" name="intent" value={isSaved ? "remove" : "save"} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button
        type="submit"
        className={
          isSaved ? "button button--secondary favourite-toggle__button is-saved" : "button button--secondary favourite-toggle__button"
        }
        aria-pressed={isSaved}
      >
        <span aria-hidden="true" className="favourite-toggle__icon">
          {isSaved ? "♥" : "♡"}
        </span>
        <span className={compact ? "visually-hidden" : "favourite-toggle__text"}>
          {isSaved ? t("favourites.saved") : t("favourites.save")}
        </span>
        <span className="visually-hidden">{t("favourites.for_advert", { title })}</span>
      </button>
    </form>
  );
}
