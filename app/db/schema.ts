/**
 * Drizzle tables: every entity of SPEC section 3, better-auth's tables (generated into
 * auth-schema.ts by its CLI), the mail outbox and rate-limit counters. Column names are the
 * SPEC's. Enumerations come from the catalog, so the database refuses what the forms refuse.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import * as enums from "../features/catalog/enums";
import { estimateStatus, estimateUnit } from "../features/catalog/estimate-enums";
import * as estimateLimits from "../features/catalog/estimate-limits";
import { reminderKind } from "../features/catalog/follow-ups";
import {
  invoiceKind,
  invoiceStatus,
  paymentMethod,
  paymentStatus,
} from "../features/catalog/invoice-enums";
import { jobStatus, MAX_JOB_NOTE_LENGTH } from "../features/catalog/jobs";
import {
  radonPhase,
  radonTestKind,
  testResultKind,
  waterAnalyteIds,
  waterUnit,
} from "../features/catalog/reference-levels";
import { serviceId } from "../features/catalog/services";
import { visitKind } from "../features/catalog/visits";
import { user } from "./auth-schema";

export * from "./auth-schema";

export const serviceEnum = pgEnum("service", serviceId.values);
export const propertyTypeEnum = pgEnum("property_type", enums.propertyType.values);
export const radonPropertyTypeEnum = pgEnum("radon_property_type", enums.radonPropertyType.values);
export const waterSourceEnum = pgEnum("water_source", enums.waterSource.values);
export const waterIssueEnum = pgEnum("water_issue", enums.waterIssue.values);
export const moldTypeEnum = pgEnum("mold_type", enums.moldType.values);
export const affectedAreaEnum = pgEnum("affected_area", enums.affectedArea.values);
export const problemAreaEnum = pgEnum("problem_area", enums.problemArea.values);
export const symptomEnum = pgEnum("symptom", enums.symptom.values);
export const urgencyEnum = pgEnum("urgency", enums.urgency.values);
export const contactMethodEnum = pgEnum("contact_method", enums.contactMethod.values);
export const bestTimeEnum = pgEnum("best_time", enums.bestTime.values);
export const quoteStatusEnum = pgEnum("quote_status", enums.quoteStatus.values);
export const quoteFileKindEnum = pgEnum("quote_file_kind", enums.quoteFileKind.values);
export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed"]);
/** How an outbox message travels: an email, or a text message (SMS) to a phone number. */
export const outboxChannelEnum = pgEnum("outbox_channel", ["mail", "sms"]);
export const estimateUnitEnum = pgEnum("estimate_unit", estimateUnit.values);
export const estimateStatusEnum = pgEnum("estimate_status", estimateStatus.values);
export const visitKindEnum = pgEnum("visit_kind", visitKind.values);
export const testResultKindEnum = pgEnum("test_result_kind", testResultKind.values);
export const radonTestKindEnum = pgEnum("radon_test_kind", radonTestKind.values);
export const radonPhaseEnum = pgEnum("radon_phase", radonPhase.values);
export const waterUnitEnum = pgEnum("water_unit", waterUnit.values);
export const waterAnalyteEnum = pgEnum("water_analyte", waterAnalyteIds);
export const reminderKindEnum = pgEnum("reminder_kind", reminderKind.values);
export const jobStatusEnum = pgEnum("job_status", jobStatus.values);
export const invoiceKindEnum = pgEnum("invoice_kind", invoiceKind.values);
export const invoiceStatusEnum = pgEnum("invoice_status", invoiceStatus.values);
export const paymentMethodEnum = pgEnum("payment_method", paymentMethod.values);
export const paymentStatusEnum = pgEnum("payment_status", paymentStatus.values);

/** Binary data (bytea), read as a Buffer on both drivers (PGlite gives a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();

/**
 * A trigram GIN index (pg_trgm, created in migration 0005) lets `ILIKE '%text%'` use an index
 * instead of scanning every row: the back office searches 100,000 quotes this way.
 */
const trigramIndex = (name: string, expression: SQL) =>
  index(name).using("gin", sql`(${expression}) gin_trgm_ops`);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    full_name: text("full_name"),
    is_admin: boolean("is_admin").default(false).notNull(),
    /** a staff member's radon installer certification number (printed on the system label) */
    certification_number: text("certification_number"),
    created_at: createdAt(),
  },
  (t) => [trigramIndex("profiles_full_name_trgm_idx", sql`${t.full_name}`)],
);

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip_code: text("zip_code").notNull(),
  },
  (t) => [
    index("properties_user_id_idx").on(t.user_id, t.created_at.desc()),
    trigramIndex("properties_address_trgm_idx", sql`${t.address}`),
  ],
);

/**
 * The quote's own searchable text: description, contact name, email and phone in one string. The
 * admin search (features/admin/quotes.server.ts) must use this very expression for its ILIKE so the
 * trigram index serves it.
 */
export function quoteSearchText(t: {
  description: AnyPgColumn;
  contact_first_name: AnyPgColumn;
  contact_last_name: AnyPgColumn;
  contact_email: AnyPgColumn;
  contact_phone: AnyPgColumn;
}): SQL {
  return sql`(${t.description} || ' ' || ${t.contact_first_name} || ' ' || ${t.contact_last_name} || ' ' || ${t.contact_email} || ' ' || ${t.contact_phone})`;
}

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    service: serviceEnum("service").notNull(),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    is_guest: boolean("is_guest").default(true).notNull(),
    property_id: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    /**
     * The job address the quote was requested for, copied from the chosen property when the quote
     * is written: editing or removing the property later leaves it as it was
     * (docs/decisions/0130-quote-keeps-its-address.md). Null when no property was chosen.
     */
    property_address: text("property_address"),
    property_city: text("property_city"),
    property_state: text("property_state"),
    property_zip_code: text("property_zip_code"),
    /**
     * The random key of the form render that sent the request: a retried submit of the same form
     * finds the quote it made instead of making a second (features/quotes/submit.server.ts).
     */
    submission_key: uuid("submission_key").unique("quotes_submission_key_unique"),
    current_status: quoteStatusEnum("current_status").default("pending").notNull(),
    created_at: createdAt(),
    description: text("description").notNull(),
    contact_first_name: text("contact_first_name").notNull(),
    contact_last_name: text("contact_last_name").notNull(),
    contact_email: text("contact_email").notNull(),
    contact_phone: text("contact_phone").notNull(),
    zip_code: text("zip_code").notNull(),
    preferred_contact_method: contactMethodEnum("preferred_contact_method")
      .default("email")
      .notNull(),
    best_time_to_contact: bestTimeEnum("best_time_to_contact").default("morning").notNull(),
    /** urgency from the answers (features/quotes/triage.ts), computed when the quote is written */
    triage_score: integer("triage_score").default(0).notNull(),
  },
  (t) => [
    // ascending on purpose: scanned backwards they give ORDER BY ... DESC (NULLS FIRST, Postgres's
    // default), which a DESC NULLS LAST index cannot; the admin list reads its page straight off them
    index("quotes_triage_idx").on(t.triage_score, t.created_at, t.id),
    index("quotes_created_at_idx").on(t.created_at, t.id),
    index("quotes_status_created_at_idx").on(t.current_status, t.created_at, t.id),
    index("quotes_user_id_idx").on(t.user_id, t.created_at.desc()),
    index("quotes_property_id_idx").on(t.property_id),
    trigramIndex("quotes_property_address_trgm_idx", sql`${t.property_address}`),
    index("quotes_contact_email_idx").on(sql`lower(${t.contact_email})`),
    trigramIndex("quotes_search_trgm_idx", quoteSearchText(t)),
    check(
      "quotes_guest_has_no_owner",
      sql`NOT ${t.is_guest} OR (${t.user_id} IS NULL AND ${t.property_id} IS NULL)`,
    ),
  ],
);

