import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { usePageLanguage } from "~/hooks/use-t";
import { langAttr } from "~/modules/content/localized";
import type { AdvertFormDefaults, AdvertFormOptions } from "~/modules/adverts/form.server";
import { advertFormSchema, DESCRIPTION_MAX, TITLE_MAX } from "~/modules/adverts/form-schema";
import type { PhotoPreview } from "~/modules/adverts/photos.server";
import { CURRENCIES, PRICE_KINDS } from "~/modules/adverts/price";
import { PhotoField } from "./photo-field";
import { useAdvertsT, useMessage } from "./use-adverts-t";
import "./adverts.css";

/**
 * The advert form, for posting and editing: a multipart form post that works without JS,
 * validated on the server (and, with JS, in the browser first) with messages by the fields.
 */
export function AdvertForm({
  mode,
  action,
  options,
  defaults,
  photos,
  lastResult,
}: {
  mode: "new" | "edit";
  action: string;
  options: AdvertFormOptions;
  defaults: AdvertFormDefaults;
  photos: PhotoPreview[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const language = usePageLanguage();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useForm({
    id: "advert",
    lastResult: lastResult ?? undefined,
    defaultValue: defaults,
    constraint: getZodConstraint(advertFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: advertFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errorsOf = (field: { errors?: string[] }) => field.errors?.map(message);
  const newPhotoErrors = (fields as unknown as Record<string, FieldMetadata<unknown> | undefined>).newPhotos?.errors ?? (form.allErrors.newPhotos as string[] | undefined);

  return (
    <Form method="post" action={action} encType="multipart/form-data" className="form advert-form" {...getFormProps(form)}>
      <p className="field__hint">{t("form.lead")}</p>
      {form.errors?.length ? (
        <div id={form.errorId} className="form__errors" role="alert">
          {form.errors.map((error) => (
            <p key={error}>{message(error)}</p>
          ))}
        </div>
      ) : null}

      <fieldset className="advert-form__group">
        <legend>{t("form.about_heading")}</legend>
        <Field field={fields.title} label={t("form.title")} hint={t("form.title_hint")} required errors={errorsOf(fields.title)}>
          {(props) => <input {...inputProps(fields.title, "text")} {...props} maxLength={TITLE_MAX} />}
        </Field>
        <Field field={fields.categoryId} label={t("form.category")} required errors={errorsOf(fields.categoryId)}>
          {(props) => (
            <select {...selectProps(fields.categoryId)} {...props}>
              <option value="">{t("form.choose_category")}</option>
              {options.categories.map((category) => (
                <option key={category.id} value={category.id} lang={langAttr(category.name, language)}>
                  {`${"— ".repeat(category.depth)}${category.name.text}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        {options.locations.length ? (
          <Field field={fields.locationId} label={t("form.location")} required errors={errorsOf(fields.locationId)}>
            {(props) => (
              <select {...selectProps(fields.locationId)} {...props}>
                <option value="">{t("form.choose_location")}</option>
                {options.locations.map((location) => (
                  <option key={location.id} value={location.id} lang={langAttr(location.name, language)}>
                    {location.name.text}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field field={fields.description} label={t("form.description")} hint={t("form.description_hint")} required errors={errorsOf(fields.description)}>
          {(props) => {
            const { key, ...rest } = getTextareaProps(fields.description);
            return <textarea key={key} {...rest} {...props} rows={8} maxLength={DESCRIPTION_MAX} />;
          }}
        </Field>
      </fieldset>

      <fieldset className="advert-form__group">
        <legend>{t("form.price_heading")}</legend>
        <div className="advert-form__choices" role="radiogroup" aria-label={t("form.price_heading")}>
          {PRICE_KINDS.map((kind) => (
            <label key={kind} className="advert-form__choice">
              <input type="radio" name={fields.priceKind.name} value={kind} defaultChecked={(fields.priceKind.initialValue ?? "amount") === kind} key={`${fields.priceKind.key}-${kind}`} />
              {t(`form.price_kind_${kind}`)}
            </label>
          ))}
        </div>
        <div className="advert-form__row">
          <Field field={fields.priceAmount} label={t("form.amount")} hint={t("form.amount_hint")} errors={errorsOf(fields.priceAmount)}>
            {(props) => <input {...inputProps(fields.priceAmount, "text")} {...props} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field field={fields.priceCurrency} label={t("form.currency")} errors={errorsOf(fields.priceCurrency)}>
            {(props) => (
              <select {...selectProps(fields.priceCurrency)} {...props}>
                <option value="">{t("form.choose_currency")}</option>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="advert-form__group">
        <legend>{t("form.contact_heading")}</legend>
        <p className="field__hint">{t("form.contact_hint")}</p>
        <Field field={fields.contactName} label={t("form.contact_name")} required errors={errorsOf(fields.contactName)}>
          {(props) => <input {...inputProps(fields.contactName, "text")} {...props} autoComplete="name" />}
        </Field>
        <Field field={fields.phone} label={t("form.phone")} errors={errorsOf(fields.phone)}>
          {(props) => <input {...inputProps(fields.phone, "tel")} {...props} autoComplete="tel" />}
        </Field>
        <div className="field field--checkbox">
          <input {...inputProps(fields.showPhone, "checkbox")} />
          <label htmlFor={fields.showPhone.id}>{t("form.show_phone")}</label>
        </div>
        <Field field={fields.email} label={t("form.email")} errors={errorsOf(fields.email)}>
          {(props) => <input {...inputProps(fields.email, "email")} {...props} autoComplete="email" />}
        </Field>
      </fieldset>

      <PhotoField photos={photos} maxPhotos={options.maxPhotos} maxPhotoBytes={options.maxPhotoBytes} errors={newPhotoErrors} removeField={fields.removePhotos} />

      <div className="form__actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? t("form.sending") : mode === "new" ? t("form.submit_new") : t("form.submit_edit")}
        </button>
      </div>
    </Form>
  );
}

/** conform's input props without the React key (passed separately). */
function inputProps(field: FieldMetadata<any>, type: "text" | "tel" | "email" | "checkbox") {
  const { key: _key, ...props } = getInputProps(field, { type } as Parameters<typeof getInputProps>[1]);
  return props;
}

function selectProps(field: FieldMetadata<any>) {
  const { key: _key, ...props } = getSelectProps(field);
  return props;
}

type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean };

/** Label, hint, the control and its errors, wired together for assistive technology. */
function Field({
  field,
  label,
  hint,
  required = false,
  errors,
  children,
}: {
  field: FieldMetadata<any>;
  label: string;
  hint?: string;
  required?: boolean;
  errors?: string[];
  children: (props: ControlProps) => React.ReactNode;
}) {
  const { t } = useAdvertsT();
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field" key={field.key}>
      <label htmlFor={field.id}>
        {label}
        {required ? (
          <>
            {" "}
            <span aria-hidden="true">*</span>
            <span className="visually-hidden">({t("form.required")})</span>
          </>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id: field.id, "aria-describedby": describedBy, "aria-invalid": errors?.length ? true : undefined })}
      {errors?.length ? (
        <p id={field.errorId} className="field__error">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
