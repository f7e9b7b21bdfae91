import { translateMessage, useAdminT } from "./use-admin-t";

export function FieldMessages({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useAdminT();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors.map((error) => translateMessage(t, error)).join(" ")}
    </p>
  );
}

export function FormMessages({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useAdminT();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form__errors" role="alert">
      {errors.map((error) => (
        <p key={error}>{translateMessage(t, error)}</p>
      ))}
    </div>
  );
}