export const quote_status_history = pgTable(
  "quote_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    status: quoteStatusEnum("status").notNull(),
    changed_by: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes"),
    created_at: createdAt(),
  },
  (t) => [index("quote_status_history_quote_id_idx").on(t.quote_id, t.created_at.desc())],
);

/**
 * Status links (/quotes/status/{token}) for requesters: only a SHA-256 hash of each token is
 * stored, so a database reader cannot open them. Every mail gets a fresh link; all stay valid.
 */
export const quote_status_links = pgTable(
  "quote_status_links",
  {
    token_hash: text("token_hash").primaryKey(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [index("quote_status_links_quote_id_idx").on(t.quote_id)],
);

const detailsKey = () =>
  uuid("quote_id")
    .primaryKey()
    .references(() => quotes.id, { onDelete: "cascade" });

export const water_filtration_details = pgTable(
  "water_filtration_details",
  {
    quote_id: detailsKey(),
    property_type: propertyTypeEnum("property_type").notNull(),
    water_source: waterSourceEnum("water_source").notNull(),
    current_issues: waterIssueEnum("current_issues").array().default(sql`'{}'`).notNull(),
    has_existing_filter: boolean("has_existing_filter").default(false).notNull(),
    num_bathrooms: integer("num_bathrooms").default(1).notNull(),
    num_residents: integer("num_residents").default(1).notNull(),
    appliances: text("appliances").array().default(sql`'{}'`).notNull(),
    filter_type: text("filter_type"),
    budget_range: text("budget_range"),
  },
  (t) => [
    check("water_num_bathrooms_min", sql`${t.num_bathrooms} >= 1`),
    check("water_num_residents_min", sql`${t.num_residents} >= 1`),
    check("water_current_issues_min", sql`cardinality(${t.current_issues}) >= 1`),
  ],
);

export const mold_assessment_details = pgTable("mold_assessment_details", {
  quote_id: detailsKey(),
  property_type: propertyTypeEnum("property_type").notNull(),
  visible_mold: boolean("visible_mold").default(false).notNull(),
  mold_type: moldTypeEnum("mold_type"),
  affected_area: affectedAreaEnum("affected_area"),
  problem_areas: problemAreaEnum("problem_areas").array().default(sql`'{}'`).notNull(),
  symptoms_concerns: symptomEnum("symptoms_concerns").array().default(sql`'{}'`).notNull(),
  property_age: text("property_age"),
  recent_water_issues: boolean("recent_water_issues").default(false).notNull(),
  hvac_system_type: text("hvac_system_type"),
  previous_treatment: boolean("previous_treatment").default(false).notNull(),
  issue_duration: text("issue_duration"),
  urgency_level: urgencyEnum("urgency_level"),
});

export const radon_testing_details = pgTable(
  "radon_testing_details",
  {
    quote_id: detailsKey(),
    property_type: radonPropertyTypeEnum("property_type").notNull(),
    square_footage: integer("square_footage").default(1000).notNull(),
    previous_testing: boolean("previous_testing").default(false).notNull(),
    has_basement: boolean("has_basement").default(false).notNull(),
    num_levels: integer("num_levels"),
    basement_type: text("basement_type"),
    previous_test_date: date("previous_test_date"),
    previous_results: text("previous_results"),
    year_built: integer("year_built"),
    foundation_type: text("foundation_type"),
    recent_renovations: boolean("recent_renovations").default(false).notNull(),
    test_purpose: text("test_purpose"),
    test_preference: text("test_preference"),
  },
  (t) => [
    check("radon_square_footage_min", sql`${t.square_footage} >= 100`),
    check("radon_num_levels_min", sql`${t.num_levels} IS NULL OR ${t.num_levels} >= 1`),
  ],
);

export const blog_posts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").default("").notNull(),
    featured_image: text("featured_image"),
    published: boolean("published").default(false).notNull(),
    published_at: timestamp("published_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    author_name: text("author_name").default("Anonymous").notNull(),
    meta_title: text("meta_title"),
    meta_description: text("meta_description"),
  },
  (t) => [index("blog_posts_published_idx").on(t.published, t.published_at.desc())],
);

export const blog_categories = pgTable("blog_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
});

export const blog_tags = pgTable("blog_tags", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});

export const blog_post_categories = pgTable(
  "blog_post_categories",
  {
    post_id: uuid("post_id")
      .notNull()
      .references(() => blog_posts.id, { onDelete: "cascade" }),
    category_id: uuid("category_id")
      .notNull()
      .references(() => blog_categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.category_id] }),
    index("blog_post_categories_category_idx").on(t.category_id),
  ],
);

export const blog_post_tags = pgTable(
  "blog_post_tags",
  {
    post_id: uuid("post_id")
      .notNull()
      .references(() => blog_posts.id, { onDelete: "cascade" }),
    tag_id: uuid("tag_id")
      .notNull()
      .references(() => blog_tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.tag_id] }),
    index("blog_post_tags_tag_idx").on(t.tag_id),
  ],
);

/**
 * Images uploaded by admins for the blog (docs/decisions/0099-upload-variants-and-names.md). The
 * files are re-encoded variants in $DATA_DIR/uploads named `<hash>-<width>.<webp|avif>` (hash:
 * SHA-256 of the uploaded bytes, so a name never changes content and is cached for a year); a row
 * exists only when every file does.
 */
export const blog_uploads = pgTable("blog_uploads", {
  id: uuid("id").primaryKey().defaultRandom(),
  hash: text("hash").notNull().unique(),
  /** what the uploaded bytes were (detected from their content): jpeg, png, webp or avif */
  source_format: text("source_format").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** the widths written, ascending, each in WebP and AVIF */
  widths: integer("widths").array().notNull(),
  uploaded_by: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
  created_at: createdAt(),
});

