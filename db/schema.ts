// The value types of the database's columns and short names for its rows. The tables
// themselves are db/generated.ts, generated from the migrations by `npm run db:types`; the
// value types of text columns with a CHECK list and of jsonb columns are named here and
// chosen per column in db/codegen.ts.
//
// Runtime notes (checked on pg and PGlite alike): numeric arrives as a string,
// int8/bigint as a number (pg type parser in connection.ts), int[] as number[],
// date as a Date at UTC midnight, jsonb as parsed JSON. Write jsonb values as
// JSON.stringify(...) strings: pg turns a JS array parameter into a Postgres array.
import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type * as Tables from "./generated.ts";

export type { DB } from "./generated.ts";

export const LOCALES = ["ua", "us"] as const;
export type Locale = (typeof LOCALES)[number];
export const USER_ROLES = ["user", "editor", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const TOKEN_PURPOSES = [
  "verify_email",
  "reset_password",
  "advert_renew",
  "advert_sold",
  "sign_in_link",
  "not_me",
  "change_email",
] as const;
/** Where a user's submitted event, service or organisation stands (null for staff-written items). */
export const SUBMISSION_STATES = ["pending", "approved", "rejected"] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export const EXPIRY_MAIL_KINDS = ["reminder", "expired"] as const;
export type ExpiryMailKind = (typeof EXPIRY_MAIL_KINDS)[number];
/** Mail about new private messages: at once, a daily digest, or none. */
export const MESSAGE_MAIL_CHOICES = ["instant", "daily", "off"] as const;
export type MessageMail = (typeof MESSAGE_MAIL_CHOICES)[number];
export const CATEGORY_KINDS = ["news", "poster", "service", "advertisement"] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
/** A guide's topic (migrations/0042): its public filter and the staff form's select. */
export const GUIDE_TOPICS = ["documents", "work", "housing", "health", "education", "money", "daily_life"] as const;
export type GuideTopic = (typeof GUIDE_TOPICS)[number];
export const REKLAMA_PLACEMENTS = ["home_top", "sidebar", "list_inline", "footer"] as const;
export type ReklamaPlacement = (typeof REKLAMA_PLACEMENTS)[number];
export const CURRENCIES = ["UAH", "EUR", "USD", "PLN", "GBP", "CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const PRICE_KINDS = ["amount", "free", "negotiable"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
/** What an advert is (migrations/0037): an offer, a wanted advert, a gift, a call for help, an offer of help. */
export const ADVERT_KINDS = ["offer", "wanted", "give_away", "help_needed", "help_offered"] as const;
export type AdvertKind = (typeof ADVERT_KINDS)[number];
export const ADVERT_STATUSES = ["draft", "pending", "published", "rejected", "expired", "sold", "archived"] as const;
export type AdvertStatus = (typeof ADVERT_STATUSES)[number];
export const REPORT_TARGET_TYPES = ["advertisement", "news", "poster", "service", "diaspora", "guide"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What a stored report is about: public content, a private conversation reported by one of its two parties, or a rating of a person. */
export type StoredReportTarget = ReportTargetType | "conversation" | "rating";
/** A reported conversation's messages as they were when it was reported: the only way staff see messages. */
export type ConversationEvidence = {
  advertTitle: string;
  messages: Array<{ from: "buyer" | "seller"; name: string | null; body: string; at: string }>;
};
export const REPORT_REASONS = ["spam", "fraud", "offensive", "wrong_category", "duplicate", "other", "outdated", "question"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** A mark on an event's date: going, or waiting for a place (migrations/0041). */
export const RSVP_STATUSES = ["going", "waiting"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
/** A member's role in an organisation. */
export const ORGANISATION_ROLES = ["owner", "editor"] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
/** What a notice to an event's attendees is about: an organiser's message, a cancelled date, a moved date. */
export const NOTICE_KINDS = ["announcement", "cancelled", "moved"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
/** What a user's stored document is (migrations/0043); "other" carries its own label. */
export const USER_DOCUMENT_KINDS = ["residence_card", "passport", "visa", "health_insurance", "other"] as const;
export type UserDocumentKind = (typeof USER_DOCUMENT_KINDS)[number];
/** What a push notification is about (migrations/0045, `users.push_kinds`): a new message, a saved search's alert, an event's reminder, a document's reminder. */
export const PUSH_KINDS = ["message", "alert", "event", "document"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
/** The newsletter (migrations/0044): a subscriber's language and state, an issue's kind and state. */
export const NEWSLETTER_LANGUAGES = ["uk", "en"] as const;
export type NewsletterLanguage = (typeof NEWSLETTER_LANGUAGES)[number];
export const NEWSLETTER_SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterSubscriberStatus = (typeof NEWSLETTER_SUBSCRIBER_STATUSES)[number];
export const NEWSLETTER_ISSUE_KINDS = ["digest", "manual"] as const;
export type NewsletterIssueKind = (typeof NEWSLETTER_ISSUE_KINDS)[number];
export const NEWSLETTER_ISSUE_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];
/** What a subscriber may choose to get (migrations/0044's CHECK list). */
export const NEWSLETTER_TOPICS = ["news", "events", "directory", "adverts"] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number];
/** The local sections that may federate as ActivityPub actors (migrations/0046). */
export const FEDERATION_SECTIONS = ["news", "events"] as const;
export type FederationSection = (typeof FEDERATION_SECTIONS)[number];
export const FEDERATION_KEY_ALGORITHMS = ["rsa", "ed25519"] as const;
export type FederationKeyAlgorithm = (typeof FEDERATION_KEY_ALGORITHMS)[number];
/** A remote actor staff follow: asked, accepted or refused by the other side. */
export const FEDERATION_FOLLOW_STATES = ["pending", "accepted", "rejected"] as const;
export type FederationFollowState = (typeof FEDERATION_FOLLOW_STATES)[number];

/** jsonb written as its JSON.stringify string (pg would send a JS array as a Postgres array), selected parsed. */
export type JsonColumn<T> = ColumnType<T, string, string>;
/** Keys are network names (facebook, instagram, telegram, youtube, tiktok, x, viber, whatsapp, ...), values URLs. */
export type SocialLinks = Record<string, string>;
/** A social_links column: an object holds no array, so it may also be written as is. */
export type SocialLinksColumn = ColumnType<SocialLinks, SocialLinks | string, SocialLinks | string>;

export const ALERT_FREQUENCIES = ["off", "daily", "instant"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** What a staff-defined advert field holds (advert_fields.kind); its value lives in the column of that kind. */
export const ADVERT_FIELD_KINDS = ["number", "select", "boolean", "date", "text"] as const;
export type AdvertFieldKind = (typeof ADVERT_FIELD_KINDS)[number];
/** One choice of a select field: `value` is what URLs and stored values carry, the labels what people read. */
export type AdvertFieldOption = { value: string; label_uk: string; label_en: string | null };
export type AdvertFieldOptions = AdvertFieldOption[];

/** The filters of a saved advert search, as the list's URL carries them (migrations/0011). */
export type SavedSearchFilters = {
  /** The place's (a location's) slug: the list's `near` (once its `location`, hence the key). */
  location?: string;
  /**
   * How far from the place (app/platform/geo/radius.ts's RadiusKm, or `any`); absent: the place
   * itself, as searches saved before radii were.
   */
  radius?: 5 | 20 | 50 | 100 | "any";
  min?: number;
  max?: number;
  currency?: Currency;
  photos?: boolean;
  /** The advert kind (migrations/0037); absent: every kind. */
  kind?: AdvertKind;
  /** Filters by the category's fields, by field key (app/modules/adverts/category-field-filters.ts). */
  fields?: AdvertFieldFilterParams;
};

/** One field filter as the URL carries it: a range (`min`/`max`) or one value (`is`). */
export type AdvertFieldFilterParam = { min?: string; max?: string; is?: string };
export type AdvertFieldFilterParams = Record<string, AdvertFieldFilterParam>;

/** The row types the app names. */
export type AdvertisementsTable = Tables.Advertisements;
export type User = Selectable<Tables.Users>;
export type NewUser = Insertable<Tables.Users>;
export type UserUpdate = Updateable<Tables.Users>;
export type Session = Selectable<Tables.Sessions>;
export type AuthToken = Selectable<Tables.AuthTokens>;
export type RateLimitEvent = Selectable<Tables.RateLimitEvents>;
export type Image = Selectable<Tables.Images>;
export type SavedSearch = Selectable<Tables.SavedSearches>;
export type Category = Selectable<Tables.Categories>;
export type Tag = Selectable<Tables.Tags>;
export type Location = Selectable<Tables.Locations>;
export type News = Selectable<Tables.News>;
export type NewNews = Insertable<Tables.News>;
export type NewsTag = Selectable<Tables.NewsTags>;
export type Poster = Selectable<Tables.Posters>;
export type NewPoster = Insertable<Tables.Posters>;
export type PosterTag = Selectable<Tables.PosterTags>;
export type Service = Selectable<Tables.Services>;
export type NewService = Insertable<Tables.Services>;
export type Diaspora = Selectable<Tables.Diaspors>;
export type NewDiaspora = Insertable<Tables.Diaspors>;
export type Reklama = Selectable<Tables.Reklama>;
export type NewReklama = Insertable<Tables.Reklama>;
export type Page = Selectable<Tables.Pages>;
export type NewPage = Insertable<Tables.Pages>;
export type Advertisement = Selectable<Tables.Advertisements>;
export type NewAdvertisement = Insertable<Tables.Advertisements>;
export type AdvertisementUpdate = Updateable<Tables.Advertisements>;
export type AdvertisementImage = Selectable<Tables.AdvertisementImages>;
export type Report = Selectable<Tables.Reports>;
export type Settings = Selectable<Tables.Settings>;
export type SettingsUpdate = Updateable<Tables.Settings>;
export type Visit = Selectable<Tables.Visits>;
export type VisitDailyTotal = Selectable<Tables.VisitDailyTotals>;
export type Presence = Selectable<Tables.Presence>;
export type AuditLogEntry = Selectable<Tables.AuditLog>;

/**
 * The union types of CHECK-listed text columns, by their TypeScript name: `npm run db:types`
 * (db/codegen.ts) gives such a column the one union whose values are its CHECK list, so a new
 * content table's `status` is a ContentStatus with no line elsewhere. A list two unions share
 * (MessageMail, AlertFrequency) is named per column in codegen's VALUE_TYPES.
 */
export const CHECK_UNIONS: Readonly<Record<string, readonly string[]>> = {
  UserRole: USER_ROLES,
  AdvertFieldKind: ADVERT_FIELD_KINDS,
  Locale: LOCALES,
  TokenPurpose: TOKEN_PURPOSES,
  ExpiryMailKind: EXPIRY_MAIL_KINDS,
  MessageMail: MESSAGE_MAIL_CHOICES,
  CategoryKind: CATEGORY_KINDS,
  ContentStatus: CONTENT_STATUSES,
  ReklamaPlacement: REKLAMA_PLACEMENTS,
  Currency: CURRENCIES,
  PriceKind: PRICE_KINDS,
  AdvertStatus: ADVERT_STATUSES,
  AdvertKind: ADVERT_KINDS,
  StoredReportTarget: [...REPORT_TARGET_TYPES, "conversation", "rating"],
  ReportReason: REPORT_REASONS,
  ReportStatus: REPORT_STATUSES,
  AlertFrequency: ALERT_FREQUENCIES,
  SubmissionState: SUBMISSION_STATES,
  RsvpStatus: RSVP_STATUSES,
  OrganisationRole: ORGANISATION_ROLES,
  NoticeKind: NOTICE_KINDS,
  GuideTopic: GUIDE_TOPICS,
  UserDocumentKind: USER_DOCUMENT_KINDS,
  NewsletterLanguage: NEWSLETTER_LANGUAGES,
  NewsletterSubscriberStatus: NEWSLETTER_SUBSCRIBER_STATUSES,
  NewsletterIssueKind: NEWSLETTER_ISSUE_KINDS,
  NewsletterIssueStatus: NEWSLETTER_ISSUE_STATUSES,
  FederationSection: FEDERATION_SECTIONS,
  FederationKeyAlgorithm: FEDERATION_KEY_ALGORITHMS,
  FederationFollowState: FEDERATION_FOLLOW_STATES,
};
