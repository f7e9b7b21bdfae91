import { useEffect, useState } from "react";
import { detectDevice, type DeviceInfo } from "./detect.ts";

/** The device is re-evaluated this long after a window resize, where enabled. */
export const RESIZE_REEVALUATION_MS = 50;

/** Calls `reevaluate` 50 ms after the last of a burst of resize events; returns the cleanup. */
export function onResizeSettled(target: Pick<Window, "addEventListener" | "removeEventListener">, reevaluate: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const handle = () => {
    clearTimeout(timer);
    timer = setTimeout(reevaluate, RESIZE_REEVALUATION_MS);
  };
  target.addEventListener("resize", handle);
  return () => {
    clearTimeout(timer);
    target.removeEventListener("resize", handle);
  };
}

/** What the browser says now; an edge header's class (decided on the server) still wins. */
function reevaluateDevice(initial: DeviceInfo): DeviceInfo {
  if (initial.source === "edge") return initial;
  return detectDevice(navigator.userAgent, {}, { touchMac: navigator.maxTouchPoints > 1 });
}

/**
 * The device the server detected for this request; with `refreshOnResize`, re-evaluated in
 * the browser after resizes (a devtools device switch, a tablet's desktop mode).
 */
export function useDevice(initial: DeviceInfo, { refreshOnResize = false }: { refreshOnResize?: boolean } = {}): DeviceInfo {
  const [device, setDevice] = useState(initial);
  useEffect(() => setDevice(initial), [initial]);
  useEffect(() => {
    if (!refreshOnResize) return;
    return onResizeSettled(window, () => {
      const next = reevaluateDevice(initial);
      setDevice((current) =>
        current.deviceClass === next.deviceClass && current.platform === next.platform && current.browser === next.browser ? current : next,
      );
    });
  }, [initial, refreshOnResize]);
  return device;
}