/**
 * A file uploaded for a quote request (features/quotes/files.server.ts), its bytes already in the
 * file storage under `storage_key` (and `thumbnail_key` for photos) when the row is written. It is
 * pending until a quote_attachments row links it to its quote, in the quote's own statement;
 * pending uploads older than 24 hours are swept with their files. Only the form render that
 * uploaded it (its secret submission key) can attach it.
 */
export const quote_uploads = pgTable(
  "quote_uploads",
  {
    id: uuid("id").primaryKey(),
    /** the idempotency key of the form render that uploaded it (features/quotes/submission-key.tsx) */
    submission_key: uuid("submission_key").notNull(),
    kind: quoteFileKindEnum("kind").notNull(),
    /** the name the file had on the person's device, cleaned (shown and offered on download) */
    original_name: text("original_name").notNull(),
    /** what is stored: image/jpeg or image/webp (photos), application/pdf (reports) */
    content_type: text("content_type").notNull(),
    size_bytes: integer("size_bytes").notNull(),
    storage_key: text("storage_key").notNull(),
    thumbnail_key: text("thumbnail_key"),
    width: integer("width"),
    height: integer("height"),
    created_at: createdAt(),
  },
  (t) => [
    index("quote_uploads_submission_key_idx").on(t.submission_key),
    index("quote_uploads_created_at_idx").on(t.created_at),
  ],
);

/**
 * Which uploads a quote carries, in the order the form listed them. Written in the same statement
 * as the quote; an upload cannot be deleted while attached (RESTRICT), so the sweep can never take
 * a file from a quote.
 */
export const quote_attachments = pgTable(
  "quote_attachments",
  {
    upload_id: uuid("upload_id")
      .primaryKey()
      .references(() => quote_uploads.id, { onDelete: "restrict" }),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [index("quote_attachments_quote_id_idx").on(t.quote_id)],
);

/** Content seeded once on first start (e.g. the blog's articles); a row means "done, never again". */
export const seed_runs = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  ran_at: timestamp("ran_at", { withTimezone: true }).defaultNow().notNull(),
});

/**
 * The price book: what the company charges, per service. Retiring an item hides it from new
 * estimates; estimates copy an item's name, unit and price into their lines, so old ones keep
 * theirs (features/estimates/price-book.server.ts).
 */
export const price_book_items = pgTable(
  "price_book_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    service: serviceEnum("service").notNull(),
    name: text("name").notNull(),
    description: text("description").default("").notNull(),
    unit: estimateUnitEnum("unit").notNull(),
    unit_price_cents: integer("unit_price_cents").notNull(),
    taxable: boolean("taxable").default(false).notNull(),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    retired_at: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    index("price_book_items_service_idx").on(t.service, t.name),
    check(
      "price_book_items_unit_price_range",
      sql`${t.unit_price_cents} BETWEEN 0 AND ${sql.raw(String(estimateLimits.MAX_UNIT_PRICE_CENTS))}`,
    ),
    check(
      "price_book_items_name_length",
      sql`char_length(${t.name}) BETWEEN 1 AND ${sql.raw(String(estimateLimits.MAX_NAME_LENGTH))}`,
    ),
  ],
);

/**
 * The estimate answering a quote (one per quote), through its versions. `status` follows the
 * newest sent version: sent, viewed (first opened through a link), accepted or declined.
 */
export const estimates = pgTable(
  "estimates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote_id: uuid("quote_id")
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: "cascade" }),
    status: estimateStatusEnum("status").default("draft").notNull(),
    created_by: text("created_by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    /** the first time the homeowner opened any version (admins' views do not count) */
    first_viewed_at: timestamp("first_viewed_at", { withTimezone: true }),
  },
  (t) => [index("estimates_status_idx").on(t.status)],
);

/**
 * Links (/estimates/{token}) mailed with each sent version: only a SHA-256 hash of the token
 * (256 random bits) is stored. Every link of an estimate shows its newest version.
 */
export const estimate_links = pgTable(
  "estimate_links",
  {
    token_hash: text("token_hash").primaryKey(),
    estimate_id: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [index("estimate_links_estimate_id_idx").on(t.estimate_id)],
);

/**
 * An estimate's versions. At most one is a draft (sent_at null), edited freely; sending freezes
 * it: `content` (the exact JSON the homeowner sees: options, lines, totals, discount, tax rate,
 * terms, valid-until) gets its SHA-256, and a trigger (drizzle/0007) refuses any later change.
 */
export const estimate_versions = pgTable(
  "estimate_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimate_id: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** JSON text, kept byte for byte (not jsonb) so that its hash can be checked */
    content: text("content").notNull(),
    /** hex SHA-256 of `content` (UTF-8), set when sent */
    content_sha256: text("content_sha256"),
    /** last day (America/Denver) on which this version can be accepted */
    valid_until: date("valid_until", { mode: "string" }).notNull(),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    first_viewed_at: timestamp("first_viewed_at", { withTimezone: true }),
  },
  (t) => [
    unique("estimate_versions_number").on(t.estimate_id, t.version),
    unique("estimate_versions_of_estimate").on(t.id, t.estimate_id),
    unique("estimate_versions_signed").on(t.id, t.estimate_id, t.content_sha256),
    uniqueIndex("estimate_versions_one_draft").on(t.estimate_id).where(sql`${t.sent_at} IS NULL`),
    check("estimate_versions_version_min", sql`${t.version} >= 1`),
    check(
      "estimate_versions_sent_is_hashed",
      sql`(${t.sent_at} IS NULL) = (${t.content_sha256} IS NULL)`,
    ),
    check(
      "estimate_versions_hash_matches",
      sql`${t.content_sha256} IS NULL OR ${t.content_sha256} = encode(sha256(convert_to(${t.content}, 'UTF8')), 'hex')`,
    ),
    check(
      "estimate_versions_valid_until_matches",
      sql`${t.valid_until} = (${t.content}::jsonb ->> 'validUntil')::date`,
    ),
  ],
);

/**
 * The homeowner's acceptance: at most one per estimate (the UNIQUE makes a double click or two
 * tabs accept once). It names the version by id and hash together, so the database refuses a
 * hash other than the version's; the signature is a bounded PNG, absent when only the name was typed.
 */
