// Kysely types of migrations/0001_initial.ts. Keep the two in step.
//
// Runtime notes (checked on pg and PGlite alike): numeric arrives as a string,
// int8/bigint as a number (pg type parser in connection.ts), int[] as number[],
// date as a Date at UTC midnight, jsonb as parsed JSON. Write jsonb values as
// JSON.stringify(...) strings: pg turns a JS array parameter into a Postgres array.
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";

export const LOCALES = ["ua", "us"] as const;
export type Locale = (typeof LOCALES)[number];
export const USER_ROLES = ["user", "editor", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const TOKEN_PURPOSES = ["verify_email", "reset_password"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export const CATEGORY_KINDS = ["news", "poster", "service", "advertisement"] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const REKLAMA_PLACEMENTS = ["home_top", "sidebar", "list_inline", "footer"] as const;
export type ReklamaPlacement = (typeof REKLAMA_PLACEMENTS)[number];
export const CURRENCIES = ["UAH", "EUR", "USD", "PLN", "GBP", "CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const PRICE_KINDS = ["amount", "free", "negotiable"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const ADVERT_STATUSES = ["draft", "pending", "published", "rejected", "expired", "sold", "archived"] as const;
export type AdvertStatus = (typeof ADVERT_STATUSES)[number];
export const REPORT_TARGET_TYPES = ["advertisement", "news", "poster", "service", "diaspora"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What a stored report is about: public content, or a private conversation reported by one of its two parties. */
export type StoredReportTarget = ReportTargetType | "conversation";
/** A reported conversation's messages as they were when it was reported: the only way staff see messages. */
export type ConversationEvidence = { advertTitle: string; messages: Array<{ from: "buyer" | "seller"; name: string | null; body: string; at: string }> };
export const REPORT_REASONS = ["spam", "fraud", "offensive", "wrong_category", "duplicate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** timestamptz with a default (created_at, ...): optional on insert. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** timestamptz not null without a default (expires_at, starts_at): required on insert. */
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
/** Nullable timestamptz. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/**
 * jsonb with a default, holding an object: parsed on select; write the object or its
 * JSON.stringify string (never a bare array: pg would send it as a Postgres array).
 */
export type JsonWithDefault<T extends object> = ColumnType<T, T | string | undefined, T | string>;
/** numeric(12,2): a decimal string such as "1250.00". */
export type Numeric = ColumnType<string | null, string | number | null | undefined, string | number | null>;
/** Keys are network names (facebook, instagram, telegram, youtube, tiktok, x, viber, whatsapp, ...), values URLs. */
export type SocialLinks = Record<string, string>;

type Timestamps = { created_at: Timestamp; updated_at: Timestamp };

/** Columns of every staff content table. */
type StaffColumns = Timestamps & {
  id: Generated<number>;
  slug: string;
  status: Generated<ContentStatus>;
  published_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  version: Generated<number>;
  author_id: number | null;
  seo_title_uk: string | null;
  seo_title_en: string | null;
  seo_description_uk: string | null;
  seo_description_en: string | null;
};

export interface UsersTable extends Timestamps {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: Generated<string>;
  phone: string | null;
  role: Generated<UserRole>;
  email_verified_at: NullableTimestamp;
  preferred_locale: Generated<Locale>;
  blocked_at: NullableTimestamp;
  /** Random and stable: the seller page's address (migrations/0014); never the sequential id. */
  public_id: Generated<string>;
}

export interface SessionsTable {
  /** SHA-256 hex of the cookie token. */
  id: string;
  user_id: number;
  expires_at: RequiredTimestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: TokenPurpose;
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  key: string;
  created_at: Timestamp;
}

export interface ImagesTable extends Timestamps {
  id: Generated<number>;
  /** "<yyyy>/<mm>/<uuid>": see app/modules/images/urls.ts. */
  key: string;
  width: number;
  height: number;
  /** Stored webp widths, ascending. */
  variants: number[];
  alt_uk: string | null;
  alt_en: string | null;
  owner_id: number | null;
}

export interface CategoriesTable extends Timestamps {
  id: Generated<number>;
  kind: CategoryKind;
  slug: string;
  name_uk: string;
  name_en: string | null;
  parent_id: number | null;
  position: Generated<number>;
}

export interface TagsTable extends Timestamps {
  id: Generated<number>;
  slug: string;
  name_uk: string;
  name_en: string | null;
}

export interface LocationsTable extends Timestamps {
  id: Generated<number>;
  slug: string;
  name_uk: string;
  name_en: string | null;
  position: Generated<number>;
}

export interface NewsTable extends StaffColumns {
  title_uk: string;
  title_en: string | null;
  summary_uk: Generated<string>;
  summary_en: string | null;
  /** HTML (paragraphs) as written by the staff editor. */
  body_uk: Generated<string>;
  body_en: string | null;
  category_id: number | null;
  cover_image_id: number | null;
  view_count: Generated<number>;
  search_vector: GeneratedAlways<string>;
  /** Words and their stems (migrations/0009_search_stems.ts). */
  search_stems: GeneratedAlways<string>;
}

export interface NewsTagsTable {
  news_id: number;
  tag_id: number;
}

export interface PostersTable extends StaffColumns {
  title_uk: string;
  title_en: string | null;
  description_uk: Generated<string>;
  description_en: string | null;
  category_id: number | null;
  cover_image_id: number | null;
  starts_at: RequiredTimestamp;
  ends_at: NullableTimestamp;
  venue_uk: string | null;
  venue_en: string | null;
  address: string | null;
  location_id: number | null;
  price_text_uk: string | null;
  price_text_en: string | null;
  ticket_url: string | null;
  organiser: string | null;
  view_count: Generated<number>;
  search_vector: GeneratedAlways<string>;
  /** Words and their stems (migrations/0009_search_stems.ts). */
  search_stems: GeneratedAlways<string>;
}

export interface PosterTagsTable {
  poster_id: number;
  tag_id: number;
}

export interface ServicesTable extends StaffColumns {
  name_uk: string;
  name_en: string | null;
  description_uk: Generated<string>;
  description_en: string | null;
  category_id: number | null;
  location_id: number | null;
  logo_image_id: number | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
  social_links: JsonWithDefault<SocialLinks>;
  view_count: Generated<number>;
  search_vector: GeneratedAlways<string>;
  /** Words and their stems (migrations/0009_search_stems.ts). */
  search_stems: GeneratedAlways<string>;
}

export interface DiasporsTable extends StaffColumns {
  name_uk: string;
  name_en: string | null;
  description_uk: Generated<string>;
  description_en: string | null;
  location_id: number | null;
  logo_image_id: number | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  social_links: JsonWithDefault<SocialLinks>;
  view_count: Generated<number>;
  search_vector: GeneratedAlways<string>;
  /** Words and their stems (migrations/0009_search_stems.ts). */
  search_stems: GeneratedAlways<string>;
}

export interface ReklamaTable extends StaffColumns {
  title_uk: string;
  title_en: string | null;
  body_uk: Generated<string>;
  body_en: string | null;
  image_id: number | null;
  target_url: string | null;
  placement: ReklamaPlacement;
  starts_at: Timestamp;
  ends_at: NullableTimestamp;
  impression_count: Generated<number>;
  click_count: Generated<number>;
}

export interface PagesTable extends StaffColumns {
  title_uk: string;
  title_en: string | null;
  body_uk: Generated<string>;
  body_en: string | null;
  show_in_footer: Generated<boolean>;
  position: Generated<number>;
}

export interface AdvertisementsTable extends Timestamps {
  id: Generated<number>;
  slug: string;
  owner_id: number;
  category_id: number;
  location_id: number | null;
  /** 5..120 characters. */
  title: string;
  /** Plain text, 20..5000 characters. */
  description: string;
  price_amount: Numeric;
  price_currency: Currency | null;
  price_kind: Generated<PriceKind>;
  contact_name: Generated<string>;
  phone: string | null;
  email: string | null;
  show_phone: Generated<boolean>;
  status: Generated<AdvertStatus>;
  rejection_reason: string | null;
  published_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  view_count: Generated<number>;
  phone_reveal_count: Generated<number>;
  search_vector: GeneratedAlways<string>;
  /** Words and their stems (migrations/0009_search_stems.ts). */
  search_stems: GeneratedAlways<string>;
  /** The dashboard's trash (migrations/0005): public pages show only rows where it is null. */
  deleted_at: NullableTimestamp;
  /** Optimistic locking of staff edits; a trigger bumps it on every content change (0005). */
  version: Generated<number>;
}

export interface AdvertisementImagesTable {
  advertisement_id: number;
  image_id: number;
  position: Generated<number>;
}

/** An advert photo stored but not yet attached to an advert (migrations/0004). */
export interface AdvertUploadsTable {
  image_id: number;
  owner_id: number;
  created_at: Timestamp;
}

export interface ReportsTable extends Timestamps {
  id: Generated<number>;
  target_type: StoredReportTarget;
  target_id: number;
  reason: ReportReason;
  message: Generated<string>;
  reporter_id: number | null;
  reporter_hash: string | null;
  status: Generated<ReportStatus>;
  resolved_by: number | null;
  resolved_at: NullableTimestamp;
  note: string | null;
  /** Conversation reports only (migrations/0014). */
  evidence: ColumnType<ConversationEvidence | null, string | null | undefined, string | null>;
}

export interface SettingsTable extends Timestamps {
  /** Always 1: the table has exactly one row, inserted by the migration. */
  id: Generated<number>;
  site_name_uk: Generated<string>;
  site_name_en: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_address_uk: string | null;
  contact_address_en: string | null;
  social_links: JsonWithDefault<SocialLinks>;
  advert_moderation: Generated<boolean>;
  advert_lifetime_days: Generated<number>;
  advert_max_images: Generated<number>;
  adverts_per_user_per_day: Generated<number>;
}

export interface VisitsTable {
  id: Generated<number>;
  visited_at: Timestamp;
  path: string;
  referrer_host: string | null;
  locale: string;
  device_class: string;
  browser: string | null;
  os: string | null;
  visitor_hash: string;
}

export interface VisitDailyTotalsTable {
  /** A date: selected as a Date at UTC midnight; write "yyyy-mm-dd". */
  day: ColumnType<Date, Date | string, Date | string>;
  path: string;
  locale: string;
  device_class: string;
  count: Generated<number>;
}

export interface PresenceTable {
  visitor_hash: string;
  path: string;
  last_seen_at: Timestamp;
}

/** One salt per UTC day for visitor hashes (migrations/0006); a finished day's salt is deleted. */
export interface AnalyticsSaltsTable {
  /** A date: selected as a Date at UTC midnight; write "yyyy-mm-dd". */
  day: ColumnType<Date, Date | string, Date | string>;
  salt: string;
  created_at: Timestamp;
}

/** A visitor counted once for an item on a UTC day (views, reklama clicks; migrations/0013). */
export interface CountedVisitorsTable {
  /** A date: selected as a Date at UTC midnight; write "yyyy-mm-dd". */
  day: ColumnType<Date, Date | string, Date | string>;
  /** "<table>.<column>" of the counter, e.g. "news.view_count". */
  target: string;
  item_id: number;
  visitor_hash: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** Bumped by triggers when a table public pages read changes (migrations/0003). */
export interface ContentVersionsTable {
  name: string;
  version: ColumnType<number, number | undefined, number>;
  changed_at: Timestamp;
}

/** Distinct title words per searchable type, for typo correction (migrations/0003). */
export interface SearchTermsTable {
  kind: string;
  term: string;
}

/** An advert a user marked (migrations/0011). */
export interface FavouritesTable {
  user_id: number;
  advertisement_id: number;
  created_at: Timestamp;
}

export const ALERT_FREQUENCIES = ["off", "daily", "instant"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The filters of a saved advert search, as the list's URL carries them (migrations/0011). */
export type SavedSearchFilters = {
  location?: string;
  min?: number;
  max?: number;
  currency?: Currency;
  photos?: boolean;
};

export interface SavedSearchesTable {
  id: GeneratedAlways<number>;
  user_id: number;
  name: string;
  /** The language the search was saved in: its alerts are written in it. */
  locale: Locale;
  category_slug: string | null;
  query_text: string | null;
  filters: ColumnType<SavedSearchFilters, string | undefined, string>;
  alert: ColumnType<AlertFrequency, AlertFrequency | undefined, AlertFrequency>;
  last_seen_at: Timestamp;
  last_digest_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A new advert that matched a saved search with alerts: the queue of the alert mails. */
export interface AlertMatchesTable {
  saved_search_id: number;
  advertisement_id: number;
  created_at: Timestamp;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  retry_at: NullableTimestamp;
}

/** Background jobs: which process holds the lease, and how far the job got. */
export interface JobStateTable {
  name: string;
  holder: string | null;
  lease_until: NullableTimestamp;
  cursor_at: NullableTimestamp;
}

/** A buyer's conversation with the seller about one advert (migrations/0014). */
export interface ConversationsTable {
  id: Generated<number>;
  /** Null once the advert is deleted; `advert_title` keeps its name. */
  advertisement_id: number | null;
  advert_title: string;
  /** Null once that account is deleted ("deleted user"). */
  buyer_id: number | null;
  seller_id: number | null;
  created_at: Timestamp;
  last_message_at: Timestamp;
  last_sender_id: number | null;
  buyer_read_at: Timestamp;
  seller_read_at: Timestamp;
  /** The party who blocked the other: no more messages either way. */
  blocked_by: number | null;
  blocked_at: NullableTimestamp;
  /** Opened by a held message: not in the seller's inbox until staff release one (migrations/0017). */
  held: Generated<boolean>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number | null;
  /** Plain text, 1..4000 characters. */
  body: string;
  created_at: Timestamp;
  /** Set while the message waits for staff (the same text to many sellers): not delivered (migrations/0017). */
  held_at: NullableTimestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  rate_limit_events: RateLimitEventsTable;
  images: ImagesTable;
  categories: CategoriesTable;
  tags: TagsTable;
  locations: LocationsTable;
  news: NewsTable;
  news_tags: NewsTagsTable;
  posters: PostersTable;
  poster_tags: PosterTagsTable;
  services: ServicesTable;
  diaspors: DiasporsTable;
  reklama: ReklamaTable;
  pages: PagesTable;
  advertisements: AdvertisementsTable;
  advertisement_images: AdvertisementImagesTable;
  advert_uploads: AdvertUploadsTable;
  reports: ReportsTable;
  settings: SettingsTable;
  visits: VisitsTable;
  visit_daily_totals: VisitDailyTotalsTable;
  presence: PresenceTable;
  analytics_salts: AnalyticsSaltsTable;
  counted_visitors: CountedVisitorsTable;
  audit_log: AuditLogTable;
  content_versions: ContentVersionsTable;
  search_terms: SearchTermsTable;
  favourites: FavouritesTable;
  saved_searches: SavedSearchesTable;
  alert_matches: AlertMatchesTable;
  job_state: JobStateTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type AuthToken = Selectable<AuthTokensTable>;
export type RateLimitEvent = Selectable<RateLimitEventsTable>;
export type Image = Selectable<ImagesTable>;
export type SavedSearch = Selectable<SavedSearchesTable>;
export type Category = Selectable<CategoriesTable>;
export type Tag = Selectable<TagsTable>;
export type Location = Selectable<LocationsTable>;
export type News = Selectable<NewsTable>;
export type NewNews = Insertable<NewsTable>;
export type NewsTag = Selectable<NewsTagsTable>;
export type Poster = Selectable<PostersTable>;
export type NewPoster = Insertable<PostersTable>;
export type PosterTag = Selectable<PosterTagsTable>;
export type Service = Selectable<ServicesTable>;
export type NewService = Insertable<ServicesTable>;
export type Diaspora = Selectable<DiasporsTable>;
export type NewDiaspora = Insertable<DiasporsTable>;
export type Reklama = Selectable<ReklamaTable>;
export type NewReklama = Insertable<ReklamaTable>;
export type Page = Selectable<PagesTable>;
export type NewPage = Insertable<PagesTable>;
export type Advertisement = Selectable<AdvertisementsTable>;
export type NewAdvertisement = Insertable<AdvertisementsTable>;
export type AdvertisementUpdate = Updateable<AdvertisementsTable>;
export type AdvertisementImage = Selectable<AdvertisementImagesTable>;
export type Report = Selectable<ReportsTable>;
export type Settings = Selectable<SettingsTable>;
export type SettingsUpdate = Updateable<SettingsTable>;
export type Visit = Selectable<VisitsTable>;
export type VisitDailyTotal = Selectable<VisitDailyTotalsTable>;
export type Presence = Selectable<PresenceTable>;
export type AuditLogEntry = Selectable<AuditLogTable>;
