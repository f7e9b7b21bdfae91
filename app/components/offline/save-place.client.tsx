import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { nearParams, type NearChoice } from "#app/modules/content/near-list.ts";
import { formatLongDate } from "#app/platform/format/dates.ts";
import {
  PLACE_CACHE_PREFIX,
  PLACE_META_PATH,
  placeCacheName,
  type SavePlaceMessage,
  type SavePlaceReply,
  type SavedPlaceMeta,
} from "#app/platform/offline/sw-places.ts";
import { useContentT } from "#app/components/content/use-content-t.ts";

// The control itself (offline-place.tsx loads it): the pack's size from /offline/pack, the
// save through the service worker (a message with a port for its progress), the places saved
// on this device read from Cache Storage, and their removal (deleting the place's cache).

type Pack = { place: { slug: string; name: string }; pages: number; bytes: number; urls: string[] };
type Status =
  { kind: "idle" | "failed" | "unavailable" } | { kind: "saving"; done: number; total: number } | { kind: "saved"; meta: SavedPlaceMeta };

const kilobytes = (bytes: number) => Math.max(1, Math.round(bytes / 1000));

async function savedPlaces(): Promise<SavedPlaceMeta[]> {
  if (typeof caches === "undefined") return [];
  const found: SavedPlaceMeta[] = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PLACE_CACHE_PREFIX)) continue;
    const meta = await (await caches.open(name)).match(PLACE_META_PATH);
    if (meta) found.push((await meta.json()) as SavedPlaceMeta);
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export default function SavePlace({ near, placeName }: { near: NearChoice; placeName: string }) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const { pathname } = useLocation();
  const [pack, setPack] = useState<Pack | "error" | null>(null);
  const [saved, setSaved] = useState<SavedPlaceMeta[]>([]);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const refresh = useCallback(() => void savedPlaces().then(setSaved, () => setSaved([])), []);

  const query = new URLSearchParams(nearParams({ ...near, sort: null })).toString();
  const packUrl = `${localizePath("/offline/pack", localeFromPath(pathname))}?${query}`;
  useEffect(() => {
    let current = true;
    setPack(null);
    const load = async (): Promise<Pack | "error"> => {
      const response = await fetch(packUrl);
      return response.ok ? ((await response.json()) as Pack) : "error";
    };
    load().then(
      (result) => current && setPack(result),
      () => current && setPack("error"),
    );
    refresh();
    return () => void (current = false);
  }, [packUrl, refresh]);

  async function save(ready: Pack) {
    const registration = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    const worker = registration?.active;
    if (!worker) return setStatus({ kind: "unavailable" });
    setStatus({ kind: "saving", done: 0, total: ready.urls.length });
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }: MessageEvent<SavePlaceReply>) => {
      if (data.type === "progress") setStatus({ kind: "saving", done: data.done, total: data.total });
      else {
        setStatus(data.type === "saved" ? { kind: "saved", meta: data.meta } : { kind: "failed" });
        channel.port1.close();
        refresh();
      }
    };
    const label = t("offline_place.banner", { date: formatLongDate(new Date(), language) });
    const message: SavePlaceMessage = { type: "save-place", slug: ready.place.slug, name: placeName, label, urls: ready.urls };
    worker.postMessage(message, [channel.port2]);
  }

  async function remove(slug: string) {
    await caches.delete(placeCacheName(slug));
    if (status.kind === "saved") setStatus({ kind: "idle" });
    refresh();
  }

  return (
    <div className="offline-place__control">
      {pack === "error" ? <p className="offline-place__note">{t("offline_place.pack_error")}</p> : null}
      {pack && pack !== "error" ? (
        <>
          <button type="button" className="button button--secondary" disabled={status.kind === "saving"} onClick={() => void save(pack)}>
            {t("offline_place.save", { place: placeName, kb: kilobytes(pack.bytes) })}
          </button>
          <p className="offline-place__note">{t("offline_place.pages", { count: pack.pages })}</p>
        </>
      ) : null}
      <p className="offline-place__status" role="status">
        {status.kind === "saving"
          ? t("offline_place.saving", { done: status.done, total: status.total })
          : status.kind === "saved"
            ? t("offline_place.saved_done", { place: status.meta.name, kb: kilobytes(status.meta.bytes) })
            : status.kind === "failed"
              ? t("offline_place.failed")
              : status.kind === "unavailable"
                ? t("offline_place.unavailable")
                : ""}
      </p>
      {saved.length ? (
        <>
          <h2 className="offline-place__heading">{t("offline_place.saved_list")}</h2>
          <ul className="offline-place__list">
            {saved.map((place) => (
              <li key={place.slug}>
                <span>{t("offline_place.saved_item", { place: place.name, date: formatLongDate(new Date(place.savedAt), language) })}</span>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={t("offline_place.remove_label", { place: place.name })}
                  onClick={() => void remove(place.slug)}
                >
                  {t("offline_place.remove")}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