export const estimate_acceptances = pgTable(
  "estimate_acceptances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimate_id: uuid("estimate_id")
      .notNull()
      .unique()
      .references(() => estimates.id, { onDelete: "cascade" }),
    version_id: uuid("version_id").notNull(),
    content_sha256: text("content_sha256").notNull(),
    /** 1-based position of the chosen option in the version's content */
    option_index: integer("option_index").notNull(),
    option_name: text("option_name").notNull(),
    total_cents: integer("total_cents").notNull(),
    signer_name: text("signer_name").notNull(),
    signature_png: bytea("signature_png"),
    /** the signed-in customer who accepted, if any (a link holder has no account) */
    accepted_by: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    accepted_at: timestamp("accepted_at", { withTimezone: true }).defaultNow().notNull(),
    client_ip: text("client_ip").notNull(),
    user_agent: text("user_agent").notNull(),
    /** the exact electronic-signature disclosure the signer agreed to */
    consent_text: text("consent_text").notNull(),
  },
  (t) => [
    foreignKey({
      name: "estimate_acceptances_signed_version_fk",
      columns: [t.version_id, t.estimate_id, t.content_sha256],
      foreignColumns: [
        estimate_versions.id,
        estimate_versions.estimate_id,
        estimate_versions.content_sha256,
      ],
    }),
    check(
      "estimate_acceptances_option_range",
      sql`${t.option_index} BETWEEN 1 AND ${sql.raw(String(estimateLimits.MAX_OPTIONS))}`,
    ),
    check(
      "estimate_acceptances_signer_name_length",
      sql`char_length(${t.signer_name}) BETWEEN 1 AND ${sql.raw(String(estimateLimits.MAX_SIGNER_NAME_LENGTH))}`,
    ),
    check(
      "estimate_acceptances_signature_png",
      sql`${t.signature_png} IS NULL OR (octet_length(${t.signature_png}) <= ${sql.raw(String(estimateLimits.MAX_SIGNATURE_BYTES))} AND substring(${t.signature_png} from 1 for 8) = decode('89504e470d0a1a0a', 'hex'))`,
    ),
  ],
);

/** A homeowner's "no" to one version (at most once each), with an optional reason. */
export const estimate_declines = pgTable(
  "estimate_declines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimate_id: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    version_id: uuid("version_id").notNull().unique(),
    reason: text("reason"),
    declined_by: text("declined_by").references(() => user.id, { onDelete: "set null" }),
    declined_at: timestamp("declined_at", { withTimezone: true }).defaultNow().notNull(),
    client_ip: text("client_ip").notNull(),
    user_agent: text("user_agent").notNull(),
  },
  (t) => [
    index("estimate_declines_estimate_id_idx").on(t.estimate_id),
    foreignKey({
      name: "estimate_declines_version_fk",
      columns: [t.version_id, t.estimate_id],
      foreignColumns: [estimate_versions.id, estimate_versions.estimate_id],
    }),
    check(
      "estimate_declines_reason_length",
      sql`${t.reason} IS NULL OR char_length(${t.reason}) <= ${sql.raw(String(estimateLimits.MAX_REASON_LENGTH))}`,
    ),
  ],
);

/**
 * The follow-ups planned when an estimate version is sent (`number` 1 and 2, due `due_at`), sent
 * once (`sent_at`, claimed with the estimate row locked); accepting, declining, a newer version or
 * expiry sets `cancelled_at` (and `cancel_reason`) on those not sent yet.
 */
export const estimate_follow_ups = pgTable(
  "estimate_follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    estimate_id: uuid("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    version_id: uuid("version_id")
      .notNull()
      .references(() => estimate_versions.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    due_at: timestamp("due_at", { withTimezone: true }).notNull(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
    cancel_reason: text("cancel_reason"),
    created_at: createdAt(),
  },
  (t) => [
    unique("estimate_follow_ups_version_number").on(t.version_id, t.number),
    index("estimate_follow_ups_estimate_idx").on(t.estimate_id),
    index("estimate_follow_ups_due_idx")
      .on(t.due_at)
      .where(sql`${t.sent_at} IS NULL AND ${t.cancelled_at} IS NULL`),
    check("estimate_follow_ups_number", sql`${t.number} BETWEEN 1 AND 2`),
    check(
      "estimate_follow_ups_sent_or_cancelled",
      sql`${t.sent_at} IS NULL OR ${t.cancelled_at} IS NULL`,
    ),
  ],
);

/**
 * When the two follow-ups of a sent estimate are due, in days after sending (/admin/settings);
 * one row (id always true), absent means the defaults (2 and 5).
 */
export const estimate_follow_up_settings = pgTable(
  "estimate_follow_up_settings",
  {
    id: boolean("id").primaryKey().default(true),
    first_days: integer("first_days").notNull(),
    second_days: integer("second_days").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check("estimate_follow_up_settings_one_row", sql`${t.id}`),
    check(
      "estimate_follow_up_settings_days",
      sql`${t.first_days} BETWEEN 1 AND 60 AND ${t.second_days} BETWEEN 1 AND 60 AND ${t.first_days} < ${t.second_days}`,
    ),
  ],
);

/**
 * Mail and texts written in the same transaction as the change they report; a worker delivers
 * them. A text (`channel` sms) has the E.164 number in `to_address`, its words in `text_body`
 * and an empty subject.
 */
export const mail_outbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    channel: outboxChannelEnum("channel").default("mail").notNull(),
    quote_id: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text_body: text("text_body").notNull(),
    html_body: text("html_body"),
    /** the body holds a one-time link or code: erased once delivered or given up on */
    sensitive: boolean("sensitive").default(false).notNull(),
    /**
     * A reminder mail's one-click unsubscribe URL: sent as `List-Unsubscribe: <url>` with
     * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). Null for other mail.
     */
    list_unsubscribe: text("list_unsubscribe"),
    status: mailStatusEnum("status").default("pending").notNull(),
    attempts: integer("attempts").default(0).notNull(),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).defaultNow().notNull(),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    last_error: text("last_error"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.next_attempt_at),
    // a customer's thread reads what was sent to their address (features/messages)
    index("mail_outbox_recipient_idx").on(sql`lower(${t.to_address})`, t.created_at),
  ],
);

/**
 * Files attached to an outbox message (e.g. a signed estimate's PDF), sent with it. A file drawn
 * at sending (a payment's receipt) is queued without `content`, naming its `drawer` and the
 * `drawer_key` it draws from; the outbox fills `content` when it first sends the mail
 * (lib/outbox.server.ts, docs/decisions/0265-receipt-pdf-drawn-at-sending.md).
 */
export const mail_outbox_attachments = pgTable(
  "mail_outbox_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    outbox_id: uuid("outbox_id")
      .notNull()
      .references(() => mail_outbox.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    content_type: text("content_type").notNull(),
    content: bytea("content"),
    drawer: text("drawer"),
    drawer_key: text("drawer_key"),
  },
  (t) => [
    index("mail_outbox_attachments_outbox_idx").on(t.outbox_id),
    check(
      "mail_outbox_attachments_content_or_drawer",
      sql`${t.content} IS NOT NULL OR (${t.drawer} IS NOT NULL AND ${t.drawer_key} IS NOT NULL)`,
    ),
  ],
);

/** One row per delivery attempt of an outbox message. */
export const mail_delivery_attempts = pgTable(
  "mail_delivery_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    outbox_id: uuid("outbox_id")
      .notNull()
      .references(() => mail_outbox.id, { onDelete: "cascade" }),
    attempted_at: timestamp("attempted_at", { withTimezone: true }).defaultNow().notNull(),
    succeeded: boolean("succeeded").notNull(),
    error: text("error"),
  },
  (t) => [index("mail_delivery_attempts_outbox_idx").on(t.outbox_id)],
);

