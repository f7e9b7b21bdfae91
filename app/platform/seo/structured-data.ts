// schema.org data (JSON-LD) of the item pages, built from what their loaders already hold.
// Pure: unit tests parse the pages' JSON-LD and check these shapes.

type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** A structured address from the free-text street line and the city (location) of an item. */
export function postalAddress(street: string | null | undefined, locality: string | null | undefined): JsonLd | undefined {
  const streetAddress = street?.trim() || undefined;
  const city = locality?.trim() || undefined;
  if (!streetAddress && !city) return undefined;
  // A street line often ends with the city itself ("ul. Marszałkowska 10, Warszawa"): keep only the street.
  const parts =
    streetAddress
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean) ?? [];
  const lastPart = parts.at(-1);
  const street2 = parts.length > 1 && lastPart && !/\d/.test(lastPart) ? parts.slice(0, -1).join(", ") : streetAddress;
  const addressLocality = city ?? (parts.length > 1 && lastPart && !/\d/.test(lastPart) ? lastPart : undefined);
  return {
    "@type": "PostalAddress",
    ...(street2 ? { streetAddress: street2 } : {}),
    ...(addressLocality ? { addressLocality } : {}),
  };
}

const AVAILABILITY = {
  inStock: "https://schema.org/InStock",
  soldOut: "https://schema.org/SoldOut",
  discontinued: "https://schema.org/Discontinued",
} as const;

export type AdvertForJsonLd = {
  /**
   * Whether it offers something at a price (app/modules/adverts/kinds.ts `kindIsOffer`): false for
   * a wanted advert and the help kinds, whose data then carries no Offer and no price. Absent: an offer.
   */
  isOffer?: boolean;
  title: string;
  description: string;
  status: string;
  price: { kind: "amount" | "free" | "negotiable"; amount?: string | null; currency?: string | null };
  category: { name: { text: string } } | null;
  location: { text: string } | null;
  publishedAt: string | null;
  expiresAt: string | null;
};

/**
 * An advert: a Product with one Offer (sold is SoldOut, expired Discontinued). An advert that
 * offers nothing at a price (wanted, help) is a Demand: what is asked or given, with no Offer.
 */
export function advertJsonLd(advert: AdvertForJsonLd, photos: readonly { src: string }[], pageUrl: string): JsonLd {
  if (advert.isOffer === false) return demandJsonLd(advert, photos, pageUrl);
  const availability =
    advert.status === "sold" ? AVAILABILITY.soldOut : advert.status === "published" ? AVAILABILITY.inStock : AVAILABILITY.discontinued;
  const { price } = advert;
  const amount =
    price.kind === "free" ? "0" : price.kind === "amount" && price.amount && price.currency ? String(Number(price.amount)) : null;
  const address = postalAddress(null, advert.location?.text);
  return {
    "@context": CONTEXT,
    "@type": "Product",
    ...advertBasics(advert, photos, pageUrl),
    offers: {
      "@type": "Offer",
      url: pageUrl,
      availability,
      ...(amount !== null ? { price: amount } : {}),
      ...(amount !== null && price.currency ? { priceCurrency: price.currency } : {}),
      ...(advert.expiresAt && advert.status === "published" ? { priceValidUntil: advert.expiresAt.slice(0, 10) } : {}),
      ...(address ? { availableAtOrFrom: { "@type": "Place", address } } : {}),
    },
  };
}

/** What every advert's structured data says of it, whatever its kind. */
function advertBasics(advert: AdvertForJsonLd, photos: readonly { src: string }[], pageUrl: string) {
  return {
    name: advert.title,
    description: advert.description.slice(0, 500),
    url: pageUrl,
    ...(photos.length ? { image: photos.map((photo) => new URL(photo.src, pageUrl).href) } : {}),
    ...(advert.category ? { category: advert.category.name.text } : {}),
  };
}

/** A wanted advert or a call for or offer of help: its name, words, place and time, never a price. */
function demandJsonLd(advert: AdvertForJsonLd, photos: readonly { src: string }[], pageUrl: string): JsonLd {
  const address = postalAddress(null, advert.location?.text);
  return {
    "@context": CONTEXT,
    "@type": "Demand",
    ...advertBasics(advert, photos, pageUrl),
    ...(advert.publishedAt ? { validFrom: advert.publishedAt } : {}),
    ...(advert.expiresAt && advert.status === "published" ? { validThrough: advert.expiresAt } : {}),
    ...(address ? { areaServed: { "@type": "Place", address } } : {}),
  };
}

/** What a job advert's category fields say, as JobPosting needs it (adverts/category-field-facts.server.ts reads them). */
export type JobFacts = {
  /** The `employment` select's value (full_time, part_time, contract, temporary…), or null. */
  employment: string | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  /** The salary fields' unit as staff wrote it ("zł / month"): its currency and period. */
  salaryUnit: string | null;
  remote: boolean;
};

