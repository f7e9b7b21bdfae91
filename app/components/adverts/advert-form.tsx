import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { FieldErrors, FormErrors } from "#app/components/forms/error-list.tsx";
import { Field, inputProps, selectProps, textareaProps } from "#app/components/forms/field.tsx";
import { CheckboxField } from "#app/components/forms/fields.tsx";
import { useLazyValidatedForm } from "#app/components/forms/use-lazy-validated-form.ts";
import type { FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { langAttr } from "#app/platform/format/localized.ts";
import type { AdvertFormDefaults, AdvertFormOptions } from "#app/modules/adverts/form.server.ts";
import type { PhotoPreview } from "#app/modules/adverts/photos.server.ts";
import { CURRENCIES, PRICE_KINDS } from "#app/modules/adverts/price.ts";
import { ADVERT_KINDS, DEFAULT_ADVERT_KIND } from "#app/modules/adverts/kinds.ts";
import { PhotoField } from "./photo-field.tsx";
import { advertSubmitKey } from "./submit-label.ts";
import { useAdvertsT } from "./use-adverts-t.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { chosenFields, fieldInputName } from "#app/modules/adverts/category-field-names.ts";
import { CHOOSE_CATEGORY_INTENT } from "#app/modules/adverts/form-intents.ts";
import { CategoryFields } from "./category-fields.tsx";

/**
 * The advert form, for posting and editing: a multipart form post that works without JS,
 * validated on the server (and, with JS, in the browser first) with messages by the fields.
 * The browser's checks (zod, the schema) load when the form is first focused; the fields'
 * constraint attributes come from the loader (`constraint`).
 */
export function AdvertForm({
  mode,
  setup: { options, defaults, constraint, review },
  photos,
  lastResult,
}: {
  mode: "new" | "edit";
  /** What the page's loader sends for the form. */
  setup: {
    options: AdvertFormOptions;
    defaults: AdvertFormDefaults;
    constraint: FormConstraint;
    /** A moderator checks the advert before it shows (again): the button says so. */
    review: boolean;
  };
  photos: PhotoPreview[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useAdvertsT();
  const language = usePageLanguage();
  // Posted to the page itself, whichever of its addresses it is on.
  const { pathname: action } = useLocation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  // The chosen category's fields: from the server's render (the category typed or stored),
  // then, with JS, following the select at once; the browser's checks use the same list.
  const [categoryId, setCategoryId] = useState(() =>
    String((lastResult?.initialValue as Record<string, unknown> | undefined)?.categoryId ?? defaults.categoryId ?? ""),
  );
  const categoryFields = chosenFields(options.fieldSet, categoryId);
  const rules = useRef(categoryFields);
  rules.current = categoryFields;
  const [loadValidator] = useState(
    () => () => import("./advert-form-validation.ts").then((module) => (formData: FormData) => module.default(formData, rules.current)),
  );
  const { form, fields, formProps, errors } = useLazyValidatedForm({
    id: "advert",
    lastResult,
    constraint,
    defaultValue: defaults,
    loadValidator,
  });
  // A category chosen before the form hydrated (on a page that loads it later, deferred.tsx)
  // shows in the select: the fields follow it from the first render after hydration.
  useEffect(() => {
    const select = document.getElementById(fields.categoryId.id);
    if (select instanceof HTMLSelectElement && select.value !== categoryId) setCategoryId(select.value);
    // Once, when the form hydrates.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The photos are read apart from the schema; the server's reply names their errors `newPhotos`.
  const newPhotoErrors = errors.newPhotos ?? undefined;

  return (
    <Form method="post" action={action} encType="multipart/form-data" className="form advert-form" {...formProps}>
      <p className="field__hint">{t("form.lead")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />

      {/* What the advert is (kinds.ts): a gift hides the price block by CSS (adverts.css), so no script is needed. */}
      <fieldset
        className="advert-form__group advert-form__kinds"
        aria-describedby={fields.kind.errors?.length ? fields.kind.errorId : undefined}
        aria-invalid={fields.kind.errors?.length ? true : undefined}
      >
        <legend>{t("kind.label")}</legend>
        <div className="advert-form__kind-list">
          {ADVERT_KINDS.map((kind) => (
            <label key={kind} className="advert-form__kind">
              <input
                type="radio"
                name={fields.kind.name}
                value={kind}
                defaultChecked={(fields.kind.initialValue ?? DEFAULT_ADVERT_KIND) === kind}
                key={`${fields.kind.key}-${kind}`}
                aria-describedby={`advert-kind-${kind}-hint`}
              />
              <span className="advert-form__kind-name">{t(`kind.${kind}`)}</span>
              <span id={`advert-kind-${kind}-hint`} className="field__hint advert-form__kind-hint">
                {t(`kind.hint_${kind}`)}
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>

      <fieldset className="advert-form__group">
        <legend>{t("form.about_heading")}</legend>
        <Field field={fields.title} label={t("form.title")} hint={t("form.title_hint")} required>
          {(control) => <input {...inputProps(fields.title, { type: "text" })} {...control} />}
        </Field>
        <Field field={fields.categoryId} label={t("form.category")} required>
          {(control) => (
            <select
              {...selectProps(fields.categoryId, { placeholder: true })}
              {...control}
              onChange={(event) => setCategoryId(event.currentTarget.value)}
              // A choice made while the page was still loading fired no change React saw: read it once hydrated.
              ref={(select) => {
                if (select && select.value !== categoryId) setCategoryId(select.value);
              }}
            >
              <option value="">{t("form.choose_category")}</option>
              {options.categories.map((category) => (
                <option key={category.id} value={category.id} lang={langAttr(category.name, language)}>
                  {`${"— ".repeat(category.depth)}${category.name.text}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* Only without JS: with it the fields follow the select at once. */}
        <noscript>
          <p className="advert-form__choose">
            <button
              type="submit"
              name="intent"
              value={CHOOSE_CATEGORY_INTENT}
              className="button button--secondary button--small"
              formNoValidate
            >
              {t("form.choose_fields")}
            </button>
          </p>
        </noscript>
        {options.locations.length ? (
          <Field field={fields.locationId} label={t("form.location")} required>
            {(control) => (
              <select {...selectProps(fields.locationId, { placeholder: true })} {...control}>
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
        <Field field={fields.description} label={t("form.description")} hint={t("form.description_hint")} required>
          {(control) => <textarea {...textareaProps(fields.description)} {...control} rows={8} />}
        </Field>
      </fieldset>

      <CategoryFields
        fieldSet={options.fieldSet}
        categoryId={categoryId}
        errors={JSON.stringify(
          Object.fromEntries(categoryFields.map((field) => [fieldInputName(field.key), fields[fieldInputName(field.key)]!.errors])),
        )}
        initial={JSON.stringify(
          Object.fromEntries(categoryFields.map((field) => [fieldInputName(field.key), fields[fieldInputName(field.key)]!.initialValue])),
        )}
      />

      {/* The kind and amount are hidden by CSS when the category's own field states the price (data-price-field). */}
      <p className="notice advert-form__gift-note">{t("form.give_away_note")}</p>
      <fieldset className="advert-form__group advert-form__price">
        <legend>{t("form.price_heading")}</legend>
        <div className="advert-form__choices" role="radiogroup" aria-label={t("form.price_heading")}>
          {PRICE_KINDS.map((kind) => (
            <label key={kind} className="advert-form__choice">
              <input
                type="radio"
                name={fields.priceKind.name}
                value={kind}
                defaultChecked={(fields.priceKind.initialValue ?? "amount") === kind}
                key={`${fields.priceKind.key}-${kind}`}
              />
              {t(`form.price_kind_${kind}`)}
            </label>
          ))}
        </div>
        <div className="advert-form__row">
          <Field field={fields.priceAmount} label={t("form.amount")} hint={t("form.amount_hint")}>
            {(control) => (
              <input {...inputProps(fields.priceAmount, { type: "text" })} {...control} inputMode="decimal" autoComplete="off" />
            )}
          </Field>
          <Field field={fields.priceCurrency} label={t("form.currency")}>
            {(control) => (
              <select {...selectProps(fields.priceCurrency, { placeholder: true })} {...control}>
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
        <Field field={fields.contactName} label={t("form.contact_name")} required>
          {(control) => <input {...inputProps(fields.contactName, { type: "text" })} {...control} autoComplete="name" />}
        </Field>
        <Field field={fields.phone} label={t("form.phone")}>
          {(control) => <input {...inputProps(fields.phone, { type: "tel" })} {...control} autoComplete="tel" />}
        </Field>
        <CheckboxField field={fields.showPhone} label={t("form.show_phone")} />
        <Field field={fields.email} label={t("form.email")}>
          {(control) => <input {...inputProps(fields.email, { type: "email" })} {...control} autoComplete="email" />}
        </Field>
      </fieldset>

      <PhotoField photos={photos} limits={options} errors={newPhotoErrors} removeField={fields.removePhotos} />

      <SubmitRow disabled={sending}>{sending ? t("form.sending") : t(advertSubmitKey(mode, review))}</SubmitRow>
    </Form>
  );
}