/** Counters for rate-limiter-flexible's Drizzle store: shared by every process, kept on restart. */
export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

/** Staff members who do assessment visits: admins chosen on /admin/schedule (decision 0151). */
export const visit_staff = pgTable("visit_staff", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  created_at: createdAt(),
});

/**
 * A staff member's working hours on one weekday (0 Sunday .. 6 Saturday), as minutes after
 * midnight in America/Denver wall time; no row means the weekday is not worked.
 */
export const visit_working_hours = pgTable(
  "visit_working_hours",
  {
    staff_id: text("staff_id")
      .notNull()
      .references(() => visit_staff.user_id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    start_minute: integer("start_minute").notNull(),
    end_minute: integer("end_minute").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staff_id, t.weekday] }),
    check("visit_working_hours_weekday", sql`${t.weekday} BETWEEN 0 AND 6`),
    check(
      "visit_working_hours_range",
      sql`${t.start_minute} >= 0 AND ${t.start_minute} < ${t.end_minute} AND ${t.end_minute} <= 1440`,
    ),
  ],
);

/** A calendar day (America/Denver) a staff member does no visits. */
export const visit_days_off = pgTable(
  "visit_days_off",
  {
    staff_id: text("staff_id")
      .notNull()
      .references(() => visit_staff.user_id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.staff_id, t.day] })],
);

/** Visit lengths set on /admin/schedule; a kind without a row takes the catalog's default. */
export const visit_lengths = pgTable(
  "visit_lengths",
  {
    kind: visitKindEnum("kind").primaryKey(),
    minutes: integer("minutes").notNull(),
  },
  (t) => [check("visit_lengths_minutes", sql`${t.minutes} BETWEEN 5 AND 600`)],
);

/** The booking settings, one row (id is always true); absent means the defaults. */
export const visit_settings = pgTable(
  "visit_settings",
  {
    id: boolean("id").primaryKey().default(true),
    lead_time_hours: integer("lead_time_hours").notNull(),
  },
  (t) => [
    check("visit_settings_one_row", sql`${t.id}`),
    check("visit_settings_lead_time", sql`${t.lead_time_hours} BETWEEN 0 AND 336`),
  ],
);

/**
 * A booked visit: an assessment visit, or a work visit of a job (one row per crew member). Two
 * visits of one staff member never overlap: the exclusion constraint visits_staff_no_overlap
 * (btree_gist, custom migration) refuses the second, whichever process writes it. One assessment
 * visit of each kind per quote; a radon job's post-mitigation test is one placement and one
 * pick-up carrying the job in `test_job_id` (features/jobs/post-mitigation.server.ts).
 */
export const visits = pgTable(
  "visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: visitKindEnum("kind").notNull(),
    /** a work visit's job (kind 'work'); null for an assessment visit */
    job_id: uuid("job_id").references((): AnyPgColumn => jobs.id, { onDelete: "cascade" }),
    /**
     * the radon job whose post-mitigation test this placement or pick-up is (SGM-SF); null for
     * every other visit. Apart from `job_id`, which marks work visits only.
     */
    test_job_id: uuid("test_job_id").references((): AnyPgColumn => jobs.id, {
      onDelete: "cascade",
    }),
    staff_id: text("staff_id")
      .notNull()
      .references(() => user.id),
    starts_at: timestamp("starts_at", { withTimezone: true }).notNull(),
    ends_at: timestamp("ends_at", { withTimezone: true }).notNull(),
    /**
     * The iCalendar SEQUENCE of the invitation last mailed for this visit (RFC 5545 3.8.7.4):
     * 0 when booked, one more at each move; the cancellation is mailed with the next one.
     */
    sequence: integer("sequence").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    // one assessment visit of each kind per quote; a job has as many work visits as it needs; a
    // radon job's post-mitigation test is a placement and a pick-up besides the quote's own
    uniqueIndex("visits_quote_kind_unique")
      .on(t.quote_id, t.kind)
      .where(sql`${t.job_id} IS NULL AND ${t.test_job_id} IS NULL`),
    // one post-mitigation placement and one pick-up per job (docs/decisions/0270)
    uniqueIndex("visits_test_job_kind_unique").on(t.test_job_id, t.kind),
    index("visits_staff_starts_idx").on(t.staff_id, t.starts_at),
    index("visits_starts_idx").on(t.starts_at),
    index("visits_job_idx").on(t.job_id, t.starts_at),
    check("visits_ends_after_start", sql`${t.ends_at} > ${t.starts_at}`),
    // compared as text: a value added to an enum cannot be used in the migration's own transaction
    check("visits_work_has_job", sql`(${t.kind}::text = 'work') = (${t.job_id} IS NOT NULL)`),
    check(
      "visits_test_is_radon",
      sql`${t.test_job_id} IS NULL OR ${t.kind}::text IN ('radon_placement', 'radon_pickup')`,
    ),
  ],
);

/**
 * What reminders a quote's homeowner gets. A follow-up (radon retest, well
 * test, filter change) exists once the homeowner opted in and is due at `next_due_at`, then every
 * `interval_months`; a `visit` row only records that visit reminders were unsubscribed (they are
 * on by default for a booked visit). `unsubscribed_at` set: nothing more is sent of that kind.
 * features/visits/reminders.server.ts; docs/decisions/0150-reminders-in-the-outbox.md
 */
export const reminder_subscriptions = pgTable(
  "reminder_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: reminderKindEnum("kind").notNull(),
    /** filter_change: the filter type (catalog enums.filterType) whose interval applies */
    filter_type: text("filter_type"),
    interval_months: integer("interval_months"),
    next_due_at: timestamp("next_due_at", { withTimezone: true }),
    last_sent_at: timestamp("last_sent_at", { withTimezone: true }),
    unsubscribed_at: timestamp("unsubscribed_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    unique("reminder_subscriptions_quote_kind_unique").on(t.quote_id, t.kind),
    index("reminder_subscriptions_due_idx")
      .on(t.next_due_at)
      .where(sql`${t.unsubscribed_at} IS NULL AND ${t.next_due_at} IS NOT NULL`),
    check(
      "reminder_subscriptions_interval",
      sql`${t.interval_months} IS NULL OR ${t.interval_months} BETWEEN 1 AND 120`,
    ),
  ],
);

/**
 * Visit reminders already queued: one row per visit and start time, so a reminder goes once
 * whichever process finds it due, and a visit moved to another time is reminded of the new one.
 */
export const visit_reminder_sends = pgTable(
  "visit_reminder_sends",
  {
    visit_id: uuid("visit_id").notNull(),
    starts_at: timestamp("starts_at", { withTimezone: true }).notNull(),
    queued_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.visit_id, t.starts_at] })],
);

