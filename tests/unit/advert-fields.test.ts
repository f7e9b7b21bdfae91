// The advert's one field list (app/modules/adverts/fields.server.ts): it covers every field of
// the form but the photo ones, stores what the form validated, shows stored values again as
// the form typed them, and fills a new advert from the poster's profile.
import { describe, expect, it } from "vitest";
import { advertFormSchema } from "#app/modules/adverts/form-schema.ts";
import { formToValues, initialValues, valuesToForm } from "#app/modules/adverts/fields.server.ts";

// The photos, and the category's own fields (stored apart, category-field-store.server.ts).
const PHOTO_FIELDS = ["photos", "removePhotos", "photoOrder", "fields"];

const typed = {
  kind: "wanted" as const,
  title: "Ноутбук ThinkPad",
  categoryId: 7,
  locationId: 3,
  description: "Майже новий, з зарядкою та сумкою, без подряпин.",
  priceKind: "amount" as const,
  priceAmount: "1 250,50",
  priceCurrency: "PLN" as const,
  contactName: "Оля",
  phone: "+48 600 100 200",
  email: "olia@example.com",
  showPhone: true,
  photos: [],
  removePhotos: [],
};

describe("advert fields", () => {
  it("map every field of the form but the photos, and back as typed", () => {
    const values = formToValues(advertFormSchema.parse(typed));
    expect(values).toMatchObject({ category_id: 7, location_id: 3, price_amount: "1250.50", price_currency: "PLN", show_phone: true });
    const form = valuesToForm(values);
    expect(Object.keys(form).sort()).toEqual(
      Object.keys(advertFormSchema.shape)
        .filter((key) => !PHOTO_FIELDS.includes(key))
        .sort(),
    );
    expect(form).toEqual({
      ...Object.fromEntries(Object.entries(typed).filter(([key]) => !PHOTO_FIELDS.includes(key))),
      categoryId: "7",
      locationId: "3",
      priceAmount: "1250.50",
    });
  });

  it("store no amount or currency for a price that is not an amount, and empty contacts as null", () => {
    const values = formToValues(advertFormSchema.parse({ ...typed, priceKind: "free", phone: undefined, showPhone: false }));
    expect(values).toMatchObject({ price_kind: "free", price_amount: null, price_currency: null, phone: null });
    expect(valuesToForm(values)).toMatchObject({ priceAmount: "", priceCurrency: "", phone: "" });
  });

  it("fill a new advert's contacts from the profile, showing the phone only when there is one", () => {
    expect(valuesToForm(initialValues({ name: "Оля", email: "olia@example.com", phone: null }))).toEqual({
      kind: "offer",
      priceKind: "amount",
      contactName: "Оля",
      phone: "",
      email: "olia@example.com",
      showPhone: false,
    });
    expect(initialValues({ name: "Оля", email: "olia@example.com", phone: "+48 600 100 200" })).toMatchObject({
      phone: "+48 600 100 200",
      show_phone: true,
    });
  });
});
