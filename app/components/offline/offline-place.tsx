import { lazy, Suspense, useEffect, useState } from "react";
import type { NearChoice } from "#app/modules/content/near-list.ts";
import { useContentT } from "#app/components/content/use-content-t.ts";

// "Save this place for offline" on a list filtered by a place. Saving is the service worker's
// work, so it needs JavaScript: without it the page says so; with it the control's code loads
// only on a filtered list, after the page is up (docs/adr/0008-offline-and-installable.md).

const SavePlace = lazy(() => import("./save-place.client.tsx"));

export function OfflinePlace({ near, placeName }: { near: NearChoice; placeName: string }) {
  const { t } = useContentT();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!near.near) return null;
  return (
    <section className="offline-place" aria-label={t("offline_place.label")}>
      <noscript>
        <p className="offline-place__note">{t("offline_place.needs_js")}</p>
      </noscript>
      {mounted ? (
        <Suspense fallback={null}>
          <SavePlace near={near} placeName={placeName} />
        </Suspense>
      ) : null}
    </section>
  );
}
