import { getTextareaProps } from "@conform-to/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { FieldErrors } from "#app/components/forms/error-list.tsx";
import type { AnyField } from "#app/components/forms/field.tsx";
import { useAdminT } from "./use-admin-t.ts";

// Rich text: the server renders a plain textarea of HTML (what a browser without JS uses);
// in the browser it becomes a PrimeReact Editor (Quill, loaded only here, on demand) that
// writes its HTML back into the textarea, so the form posts the same field either way.
// The server sanitizes whatever arrives.

const RichEditor = lazy(() => import("./rich-editor.client.tsx"));

export function RichTextField({ field, label, hint, lang }: { field: AnyField; label: string; hint?: string; lang: string }) {
  const { t } = useAdminT();
  const source = useRef<HTMLTextAreaElement>(null);
  const [enhanced, setEnhanced] = useState<{ initial: string } | null>(null);
  useEffect(() => setEnhanced({ initial: source.current?.value ?? "" }), []);
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <div className="field dash-richtext">
      <label htmlFor={field.id} id={`${field.id}-label`}>
        {label}
      </label>
      <p id={hintId} className="field__hint">
        {hint ?? (enhanced ? t("admin:editor.hint") : t("admin:editor.hint_html"))}
      </p>
      <textarea key={key} ref={source} {...props} lang={lang} rows={12} hidden={enhanced !== null} />
      {enhanced ? (
        <Suspense fallback={<p className="field__hint">{t("admin:editor.loading")}</p>}>
          <RichEditor
            initial={enhanced.initial}
            labelId={`${field.id}-label`}
            describedBy={hintId}
            lang={lang}
            onChange={(html) => {
              if (source.current) source.current.value = html;
            }}
          />
        </Suspense>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
