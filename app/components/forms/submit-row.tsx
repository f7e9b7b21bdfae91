import type { ReactNode } from "react";

/** The form's one submit button, in the row the layout aligns with the fields. */
export function SubmitRow({ children, variant, disabled }: { children: ReactNode; variant?: "secondary" | "danger"; disabled?: boolean }) {
  return (
    <div className="form__actions">
      <button type="submit" className={variant ? `button button--${variant}` : "button"} disabled={disabled}>
        {children}
      </button>
    </div>
  );
}