/**
 * One-click unsubscribe links (/unsubscribe/{token}, RFC 8058) of reminder mails: only a SHA-256
 * hash of each token is stored. Every reminder mail gets a fresh link; all stay valid.
 */
export const reminder_unsubscribe_links = pgTable(
  "reminder_unsubscribe_links",
  {
    token_hash: text("token_hash").primaryKey(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: reminderKindEnum("kind").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("reminder_unsubscribe_links_quote_idx").on(t.quote_id)],
);

/**
 * A test result staff recorded from a quote's admin page (features/records/results.server.ts):
 * radon (test kind, start and end dates, pCi/L, before or after mitigation), drinking water (its
 * analytes) or mold (its samples). `lab` is the lab's or the radon device's name. Values are
 * `numeric` (exact decimals, read as strings). The optional lab report is a quote upload attached
 * to the quote in the same transaction, so it is one of the quote's files too.
 * A result belongs to its quote only: its address is the quote's copy, and it is on a property's
 * record while its quote is linked to that property (quotes.property_id). Closing the account or
 * removing the property unlinks the quote and keeps the result
 * (docs/decisions/0160-results-belong-to-their-request.md).
 */
export const test_results = pgTable(
  "test_results",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote_id: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: testResultKindEnum("kind").notNull(),
    lab: text("lab").notNull(),
    /** water and mold: the day the sample was taken; radon: the test's last day */
    sampled_on: date("sampled_on").notNull(),
    radon_test_kind: radonTestKindEnum("radon_test_kind"),
    radon_started_on: date("radon_started_on"),
    /** pCi/L */
    radon_level: numeric("radon_level"),
    radon_phase: radonPhaseEnum("radon_phase"),
    report_upload_id: uuid("report_upload_id").references(() => quote_uploads.id, {
      onDelete: "restrict",
    }),
    recorded_by: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("test_results_quote_idx").on(t.quote_id, t.sampled_on),
    check(
      "test_results_radon_fields",
      sql`(${t.kind} = 'radon') = (${t.radon_level} IS NOT NULL AND ${t.radon_test_kind} IS NOT NULL AND ${t.radon_started_on} IS NOT NULL AND ${t.radon_phase} IS NOT NULL)`,
    ),
    check(
      "test_results_radon_dates",
      sql`${t.radon_started_on} IS NULL OR ${t.radon_started_on} <= ${t.sampled_on}`,
    ),
  ],
);

/** One analyte of a drinking-water result: a concentration (`value` in `unit`) or presence. */
export const test_result_analytes = pgTable(
  "test_result_analytes",
  {
    result_id: uuid("result_id")
      .notNull()
      .references(() => test_results.id, { onDelete: "cascade" }),
    analyte: waterAnalyteEnum("analyte").notNull(),
    value: numeric("value"),
    unit: waterUnitEnum("unit"),
    present: boolean("present"),
  },
  (t) => [
    primaryKey({ columns: [t.result_id, t.analyte] }),
    check(
      "test_result_analytes_one_reading",
      sql`(${t.value} IS NOT NULL AND ${t.unit} IS NOT NULL AND ${t.present} IS NULL) OR (${t.value} IS NULL AND ${t.unit} IS NULL AND ${t.present} IS NOT NULL)`,
    ),
  ],
);

