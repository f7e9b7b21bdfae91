import { Suspense, useEffect, useRef, useState } from "react";
import { useContentT } from "#app/components/content/use-content-t.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import type { GeoPoint } from "#app/platform/geo/radius.ts";
import { useMapTexts } from "./map-texts.ts";
import { pickedValues, pointFromValues } from "./picker-values.ts";
import { useNearScreen } from "./use-near-screen.ts";

export type PointPickerProps = {
  /** The ids of the form's typed inputs named `latitude` and `longitude`: a click on the map fills them in. */
  latitudeInputId: string;
  longitudeInputId: string;
  /** Where the map opens when the inputs are empty (the city's point, say); else the inputs' point. */
  initial?: GeoPoint | null;
};

/**
 * For staff: a small map beside typed latitude and longitude inputs of the same form. A click
 * sets both inputs (as if typed: input and change events), and typing moves the marker.
 * Without JS it renders nothing and the inputs are the way to give a point.
 */
export function PointPicker(props: PointPickerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  // Mounted after hydration: its messages may still be on their way.
  return (
    <Suspense fallback={null}>
      <PickerMap {...props} />
    </Suspense>
  );
}

function inputById(id: string): HTMLInputElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLInputElement ? element : null;
}

/** Sets an input's value the way typing does, so React and the form's validation see it. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

function PickerMap({ latitudeInputId, longitudeInputId, initial }: PointPickerProps) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const texts = useMapTexts();
  const canvas = useRef<HTMLDivElement>(null);
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const initialRef = useRef(initial);
  // A form may hold several pickers (one per city, in closed rows): each opens when seen.
  const near = useNearScreen(canvas);

  useEffect(() => {
    const element = canvas.current;
    if (!near) return;
    const latitudeInput = inputById(latitudeInputId);
    const longitudeInput = inputById(longitudeInputId);
    if (!element || !latitudeInput || !longitudeInput) return;
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    const current = () => pointFromValues(latitudeInput.value, longitudeInput.value);
    void (async () => {
      const engine = await import("./map-engine.ts");
      if (cancelled) return;
      const start = current() ?? initialRef.current ?? null;
      const opened = await engine.openMap(element, {
        lang: language,
        texts: textsRef.current,
        view: start ? { center: [start.longitude, start.latitude], zoom: current() ? 15 : 11 } : {},
      });
      if (cancelled) return opened.destroy();
      const { map } = opened;
      const now = current();
      const marker = engine.pointMarker(map, now ? [now.longitude, now.latitude] : null);
      map.getCanvas().style.cursor = "crosshair";
      map.on("click", (event) => {
        const values = pickedValues(event.lngLat.lng, event.lngLat.lat);
        typeInto(latitudeInput, values.latitude);
        typeInto(longitudeInput, values.longitude);
        marker.move([Number(values.longitude), Number(values.latitude)]);
      });
      // Typed by hand: the marker follows.
      const follow = () => {
        const point = current();
        if (point) marker.move([point.longitude, point.latitude]);
      };
      latitudeInput.addEventListener("input", follow);
      longitudeInput.addEventListener("input", follow);
      element.dataset.state = "ready";
      cleanup = () => {
        latitudeInput.removeEventListener("input", follow);
        longitudeInput.removeEventListener("input", follow);
        opened.destroy();
      };
    })();
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [latitudeInputId, longitudeInputId, language, near]);

  return <div ref={canvas} className="point-picker" role="group" aria-label={t("map.picker")} data-testid="point-picker" />;
}