/** The employment select's values as Google's employmentType. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  full_time: "FULL_TIME",
  part_time: "PART_TIME",
  contract: "CONTRACTOR",
  contractor: "CONTRACTOR",
  temporary: "TEMPORARY",
  intern: "INTERN",
  internship: "INTERN",
  volunteer: "VOLUNTEER",
  per_diem: "PER_DIEM",
};

const SALARY_PERIODS: Array<[RegExp, string]> = [
  [/(hour|год)/iu, "HOUR"],
  [/(day|день|дн)/iu, "DAY"],
  [/(week|тиж)/iu, "WEEK"],
  [/(month|міс)/iu, "MONTH"],
  [/(year|рік|річ)/iu, "YEAR"],
];

/** The country a currency is the money of, for a remote job's applicants; the euro names none. */
const CURRENCY_COUNTRY: Record<string, string> = { PLN: "PL", GBP: "GB", UAH: "UA", CZK: "CZ", CAD: "CA", USD: "US" };
/** Where the portal's community lives (the site's time zone is Warsaw's): a remote job's country when its money names none. */
const SITE_COUNTRY = "PL";

function salaryJsonLd(job: JobFacts, fallbackCurrency: string | null | undefined): JsonLd | undefined {
  // No salary, or a 0 typed for "not said": Google wants no baseSalary rather than a wrong one.
  const from = job.salaryFrom || null;
  const to = job.salaryTo || null;
  if (from === null && to === null) return undefined;
  const currency = CURRENCY_WORDS.find(([pattern]) => pattern.test(job.salaryUnit ?? ""))?.[1] ?? fallbackCurrency;
  if (!currency) return undefined;
  const unitText = SALARY_PERIODS.find(([pattern]) => pattern.test(job.salaryUnit ?? ""))?.[1];
  const range = from !== null && to !== null && to > from ? { minValue: from, maxValue: to } : { value: from ?? to };
  return { "@type": "MonetaryAmount", currency, value: { "@type": "QuantitativeValue", ...range, ...(unitText ? { unitText } : {}) } };
}

/**
 * A job advert: a JobPosting with what Google requires (title, description, datePosted,
 * hiringOrganization, jobLocation or, for remote work, jobLocationType and the applicants'
 * country) and recommends (validThrough, employmentType, baseSalary, directApply).
 */
export function jobPostingJsonLd(
  advert: AdvertForJsonLd & { employer: string },
  job: JobFacts,
  pageUrl: string,
  site: { name: string; url: string },
): JsonLd {
  const salary = salaryJsonLd(job, advert.price.kind === "amount" ? advert.price.currency : null);
  const address = postalAddress(null, advert.location?.text);
  const employmentType = job.employment ? EMPLOYMENT_TYPES[job.employment] : undefined;
  const currency = (salary?.currency as string | undefined) ?? "";
  return {
    "@context": CONTEXT,
    "@type": "JobPosting",
    title: advert.title,
    description: advert.description,
    url: pageUrl,
    ...(advert.publishedAt ? { datePosted: advert.publishedAt } : {}),
    ...(advert.expiresAt && advert.status === "published" ? { validThrough: advert.expiresAt } : {}),
    ...(employmentType ? { employmentType } : {}),
    hiringOrganization: {
      "@type": "Organization",
      name: advert.employer.trim() || site.name,
      ...(advert.employer.trim() ? {} : { sameAs: site.url }),
    },
    ...(address
      ? {
          jobLocation: {
            "@type": "Place",
            address: { ...address, ...(CURRENCY_COUNTRY[currency] ? { addressCountry: CURRENCY_COUNTRY[currency] } : {}) },
          },
        }
      : {}),
    ...(job.remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: CURRENCY_COUNTRY[currency] ?? SITE_COUNTRY },
        }
      : {}),
    ...(salary ? { baseSalary: salary } : {}),
    directApply: false,
  };
}

/** The person (or, without one, the site) who wrote an article. */
export function authorOf(name: string | null | undefined, site: string, siteUrl: string): JsonLd {
  return name?.trim() ? { "@type": "Person", name: name.trim() } : { "@type": "Organization", name: site, url: siteUrl };
}

const CURRENCY_WORDS: Array<[RegExp, string]> = [
  [/(pln|zł|злот)/iu, "PLN"],
  [/(eur|€|євро)/iu, "EUR"],
  [/(gbp|£|фунт)/iu, "GBP"],
  [/(uah|₴|грн|гривн)/iu, "UAH"],
  [/(czk|kč|крон)/iu, "CZK"],
  [/(cad|c\$)/iu, "CAD"],
  [/(usd|\$|долар)/iu, "USD"],
];
const FREE = /(free|безкоштовн|вільний)/iu;

/**
 * A ticket price typed as text ("від 60 злотих", "5 EUR", "$10, students $5", "free entry"):
 * the first amount and its currency, 0 for free; null when it names no currency.
 */
export function parseTicketPrice(text: string | null | undefined): { price: string; priceCurrency: string | null } | null {
  if (!text) return null;
  const number = /(\d+(?:[.,]\d{1,2})?)/u.exec(text);
  if (!number) return FREE.test(text) ? { price: "0", priceCurrency: null } : null;
  const currency = CURRENCY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  return currency ? { price: number[1]!.replace(",", "."), priceCurrency: currency } : null;
}