/** One air sample of a mold result: where, and the spore counts (spores/m3) inside and outside. */
export const test_result_mold_samples = pgTable(
  "test_result_mold_samples",
  {
    result_id: uuid("result_id")
      .notNull()
      .references(() => test_results.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    location: text("location").notNull(),
    indoor_count: integer("indoor_count").notNull(),
    outdoor_count: integer("outdoor_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.result_id, t.position] })],
);

/**
 * Read-only links to a property's record (/records/{token}) a homeowner gives a buyer or an
 * inspector: only a SHA-256 hash of the token (256 random bits) is stored; a link works until it
 * expires or is revoked (features/records/share-links.server.ts).
 */
export const record_share_links = pgTable(
  "record_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    property_id: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    created_at: createdAt(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("record_share_links_property_idx").on(t.property_id)],
);

/**
 * The last job number given (one row, id always true). A job takes the next number by updating
 * this row in its own transaction: a rolled-back job gives its number back, so numbers have no
 * gaps, and concurrent jobs wait for each other's commit here (docs/decisions/0210-jobs.md).
 */
export const job_number_counter = pgTable(
  "job_number_counter",
  {
    id: boolean("id").primaryKey().default(true),
    last_number: integer("last_number").notNull(),
  },
  (t) => [
    check("job_number_counter_one_row", sql`${t.id}`),
    check("job_number_counter_positive", sql`${t.last_number} >= 0`),
  ],
);

/**
 * The work a quote became: made by the estimate's acceptance (in the same transaction) or opened by
 * staff on an approved quote. One job per quote; its lines are frozen from the accepted option.
 * A company record: it stays when the customer's account closes (the quote is detached).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** shown as J-0001 (catalog jobNumberLabel) */
    number: integer("number").notNull().unique("jobs_number_unique"),
    quote_id: uuid("quote_id")
      .notNull()
      .unique("jobs_quote_unique")
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** the acceptance it came from; null for a job opened by hand */
    estimate_acceptance_id: uuid("estimate_acceptance_id")
      .unique("jobs_acceptance_unique")
      .references(() => estimate_acceptances.id, { onDelete: "set null" }),
    service: serviceEnum("service").notNull(),
    status: jobStatusEnum("status").default("unscheduled").notNull(),
    /** the accepted option's name and total (integer cents); null for a job opened by hand */
    option_name: text("option_name"),
    total_cents: integer("total_cents"),
    /** why staff opened it by hand (work agreed by phone), or null */
    opened_note: text("opened_note"),
    cancel_reason: text("cancel_reason"),
    created_by: text("created_by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    completed_at: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_status_number_idx").on(t.status, t.number),
    index("jobs_service_number_idx").on(t.service, t.number),
    check("jobs_number_positive", sql`${t.number} >= 1`),
    check(
      "jobs_cancelled_has_reason",
      sql`(${t.status} = 'cancelled') = (${t.cancel_reason} IS NOT NULL)`,
    ),
    check(
      "jobs_completed_has_time",
      sql`(${t.status} = 'completed') = (${t.completed_at} IS NOT NULL)`,
    ),
    check(
      "jobs_note_lengths",
      sql`char_length(coalesce(${t.cancel_reason}, '')) <= ${sql.raw(String(MAX_JOB_NOTE_LENGTH))} AND char_length(coalesce(${t.opened_note}, '')) <= ${sql.raw(String(MAX_JOB_NOTE_LENGTH))}`,
    ),
  ],
);

/**
 * The deposit asked at acceptance, per service, in basis points of the accepted option's total
 * (5000 = 50 %); no row or 0: no deposit. Set on /admin/settings (features/invoices).
 */
export const deposit_settings = pgTable(
  "deposit_settings",
  {
    service: serviceEnum("service").primaryKey(),
    basis_points: integer("basis_points").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check("deposit_settings_range", sql`${t.basis_points} BETWEEN 0 AND 10000`)],
);

/**
 * The last invoice number given in each year: the row is locked and bumped in the transaction
 * that writes the invoice, so numbers have no gaps (a rolled back invoice gives its number back).
 */
export const invoice_counters = pgTable(
  "invoice_counters",
  {
    year: integer("year").primaryKey(),
    last_number: integer("last_number").notNull(),
  },
  (t) => [check("invoice_counters_positive", sql`${t.last_number} >= 0`)],
);

/**
 * An invoice (features/invoices): numbered INV-<year>-<4 digits> without gaps, its lines frozen
 * as JSON when made (from the accepted option or typed by staff), its customer's name and email
 * copied so it outlives the quote and the account (detached, never deleted). `paid_cents` is the
 * net amount received (payments less refunds), kept in the same transaction as each payment or
 * refund and bounded by the database to 0..total.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    quote_id: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    /** the customer's account when the quote had one (null for guests and once closed) */
    customer_id: text("customer_id").references(() => user.id, { onDelete: "set null" }),
    customer_name: text("customer_name").notNull(),
    customer_email: text("customer_email").notNull(),
    /** the quote's reference (8 characters), kept for the books once the quote is gone */
    quote_reference: text("quote_reference").notNull(),
    kind: invoiceKindEnum("kind").notNull(),
    status: invoiceStatusEnum("status").default("draft").notNull(),
    /** JSON: [{ name, description, quantityThousandths, unitPriceCents, amountCents, taxable }] */
    lines: text("lines").notNull(),
    subtotal_cents: integer("subtotal_cents").notNull(),
    tax_cents: integer("tax_cents").notNull(),
    total_cents: integer("total_cents").notNull(),
    paid_cents: integer("paid_cents").notNull().default(0),
    /** America/Denver calendar dates */
    issued_on: date("issued_on", { mode: "string" }).notNull(),
    due_on: date("due_on", { mode: "string" }).notNull(),
    memo: text("memo"),
    created_by: text("created_by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    paid_at: timestamp("paid_at", { withTimezone: true }),
    voided_at: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [
    unique("invoices_year_sequence").on(t.year, t.sequence),
    index("invoices_quote_idx").on(t.quote_id),
    index("invoices_customer_idx").on(t.customer_id),
    index("invoices_status_due_idx").on(t.status, t.due_on),
    // the list's ORDER BY (DESC is NULLS FIRST): its first page reads 50 entries, not the table
    index("invoices_issued_idx").on(
      t.issued_on.desc().nullsFirst(),
      t.year.desc().nullsFirst(),
      t.sequence.desc().nullsFirst(),
    ),
    trigramIndex("invoices_search_trgm_idx", sql`${t.number} || ' ' || ${t.customer_name}`),
    uniqueIndex("invoices_one_deposit_per_quote")
      .on(t.quote_id)
      .where(sql`${t.kind} = 'deposit' AND ${t.status} <> 'void'`),
    check("invoices_sequence_positive", sql`${t.sequence} BETWEEN 1 AND 9999`),
    check(
      "invoices_number_format",
      sql`${t.number} = 'INV-' || ${t.year} || '-' || lpad(${t.sequence}::text, 4, '0')`,
    ),
    check("invoices_amounts", sql`${t.subtotal_cents} >= 0 AND ${t.tax_cents} >= 0`),
    check("invoices_total", sql`${t.total_cents} = ${t.subtotal_cents} + ${t.tax_cents}`),
    check("invoices_paid_range", sql`${t.paid_cents} BETWEEN 0 AND ${t.total_cents}`),
    check("invoices_due_after_issue", sql`${t.due_on} >= ${t.issued_on}`),
    check(
      "invoices_paid_status",
      sql`${t.status} = 'void' OR (${t.status} = 'paid') = (${t.total_cents} > 0 AND ${t.paid_cents} = ${t.total_cents})`,
    ),
  ],
);

/** A job's lines, copied from the accepted option when the job is made and never changed. */
export const job_lines = pgTable(
  "job_lines",
  {
    job_id: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** 1-based, in the option's order */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    unit: estimateUnitEnum("unit").notNull(),
    quantity_thousandths: integer("quantity_thousandths").notNull(),
    unit_price_cents: integer("unit_price_cents").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    taxable: boolean("taxable").notNull(),
  },
  (t) => [primaryKey({ columns: [t.job_id, t.position] })],
);

/** Every status a job took, who moved it and why (like quote_status_history). */
export const job_status_history = pgTable(
  "job_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    job_id: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    status: jobStatusEnum("status").notNull(),
    changed_by: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes"),
    created_at: createdAt(),
  },
  (t) => [index("job_status_history_job_idx").on(t.job_id, t.created_at)],
);

/** The staff members (admins) assigned to a job as its crew. */
export const job_crew = pgTable(
  "job_crew",
  {
    job_id: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.job_id, t.user_id] }), index("job_crew_user_idx").on(t.user_id)],
);

/**
 * A job's completion record (what the trade's standard asks the crew to note), as the JSON the
 * record form saves: a draft while the crew works, checked against the service's required fields
 * only when the job is completed (features/jobs/record.ts).
 */
export const job_records = pgTable("job_records", {
  job_id: uuid("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  data: text("data").notNull(),
  updated_by: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Photos of a job's completion record: quote uploads (checked by content, EXIF stripped, stored and
 * served like the quote's files) attached to the job's quote too, each with its place in the record
 * (`slot`: the radon label, an area's before or after photo).
 */
export const job_record_photos = pgTable(
  "job_record_photos",
  {
    job_id: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    upload_id: uuid("upload_id")
      .notNull()
      .references(() => quote_uploads.id, { onDelete: "restrict" }),
    slot: text("slot").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.job_id, t.upload_id] }),
    index("job_record_photos_slot_idx").on(t.job_id, t.slot),
  ],
);

/** Links /invoices/{token} mailed with an invoice: only a SHA-256 hash of the token is stored. */
export const invoice_links = pgTable(
  "invoice_links",
  {
    token_hash: text("token_hash").primaryKey(),
    invoice_id: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [index("invoice_links_invoice_idx").on(t.invoice_id)],
);

/**
 * A Stripe Checkout Session we opened for an invoice, with the amount we asked for (the amount
 * recorded is Stripe's). At most one open session per invoice.
 */
export const checkout_sessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    invoice_id: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    requested_cents: integer("requested_cents").notNull(),
    url: text("url").notNull(),
    /** open, complete or expired, as Stripe last told us */
    status: text("status").notNull().default("open"),
    created_at: createdAt(),
  },
  (t) => [
    index("checkout_sessions_invoice_idx").on(t.invoice_id),
    uniqueIndex("checkout_sessions_one_open").on(t.invoice_id).where(sql`${t.status} = 'open'`),
    check("checkout_sessions_status", sql`${t.status} IN ('open', 'complete', 'expired')`),
    check("checkout_sessions_requested", sql`${t.requested_cents} > 0`),
  ],
);

