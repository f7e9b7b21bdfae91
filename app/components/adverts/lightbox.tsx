import { useCallback, useEffect, useRef, useState } from "react";
import { LIGHTBOX, stepZoom, swipeDirection, wrapIndex } from "#app/modules/adverts/lightbox.ts";
import type { GalleryPhoto } from "#app/modules/adverts/queries.server.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/** The gallery's full-screen viewer, loaded when a photo is first opened (see gallery.tsx). */
export default function Lightbox({
  photos,
  title,
  start,
  onClose,
}: {
  photos: GalleryPhoto[];
  title: string;
  start: number;
  onClose: () => void;
}) {
  const { t } = useAdvertsT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number; id: number } | null>(null);
  const photo = photos[index]!;

  const go = useCallback(
    (step: number) => {
      setIndex((current) => wrapIndex(current, step, photos.length));
      setZoom(1);
      setOffset({ x: 0, y: 0 });
    },
    [photos.length],
  );
  const zoomBy = useCallback((direction: 1 | -1) => {
    setZoom((current) => {
      const next = stepZoom(current, direction);
      if (next <= 1) setOffset({ x: 0, y: 0 });
      return next;
    });
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const close = () => onClose();
    element.addEventListener("close", close);
    return () => element.removeEventListener("close", close);
  }, [onClose]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "+" || event.key === "=") zoomBy(1);
    else if (event.key === "-") zoomBy(-1);
    else if (event.key === "0") {
      setZoom(1);
      setOffset({ x: 0, y: 0 });
    } else return;
    event.preventDefault();
  };
  const onWheel = (event: React.WheelEvent) => {
    if (event.deltaY === 0) return;
    zoomBy(event.deltaY < 0 ? 1 : -1);
  };
  const onPointerDown = (event: React.PointerEvent) => {
    drag.current = { x: offset.x, y: offset.y, startX: event.clientX, startY: event.clientY, id: event.pointerId };
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: React.PointerEvent) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId || zoom <= 1) return;
    setOffset({ x: state.x + event.clientX - state.startX, y: state.y + event.clientY - state.startY });
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const state = drag.current;
    drag.current = null;
    if (!state || state.id !== event.pointerId || zoom > 1) return;
    const direction = swipeDirection(event.clientX - state.startX, event.clientY - state.startY);
    if (direction) go(direction === "next" ? 1 : -1);
  };

  return (
    <dialog ref={dialog} className="lightbox" aria-label={t("gallery.dialog")} onKeyDown={onKeyDown}>
      <div className="lightbox__bar">
        <p className="lightbox__counter" aria-live="polite">
          {t("gallery.counter", { n: index + 1, count: photos.length })}
        </p>
        <div className="lightbox__tools">
          <button
            type="button"
            className="icon-button"
            onClick={() => zoomBy(-1)}
            disabled={zoom <= LIGHTBOX.minZoom}
            aria-label={t("gallery.zoom_out")}
          >
            −
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={() => {
              setZoom(1);
              setOffset({ x: 0, y: 0 });
            }}
            aria-label={t("gallery.zoom_reset")}
          >
            {Math.round(zoom * 100)}%
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={() => zoomBy(1)}
            disabled={zoom >= LIGHTBOX.maxZoom}
            aria-label={t("gallery.zoom_in")}
          >
            +
          </button>
          <button type="button" className="icon-button" onClick={() => dialog.current?.close()} aria-label={t("gallery.close")} autoFocus>
            ×
          </button>
        </div>
      </div>
      <div
        className="lightbox__stage"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
      >
        <img
          src={photo.full}
          alt={photo.alt || `${title} — ${index + 1}`}
          width={photo.width}
          height={photo.height}
          draggable={false}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
        />
      </div>
      {photos.length > 1 ? (
        <div className="lightbox__nav">
          <button type="button" className="button button--secondary" onClick={() => go(-1)}>
            ‹ {t("gallery.previous")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => go(1)}>
            {t("gallery.next")} ›
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
