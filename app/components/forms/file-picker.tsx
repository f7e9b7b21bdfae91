import type { ReactNode, Ref } from "react";

/**
 * A file input that speaks the page's language: the browser's own button and "No file
 * chosen" follow the browser's language, not the page's. The real input stays in the form,
 * visually hidden but focusable; its label, drawn as a button, opens the picker with or
 * without JS. `chosen` lists the picked files' names, which only scripts can read: leave it
 * undefined before hydration, and nothing claims that no file was chosen.
 */
export function FilePicker({
  id,
  label,
  chosen,
  noneText,
  inputRef,
  ...input
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "className"> & {
  id: string;
  label: ReactNode;
  chosen: readonly string[] | undefined;
  noneText: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="file-picker">
      <input ref={inputRef} id={id} type="file" className="file-picker__input" {...input} />
      <label htmlFor={id} className="button button--secondary file-picker__button">
        {label}
      </label>
      {chosen === undefined ? null : (
        <span className="file-picker__names" aria-live="polite">
          {chosen.length ? chosen.join(", ") : noneText}
        </span>
      )}
    </div>
  );
}
