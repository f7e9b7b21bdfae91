import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "#app/hooks/use-t.ts";

type ToastSeverity = "info" | "success" | "warn" | "error" | "secondary" | "contrast";
export type ToastMessage = { id: string; severity: ToastSeverity; text: string; group?: string; life?: number };

const DEFAULT_LIFE_MS = 5000;

/**
 * Toasts (docs/product.md#the-shell): bottom right, closed by the user, by the end of their lifetime or by group
 * removal; the timer pauses while hovered and restarts when the pointer leaves.
 * Without JS the same messages render as a plain notice in the page flow.
 */
export function ToastRegion({ initial }: { initial: ToastMessage[] }) {
  const { t } = useT();
  const [hydrated, setHydrated] = useState(false);
  const [toasts, setToasts] = useState(initial);
  const seen = useRef(new Set(initial.map((toast) => toast.id)));

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const fresh = initial.filter((toast) => !seen.current.has(toast.id));
    fresh.forEach((toast) => seen.current.add(toast.id));
    if (fresh.length) setToasts((list) => [...list, ...fresh]);
  }, [initial]);

  const remove = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  useEffect(() => {
    const removeGroup = (event: Event) => {
      const group = (event as CustomEvent<string>).detail;
      setToasts((list) => list.filter((toast) => toast.group !== group));
    };
    const add = (event: Event) => setToasts((list) => [...list, (event as CustomEvent<ToastMessage>).detail]);
    window.addEventListener("toast:remove-group", removeGroup);
    window.addEventListener("toast:add", add);
    return () => {
      window.removeEventListener("toast:remove-group", removeGroup);
      window.removeEventListener("toast:add", add);
    };
  }, []);

  return (
    <div className={hydrated ? "toast-region" : "notice-region container"} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onClose={remove} closeLabel={t("toast.close")} timed={hydrated} />
      ))}
    </div>
  );
}

function Toast({ toast, onClose, closeLabel, timed }: { toast: ToastMessage; onClose: (id: string) => void; closeLabel: string; timed: boolean }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (!timed || paused) return;
    // Leaving the toast restarts the full lifetime rather than resuming the rest.
    const timer = setTimeout(() => onClose(toast.id), toast.life ?? DEFAULT_LIFE_MS);
    return () => clearTimeout(timer);
  }, [timed, paused, toast, onClose]);
  return (
    <div
      className={`toast toast--${toast.severity}`}
      data-severity={toast.severity}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      // Keyboard users get the same pause while the close button has focus.
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <p className="toast__text">{toast.text}</p>
      {timed ? (
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onClose(toast.id)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