/**
 * A payment of an invoice: online (Stripe, keyed by its PaymentIntent so every event about it
 * lands on this one row) or recorded by staff. `amount_cents` is what was received; `applied_cents`
 * the part credited to the invoice (less only when Stripe took more than the balance: flagged);
 * `refunded_cents` the sum of its refunds. A pending bank payment credits nothing until it succeeds.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoice_id: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    method: paymentMethodEnum("method").notNull(),
    status: paymentStatusEnum("status").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    applied_cents: integer("applied_cents").notNull().default(0),
    refunded_cents: integer("refunded_cents").notNull().default(0),
    /** America/Denver calendar date the money was received (or the payment started) */
    received_on: date("received_on", { mode: "string" }).notNull(),
    /** check number, transfer reference, or Stripe's PaymentIntent id */
    reference: text("reference"),
    stripe_payment_intent_id: text("stripe_payment_intent_id").unique(),
    stripe_checkout_session_id: text("stripe_checkout_session_id").unique(),
    /** the amount we asked Stripe for; differs from amount_cents: flagged to staff */
    requested_cents: integer("requested_cents"),
    /** why staff should look at it (an amount other than asked, more than the balance) */
    flag: text("flag"),
    /** when staff marked the flag reviewed (with what they did); a flag unreviewed stays listed */
    flag_reviewed_at: timestamp("flag_reviewed_at", { withTimezone: true }),
    flag_reviewed_by: text("flag_reviewed_by").references(() => user.id, { onDelete: "set null" }),
    flag_review_note: text("flag_review_note"),
    /** when the receipt mail was queued (once per payment, whichever process sees it succeed) */
    receipt_queued_at: timestamp("receipt_queued_at", { withTimezone: true }),
    recorded_by: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoice_id),
    index("payments_received_idx").on(t.received_on),
    check("payments_amount_positive", sql`${t.amount_cents} > 0`),
    check("payments_applied_range", sql`${t.applied_cents} BETWEEN 0 AND ${t.amount_cents}`),
    check("payments_refunded_range", sql`${t.refunded_cents} BETWEEN 0 AND ${t.amount_cents}`),
    check(
      "payments_pending_credits_nothing",
      sql`${t.status} = 'succeeded' OR (${t.applied_cents} = 0 AND ${t.refunded_cents} = 0)`,
    ),
    check(
      "payments_online_has_intent",
      sql`(${t.method} IN ('stripe_card', 'stripe_bank')) = (${t.stripe_payment_intent_id} IS NOT NULL)`,
    ),
  ],
);

/**
 * A refund of a payment: of an online payment through the Stripe Refunds API (or found in
 * Stripe's `charge.refunded`), of others recorded by staff. Never more than the payment.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    payment_id: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    amount_cents: integer("amount_cents").notNull(),
    stripe_refund_id: text("stripe_refund_id").unique(),
    reason: text("reason"),
    refunded_on: date("refunded_on", { mode: "string" }).notNull(),
    recorded_by: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("refunds_payment_idx").on(t.payment_id),
    check("refunds_amount_positive", sql`${t.amount_cents} > 0`),
  ],
);

/** What happened to an invoice, newest last: made, sent, paid, refunded, voided, reminded. */
export const invoice_events = pgTable(
  "invoice_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoice_id: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    note: text("note").notNull(),
    amount_cents: integer("amount_cents"),
    by: text("by").references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("invoice_events_invoice_idx").on(t.invoice_id, t.created_at)],
);

/** Stripe events already handled, by id: a replayed or duplicated event changes nothing. */
export const stripe_events = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: createdAt(),
});

/** Overdue reminders queued: one per invoice and day count (3, 10), whichever process finds it. */
export const invoice_reminder_sends = pgTable(
  "invoice_reminder_sends",
  {
    invoice_id: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    days_overdue: integer("days_overdue").notNull(),
    queued_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoice_id, t.days_overdue] })],
);

/**
 * The homeowner's answers to a completed job (features/jobs/sign-off.server.ts): a signature
 * (typed name, optional drawing, the consent text shown, the hash of the record shown, client
 * address and agent, as an estimate's acceptance) or a punch-list comment, which leaves the job
 * waiting for its signature. At most one signature per job; a signed row never changes (trigger
 * job_sign_offs_unchangeable, migration job_sign_offs_frozen).
 */
export const job_sign_offs = pgTable(
  "job_sign_offs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    job_id: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** 'signed' or 'punch_list' */
    kind: text("kind").notNull(),
    /** 'crew' (on the crew's phone, `recorded_by` the staff member) or 'link' (/jobs/{token}) */
    via: text("via").notNull(),
    signer_name: text("signer_name"),
    signature_png: bytea("signature_png"),
    consent_text: text("consent_text"),
    /** SHA-256 of the completion record as the signer was shown it */
    record_sha256: text("record_sha256"),
    comment: text("comment"),
    recorded_by: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    client_ip: text("client_ip").notNull(),
    user_agent: text("user_agent").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("job_sign_offs_job_idx").on(t.job_id, t.created_at),
    uniqueIndex("job_sign_offs_one_signature").on(t.job_id).where(sql`${t.kind} = 'signed'`),
    check("job_sign_offs_kind", sql`${t.kind} IN ('signed', 'punch_list')`),
    check("job_sign_offs_via", sql`${t.via} IN ('crew', 'link')`),
    check(
      "job_sign_offs_signed_complete",
      sql`${t.kind} <> 'signed' OR (char_length(${t.signer_name}) BETWEEN 1 AND ${sql.raw(String(estimateLimits.MAX_SIGNER_NAME_LENGTH))} AND ${t.consent_text} IS NOT NULL AND ${t.record_sha256} IS NOT NULL)`,
    ),
    check(
      "job_sign_offs_punch_list_comment",
      sql`${t.kind} <> 'punch_list' OR char_length(${t.comment}) BETWEEN 1 AND ${sql.raw(String(MAX_JOB_NOTE_LENGTH))}`,
    ),
  ],
);

/**
 * Links /jobs/{token} mailed for a homeowner's sign-off: only a SHA-256 hash of the token is
 * stored; a link opens its job until `valid_until` (a Utah date, as an estimate's).
 */
export const job_sign_off_links = pgTable(
  "job_sign_off_links",
  {
    token_hash: text("token_hash").primaryKey(),
    job_id: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    valid_until: date("valid_until", { mode: "string" }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index("job_sign_off_links_job_idx").on(t.job_id)],
);
