import { PICKUP_STATUSES, ROUTINE_TERMINAL_ACTIONS, TERMINAL_ACTOR_PREFIX, TERMINAL_LINK_ACTOR_LABEL } from '@ebox/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buildEntityTables, platformTargets } from './entity-tables';

/**
 * Platform tables are written by hand; entity tables come from the declarations. drizzle-kit reads
 * this module to generate the migrations in ../../../drizzle.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

export const user = pgTable(
  'user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    phoneNumber: text('phone_number'),
    avatars: jsonb('avatars').notNull().default(sql`'[]'::jsonb`),
    roles: uuid('roles').array().notNull().default(sql`'{}'::uuid[]`),
    allowedCompanies: uuid('allowed_companies').array().notNull().default(sql`'{}'::uuid[]`),
    disabled: boolean('disabled').notNull().default(false),
    /** Spec 3: an optional sign-in name, unique whatever its case, at most 100 characters. */
    username: text('username'),
    /** Spec 3: the user's own company, besides the companies they are limited to. */
    company: uuid('company_id'),
    /** Spec 3: the identifier an external sign-in gave this user; shown, never edited through the forms. */
    authenticationUid: text('authentication_uid'),
    /** Spec 3: the console keeps this user's session in memory only, never in the browser's storage. */
    useTemporaryToken: boolean('use_temporary_token').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Bumped when the password changes: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The dashboard's mails the user asked for (issue 28): the daily alert digest, the weekly summary. */
    alertDigest: boolean('alert_digest').notNull().default(false),
    weeklySummary: boolean('weekly_summary').notNull().default(false),
    /** The language of the user's mails, taken from the request that last set their preferences. */
    language: text('language'),
    emailVerificationTokenHash: text('email_verification_token_hash'),
    emailVerificationExpiresAt: timestamp('email_verification_expires_at', { withTimezone: true, mode: 'string' }),
    passwordResetTokenHash: text('password_reset_token_hash'),
    passwordResetExpiresAt: timestamp('password_reset_expires_at', { withTimezone: true, mode: 'string' }),
    importHash: text('import_hash'),
    createdById: uuid('created_by_id'),
    updatedById: uuid('updated_by_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('user_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('user_authentication_uid_key').on(t.authenticationUid),
    index('user_company_id_idx').on(t.company),
    uniqueIndex('user_import_hash_key').on(t.importHash),
    index('user_roles_gin_idx').using('gin', t.roles),
  ],
);
platformTargets.user = () => user;

function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * An entry that is one of the terminals' routine reports (the domain's isRoutineTerminalReport), as
 * SQL text with its constants inlined: the log's `filter[routine]=false` is NOT of this very text,
 * so PostgreSQL matches it to the partial index below (a parameter would not prove the predicate).
 */
export const ROUTINE_AUDIT_SQL = `(coalesce("actor_label", '') LIKE ${sqlLiteral(`${TERMINAL_ACTOR_PREFIX}%`)} OR coalesce("actor_label", '') = ${sqlLiteral(TERMINAL_LINK_ACTOR_LABEL)}) AND "action" IN (${ROUTINE_TERMINAL_ACTIONS.map(sqlLiteral).join(', ')})`;

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityName: text('entity_name').notNull(),
    entityId: text('entity_id'),
    /**
     * The record's label (its label field, a user's name or email) as it was at the time of the
     * change: the log names deleted and renamed records as they were and filters by name in SQL.
     */
    entityLabel: text('entity_label'),
    action: text('action').notNull(),
    values: jsonb('values').notNull().default(sql`'{}'::jsonb`),
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdById: uuid('created_by_id'),
    /** The acting person's email; null when the system or a locker's terminal acted. */
    createdByEmail: text('created_by_email'),
    /** Who acted, for every actor: a person's email, `system:<name>` or `terminal:<terminalId>`. */
    actorLabel: text('actor_label'),
    /**
     * The companies the audited record belonged to (before and after the change), so the log is read
     * within a caller's company scope (spec 5.5); null: visible only to callers with no company limit.
     */
    companyIds: uuid('company_ids').array(),
  },
  (t) => [
    index('audit_log_timestamp_idx').on(t.timestamp),
    // The log without the terminals' routine reports (docs/decisions.md): the newest page of what
    // people did, walked in time order without stepping over the heartbeat-driven rows.
    index('audit_log_not_routine_timestamp_idx')
      .on(t.timestamp)
      .where(sql.raw(`NOT (${ROUTINE_AUDIT_SQL})`)),
    index('audit_log_entity_idx').on(t.entityName, t.entityId),
    index('audit_log_company_ids_idx').using('gin', t.companyIds),
  ],
);

export const settings = pgTable('settings', {
  id: text('id').primaryKey().default('default'),
  theme: text('theme').notNull().default('default'),
  ...timestamps,
});

/**
 * The transactional outbox: every mail and SMS, written in the transaction of the change that sends
 * it (`queued`, with its send job) and updated by the job (`sent`, or `failed` after its attempts);
 * without SMTP_URL / an SMS provider it stays here to be read (`outbox`). See platform/messages.ts.
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The mail's HTML part, kept until the message is sent (masked like the body afterwards). */
    html: text('html'),
    link: text('link'),
    status: text('status').notNull(),
    error: text('error'),
    /** Send attempts made so far (the job's runs). */
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_message_created_at_idx').on(t.createdAt)],
);

export const storedFile = pgTable('stored_file', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  sizeInBytes: integer('size_in_bytes').notNull(),
  mimeType: text('mime_type'),
  storageKey: text('storage_key').notNull(),
  entityName: text('entity_name'),
  fieldName: text('field_name'),
  createdById: uuid('created_by_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Session tokens ended by sign-out, kept until they would have expired anyway. */
export const revokedToken = pgTable(
  'revoked_token',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('revoked_token_expires_at_idx').on(t.expiresAt)],
);

/**
 * Answers already given to a request carrying an Idempotency-Key (an HTTP header, or the option a
 * job or a locker passes to a service): a repeat with the same key and body gets the stored answer
 * and changes nothing. Written in the transaction of the change, so it exists exactly when the
 * change committed.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    /** The acting user's id, or the label of a system or terminal actor. */
    principal: text('principal').notNull(),
    /** Method and path of the operation, e.g. `PUT /customer/<id>`. */
    request: text('request').notNull(),
    /** SHA-256 of the request's body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_key_principal_key').on(t.principal, t.key), index('idempotency_key_created_at_idx').on(t.createdAt)],
);

/** Where an entity_count row counts records that belong to no company (or to an unscoped entity). */
export const NO_COMPANY = '00000000-0000-0000-0000-000000000000';

/**
 * The maintained totals of the declared entities' tables, per company (kit/counts.ts): kept by
 * statement triggers in the transaction of every insert, delete and change of company (migration
 * 0007), so a list's unfiltered or per-company total is a read of a few rows, not a count(*).
 */
export const entityCount = pgTable(
  'entity_count',
  {
    tableName: text('table_name').notNull(),
    companyId: uuid('company_id').notNull(),
    /**
     * Writers from different connections change different rows (the backend's pid modulo 16), so
     * concurrent imports into one company do not queue on a single count; a total sums its slots.
     */
    slot: smallint('slot').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.companyId, t.slot] })],
);

/**
 * Who may connect to the embedded MQTT broker (platform/mqtt): a locker's terminal (user name = the
 * locker's UUID), the shared bootstrap user that can only enrol, or another API process. A
 * re-enrolled terminal gets a new row and its old one is revoked, so one user name has at most one
 * live row. Revoking disconnects the terminal at once (NOTIFY ebox_terminal_credential, migration).
 * With MQTT_URL the external broker keeps the credentials instead and this table stays empty.
 */
export const terminalCredential = pgTable(
  'terminal_credential',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** `terminal`, `bootstrap` or `service`. */
    role: text('role').notNull(),
    /** The locker whose terminal this is (terminal credentials only). */
    lockerId: uuid('locker_id').references(() => entityTables.ebox.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    /** A one-time enrolment user (role `bootstrap`): the only MQTT client id it may connect with. */
    clientId: text('client_id'),
    /** A one-time enrolment user: SHA-256 of the token it may register with (its only publish topic). */
    registerTokenHash: text('register_token_hash'),
    /** A one-time enrolment user: refused from then on (its token's expiry). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('terminal_credential_live_username_key').on(t.username).where(sql`${t.revokedAt} is null`),
    index('terminal_credential_locker_id_idx').on(t.lockerId),
  ],
);

/**
 * One-time enrolment tokens (POST /ebox/createToken): a terminal trades one, once and before it
 * expires, for its own MQTT credentials (Open-Locker's `locker/register/{token}`). Only the token's
 * SHA-256 is kept, so a database reader cannot enrol a terminal. `config` is what the operator asked
 * the terminal to be installed with.
 */
export const terminalEnrolmentToken = pgTable(
  'terminal_enrolment_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eboxId: uuid('ebox_id')
      .notNull()
      .references(() => entityTables.ebox.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    /** The MQTT client id that used it (its reply topic). */
    usedByClientId: text('used_by_client_id'),
    /** The one-time broker user made for this token (it registers with it, nothing else). */
    bootstrapUsername: text('bootstrap_username'),
    /** The MQTT client id that user must connect with. */
    clientId: text('client_id'),
    /** When that user was deleted from the broker (used or expired); null while it may still exist. */
    bootstrapRemovedAt: timestamp('bootstrap_removed_at', { withTimezone: true, mode: 'string' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terminal_enrolment_token_hash_key').on(t.tokenHash),
    index('terminal_enrolment_token_ebox_id_idx').on(t.eboxId),
    // The sweep's search: one-time broker users not deleted yet.
    index('terminal_enrolment_token_bootstrap_live_idx')
      .on(t.expiresAt)
      .where(sql`${t.bootstrapUsername} is not null and ${t.bootstrapRemovedAt} is null`),
  ],
);

/**
 * message_ids of terminal messages already handled (events, versions, last wills), so a message the
 * broker delivers twice (QoS 1) or a terminal sends again is handled once across replicas. Rows are
 * purged after a week by the terminal link. Heartbeats are not kept here: repeating one is harmless.
 */
export const terminalMessage = pgTable(
  'terminal_message',
  {
    messageId: text('message_id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('terminal_message_received_at_idx').on(t.receivedAt)],
);

/**
 * One row per change of an order's status, and per trigger the lifecycle machine refused (to_status
 * null, refusal set): who or which locker acted, when it happened (`at`: the trigger's own time, a
 * locker's original time even when replayed) and when the console recorded it. Written by the order
 * lifecycle service in the change's transaction; refusals in their own, so they stay when the caller
 * rolls back. No foreign key to the order: a refusal is written while the caller holds the order's
 * row lock (a key-share check would wait on it), and orders are never deleted.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    companyId: uuid('company_id'),
    /** null: the order's creation (or import), which has no status before it. */
    fromStatus: text('from_status'),
    /** null: the trigger was refused and nothing changed. */
    toStatus: text('to_status'),
    /** 'terminal.COURIER', 'console.cancel', 'job.expireOverdue' (packages/domain/src/orders). */
    trigger: text('trigger').notNull(),
    /** Why, as the person typed it (a console status update requires one). */
    reason: text('reason'),
    /** The machine's refusal (OrderRefusal), when refused. */
    refusal: text('refusal'),
    /** 'user', 'terminal' or 'job' (any other system actor is 'system'). */
    actorKind: text('actor_kind').notNull(),
    /** The user's id, the locker's (ebox) id; null for a job. */
    actorId: text('actor_id'),
    /** A person's e-mail, the terminal's id, the job's name. */
    actorLabel: text('actor_label').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.at, t.recordedAt)],
);

/**
 * Orders per company and status, kept exact by statement triggers on "order" in the transaction of
 * every write (migration 0019), as entity_count keeps every table's rows per company: the order
 * list's status tabs (a status, with or without companies) read their total here instead of counting
 * thousands of orders on every page (modules/order/counts.ts).
 */
export const orderStatusCount = pgTable(
  'order_status_count',
  {
    companyId: uuid('company_id').notNull(),
    status: text('status').notNull(),
    /** As entity_count's: each connection writes its own slot, so concurrent writers do not queue on one row. */
    slot: smallint('slot').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.companyId, t.slot] })],
);

export const entityTables = buildEntityTables();

export const { ...entityTableExports } = entityTables;

/**
 * A webhook's signing secrets (Standard Webhooks `whsec_…`): the current one (expires_at null) and,
 * after a rotation, the previous one until its overlap ends; a delivery is signed with every secret
 * still valid, so a receiver that has not switched yet keeps verifying (modules/webhook).
 */
export const webhookSecret = pgTable(
  'webhook_secret',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => entityTables.webhook.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** null: the current secret; else it signs until then (a rotation's overlap). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('webhook_secret_webhook_idx').on(t.webhookId)],
);

/**
 * One event for one webhook: the body sent on every attempt (so a retry is byte for byte the same,
 * under the same `webhook-id`), where it stands and when it is tried next. `event_key` makes the
 * fan-out of one event idempotent (a job run twice, two API processes); `lane` (the order's id)
 * with `seq` orders the deliveries of one order, which go one after another, while other orders'
 * deliveries to the same webhook do not wait for them.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => entityTables.webhook.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    eventKey: text('event_key').notNull(),
    lane: text('lane').notNull(),
    type: text('type').notNull(),
    /** The exact JSON text sent: what the signature covers. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** While set and ahead, a worker is sending it: nobody else sends the lane's next one. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('webhook_delivery_event_idx').on(t.webhookId, t.eventKey),
    index('webhook_delivery_lane_idx').on(t.webhookId, t.lane, t.seq).where(sql`status = 'pending'`),
    index('webhook_delivery_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

/** Every attempt of a delivery, as the webhook's screen lists it: the answer's status, how long it took, its first bytes. */
export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** null: no answer (refused address, timeout, connection error). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [
    index('webhook_attempt_delivery_idx').on(t.deliveryId, t.attemptedAt),
    index('webhook_attempt_webhook_idx').on(t.webhookId, t.attemptedAt),
  ],
);

/**
 * A device a customer's app registered for push notifications (an FCM registration token), through
 * POST /customer/:id/device. A token is one app install: registered again for another customer of
 * the company, it moves to them. Push goes to the customer's most recently registered device; FCM
 * answering UNREGISTERED removes the token.
 */
export const customerDevice = pgTable(
  'customer_device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: uuid('company_id'),
    customer: uuid('customer_id')
      .notNull()
      .references(() => entityTables.customer.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Last time the app registered it (apps register at every start): the newest one gets the push. */
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // A customer without a company still has one row per token.
    unique('customer_device_token_key').on(t.company, t.token).nullsNotDistinct(),
    index('customer_device_customer_idx').on(t.customer, t.registeredAt),
  ],
);

/**
 * Every message to an order's customer (issue 27), kept as it happened: the template and trigger that
 * made it, the text as rendered, the provider's id and where it stands. One row per (order, template,
 * trigger, occasion): `occasion` is 'auto' for the order's own moves and a fresh id for a send asked
 * for on the order's page, so a job run twice or two processes racing add nothing.
 */
export const orderMessage = pgTable(
  'order_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: uuid('company_id'),
    order: uuid('order_id')
      .notNull()
      .references(() => entityTables.order.id, { onDelete: 'cascade' }),
    template: uuid('template_id').references(() => entityTables.ccm.id, { onDelete: 'set null' }),
    trigger: text('trigger').notNull(),
    occasion: text('occasion').notNull().default('auto'),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    /** Whom it goes to as people read it: an address, a phone, or for push the device token's last characters. */
    recipient: text('recipient'),
    /** A push message's device (its token is never copied into the log); gone when the device is removed. */
    device: uuid('device_id').references(() => customerDevice.id, { onDelete: 'set null' }),
    subject: text('subject'),
    /** The text as rendered for this customer; empty until the first attempt renders it. */
    body: text('body'),
    status: text('status').notNull().default('queued'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    errorCode: text('error_code'),
    /** The message whose permanent failure this one replaces on the next channel of the company's order. */
    fallbackOf: uuid('fallback_of'),
    /** Still to be sent no earlier than this (a reminder waiting for the company's daytime, a provider's Retry-After). */
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'string' }),
    /** While set and ahead, a worker is sending it: another run of its job leaves it alone. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('order_message_once_idx').on(t.order, t.template, t.trigger, t.occasion),
    index('order_message_order_idx').on(t.order, t.createdAt),
    index('order_message_company_idx').on(t.company, t.createdAt),
    uniqueIndex('order_message_provider_idx').on(t.provider, t.providerMessageId),
  ],
);

/**
 * A provider's report about a message it took that arrived before the console had written down the
 * provider's id for it (WhatsApp can report "sent" before its own answer to the send reaches us):
 * kept until the send records the id, then applied in that transaction.
 */
export const providerStatusReport = pgTable(
  'provider_status_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    error: text('error'),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('provider_status_report_message_idx').on(t.provider, t.providerMessageId)],
);

/**
 * Dashboard rollups (issue 28, docs/dashboard.md "Rollups"), written by modules/dashboard in the
 * transaction of each order move. A move only INSERTs rows (never updates a shared one), so
 * concurrent moves neither wait on one another nor deadlock; readers sum the rows of a key, and a
 * job folds the new rows (`folded` false) into one row per key every minute. `day` is the move's own
 * time (a locker's replayed event lands in its past day) as a date in the network's time zone.
 */
const rollupColumns = () => ({
  company: uuid('company_id'),
  day: date('day', { mode: 'string' }).notNull(),
  /**
   * Added by a move since the last fold. The rows not yet folded are indexed by day: a reader of a
   * derived table adds those of its days.
   */
  folded: boolean('folded').notNull().default(false),
});

export const dashboardOrderDay = pgTable(
  'dashboard_order_day',
  {
    ...rollupColumns(),
    carrier: uuid('carrier_id'),
    type: text('type').notNull(),
    /** The status the orders reached that day (their creation counts under the status they were created in). */
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // By company or by carrier, each covering what the dashboard reads (INCLUDE, added by migration
    // 0057's hand SQL): the rows of a company's day lie on as many pages as rows, and reading them
    // off the heap cost 1 s for a carrier's past 30 days (docs/bench-history.md, dashboard).
    index('dashboard_order_day_idx').on(t.company, t.day),
    // A distribution company's carried orders (docs/dashboard.md "Who sees what").
    index('dashboard_order_day_carrier_idx').on(t.carrier, t.day),
    index('dashboard_order_day_fresh_idx').on(t.day).where(sql`not folded`),
  ],
);

/** Dwell times (storedAt → collectedAt) of the parcels picked up each day, in the histogram buckets of packages/domain. */
export const dashboardDwellDay = pgTable(
  'dashboard_dwell_day',
  {
    ...rollupColumns(),
    carrier: uuid('carrier_id'),
    type: text('type').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // Covering, as dashboard_order_day's.
    index('dashboard_dwell_day_idx').on(t.company, t.day),
    index('dashboard_dwell_day_carrier_idx').on(t.carrier, t.day),
    index('dashboard_dwell_day_fresh_idx').on(t.day).where(sql`not folded`),
  ],
);

/**
 * Carriers' service (issue 28, figure 7): the parcels stored each day by the time from their inbound
 * (the carrier took them) to their deposit, in the dwell histogram's buckets.
 */
export const dashboardInboundDay = pgTable(
  'dashboard_inbound_day',
  {
    ...rollupColumns(),
    carrier: uuid('carrier_id'),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // Covering, as dashboard_order_day's.
    index('dashboard_inbound_day_idx').on(t.company, t.day),
    index('dashboard_inbound_day_carrier_idx').on(t.carrier, t.day),
    index('dashboard_inbound_day_fresh_idx').on(t.day).where(sql`not folded`),
  ],
);

/**
 * The customers' messages (issue 28, figure 11): per company, day, channel and trigger, how many
 * were sent, delivered, read and failed that day.
 */
export const dashboardMessageDay = pgTable(
  'dashboard_message_day',
  {
    ...rollupColumns(),
    channel: text('channel').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // Covering, as dashboard_order_day's.
    index('dashboard_message_day_idx').on(t.company, t.day),
    index('dashboard_message_day_fresh_idx').on(t.day).where(sql`not folded`),
  ],
);

/** Per locker, company, carrier and day: parcels deposited, picked up and expired there. */
export const dashboardLockerDay = pgTable(
  'dashboard_locker_day',
  {
    ...rollupColumns(),
    /** The order's carrier: a distribution company counts the parcels it carries at the lockers it sees. */
    carrier: uuid('carrier_id'),
    ebox: uuid('ebox_id').notNull(),
    deposits: integer('deposits').notNull().default(0),
    pickups: integer('pickups').notNull().default(0),
    expiries: integer('expiries').notNull().default(0),
  },
  (t) => [
    // Covering, as dashboard_order_day's.
    index('dashboard_locker_day_idx').on(t.company, t.day),
    // A locker or cluster filter reads its lockers' rows over a long period.
    index('dashboard_locker_day_ebox_idx').on(t.ebox, t.day),
    index('dashboard_locker_day_carrier_idx').on(t.carrier, t.day),
    index('dashboard_locker_day_fresh_idx').on(t.day).where(sql`not folded`),
  ],
);

/**
 * The dashboard's log of order moves (docs/dashboard.md "Reading a period"): one narrow row per move,
 * with what the rollups key it by and its dwell bucket when it is a pickup, kept 400 days. A previous
 * period cut at the same hour reads its partial day here by time, instead of joining the history to
 * the orders.
 */
export const dashboardMove = pgTable(
  'dashboard_move',
  {
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    company: uuid('company_id'),
    carrier: uuid('carrier_id'),
    ebox: uuid('ebox_id'),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** The dwell-time bucket of a pickup (null for any other move). */
    bucket: smallint('bucket'),
  },
  (t) => [
    // Covering: a partial day is read off the index alone.
    index('dashboard_move_at_idx').on(t.at, t.company, t.ebox, t.type, t.status, t.carrier, t.bucket),
    // The weekday × hour grid's pickups, a third of the moves, read off the index alone (a
    // distribution company's by its carrier too).
    index('dashboard_move_pickup_idx')
      .on(t.at, t.company, t.carrier, t.ebox)
      .where(sql.raw(`status in (${PICKUP_STATUSES.map((status) => `'${status}'`).join(', ')})`)),
  ],
);

/**
 * The live compartment counters (issue 28: the "now" figures come from them, docs/dashboard.md
 * "Compartments now"): per locker and size, its enabled compartments by status. Statement triggers
 * on `compartiment` (migration 0061's hand SQL) insert one row of changes per locker and size a
 * write changed, in the write's own transaction, so every writer (the console, a locker's event,
 * an import, a job) keeps them without knowing of them, and two writers never wait on one another's
 * row; the fold job sums the new rows into one per key each minute, as it does the rollups'. A
 * compartment of no size counts under ''.
 */
export const dashboardCompartmentCount = pgTable(
  'dashboard_compartment_count',
  {
    ebox: uuid('ebox_id').notNull(),
    size: text('size').notNull(),
    folded: boolean('folded').notNull().default(false),
    enabled: integer('enabled').notNull().default(0),
    occupied: integer('occupied').notNull().default(0),
    booked: integer('booked').notNull().default(0),
    available: integer('available').notNull().default(0),
    damaged: integer('damaged').notNull().default(0),
    dirty: integer('dirty').notNull().default(0),
  },
  (t) => [index('dashboard_compartment_count_ebox_idx').on(t.ebox, t.size)],
);

/**
 * Derived rollups (docs/dashboard.md "Reading fast"): the same sums at a coarser grain, so a long
 * period or every company reads a few thousand rows, not a million. Written only by the fold job,
 * from the base rows it folds (in the same transaction), so a reader adds the base tables' unfolded
 * rows to them and misses nothing. `_all`: every company together; `_month`: `day` is the month's
 * first day.
 */
const derivedColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  folded: boolean('folded').notNull().default(false),
});

/**
 * By day; and by company first where the table keeps it (a user limited to companies reads theirs),
 * and by carrier where it keeps both (a distribution company reads the orders it carries). The
 * month tables' company and carrier indexes cover what the dashboard reads (INCLUDE, migration
 * 0058's hand SQL), as the day tables' do.
 */
function derivedIndexes(name: string, t: { day: AnyPgColumn; company?: AnyPgColumn; carrier?: AnyPgColumn }) {
  if (!t.company) return [index(`${name}_idx`).on(t.day)];
  return [index(`${name}_idx`).on(t.company, t.day), ...(t.carrier ? [index(`${name}_carrier_idx`).on(t.carrier, t.day)] : [])];
}

function derivedOrderTable(name: string, withCompany: boolean) {
  return pgTable(
    name,
    {
      ...derivedColumns(),
      ...(withCompany ? { company: uuid('company_id') } : {}),
      carrier: uuid('carrier_id'),
      type: text('type').notNull(),
      status: text('status').notNull(),
      count: integer('count').notNull(),
    },
    (t) => [...derivedIndexes(name, t), index(`${name}_fresh_idx`).on(t.folded).where(sql`not folded`)],
  );
}

/**
 * The carried orders' rows are read by carrier alone, less a distribution company's own companies'
 * (by carrier and company: both in the index's key).
 */
function dwellIndexes(name: string, t: { day: AnyPgColumn; company?: AnyPgColumn; carrier?: AnyPgColumn }) {
  if (t.carrier && !t.company) return [index(`${name}_idx`).on(t.carrier, t.day)];
  if (t.carrier && t.company)
    return [index(`${name}_idx`).on(t.company, t.day), index(`${name}_carrier_idx`).on(t.carrier, t.company, t.day)];
  return derivedIndexes(name, t);
}

/** `keys`: by company (and carrier), by carrier alone, or every company together. */
function derivedDwellTable(name: string, keys: 'company' | 'company and carrier' | 'carrier' | 'all') {
  return pgTable(
    name,
    {
      ...derivedColumns(),
      ...(keys.startsWith('company') ? { company: uuid('company_id') } : {}),
      ...(keys === 'company and carrier' || keys === 'carrier' ? { carrier: uuid('carrier_id') } : {}),
      type: text('type').notNull(),
      bucket: smallint('bucket').notNull(),
      count: integer('count').notNull(),
    },
    (t) => [...dwellIndexes(name, t), index(`${name}_fresh_idx`).on(t.folded).where(sql`not folded`)],
  );
}

function derivedInboundTable(name: string, withCompany: boolean) {
  return pgTable(
    name,
    {
      ...derivedColumns(),
      ...(withCompany ? { company: uuid('company_id') } : {}),
      carrier: uuid('carrier_id'),
      bucket: smallint('bucket').notNull(),
      count: integer('count').notNull(),
    },
    (t) => [...derivedIndexes(name, t), index(`${name}_fresh_idx`).on(t.folded).where(sql`not folded`)],
  );
}

function derivedMessageTable(name: string, withCompany: boolean) {
  return pgTable(
    name,
    {
      ...derivedColumns(),
      ...(withCompany ? { company: uuid('company_id') } : {}),
      channel: text('channel').notNull(),
      trigger: text('trigger').notNull(),
      status: text('status').notNull(),
      count: integer('count').notNull(),
    },
    (t) => [...derivedIndexes(name, t), index(`${name}_fresh_idx`).on(t.folded).where(sql`not folded`)],
  );
}

function derivedLockerTable(name: string, withCompany: boolean, withCarrier = false) {
  return pgTable(
    name,
    {
      ...derivedColumns(),
      ...(withCompany ? { company: uuid('company_id') } : {}),
      ...(withCarrier ? { carrier: uuid('carrier_id') } : {}),
      ebox: uuid('ebox_id').notNull(),
      deposits: integer('deposits').notNull().default(0),
      pickups: integer('pickups').notNull().default(0),
      expiries: integer('expiries').notNull().default(0),
    },
    (t) => [
      ...derivedIndexes(name, t),
      index(`${name}_ebox_idx`).on(t.ebox, t.day),
      index(`${name}_fresh_idx`).on(t.folded).where(sql`not folded`),
    ],
  );
}

export const dashboardOrderDayAll = derivedOrderTable('dashboard_order_day_all', false);
export const dashboardOrderMonth = derivedOrderTable('dashboard_order_month', true);
export const dashboardOrderMonthAll = derivedOrderTable('dashboard_order_month_all', false);
export const dashboardDwellDayAll = derivedDwellTable('dashboard_dwell_day_all', 'all');
export const dashboardDwellMonth = derivedDwellTable('dashboard_dwell_month', 'company');
export const dashboardDwellMonthAll = derivedDwellTable('dashboard_dwell_month_all', 'all');
/** By company and carrier too: only a distribution company's carried orders are read here (the month table has no carrier). */
export const dashboardDwellMonthCarrier = derivedDwellTable('dashboard_dwell_month_carrier', 'company and carrier');
/**
 * By carrier alone: a distribution company's carried orders are these rows less the few of its own
 * companies' orders it carried (read by carrier and company from the table above), a tenth of the
 * rows of every company it carries for (docs/dashboard.md "Reading fast").
 */
export const dashboardDwellMonthByCarrier = derivedDwellTable('dashboard_dwell_month_by_carrier', 'carrier');
export const dashboardInboundDayAll = derivedInboundTable('dashboard_inbound_day_all', false);
export const dashboardInboundMonth = derivedInboundTable('dashboard_inbound_month', true);
export const dashboardInboundMonthAll = derivedInboundTable('dashboard_inbound_month_all', false);
export const dashboardMessageDayAll = derivedMessageTable('dashboard_message_day_all', false);
export const dashboardMessageMonth = derivedMessageTable('dashboard_message_month', true);
export const dashboardMessageMonthAll = derivedMessageTable('dashboard_message_month_all', false);
export const dashboardLockerDayAll = derivedLockerTable('dashboard_locker_day_all', false);
export const dashboardLockerMonth = derivedLockerTable('dashboard_locker_month', true);
export const dashboardLockerMonthAll = derivedLockerTable('dashboard_locker_month_all', false);
export const dashboardLockerMonthCarrier = derivedLockerTable('dashboard_locker_month_carrier', true, true);

/**
 * Per locker and day: the dwell times of the parcels picked up there, so a locker or cluster filter
 * reads its percentiles from histograms too (read only for a chosen set of lockers, by locker).
 */
export const dashboardLockerDwellDay = pgTable(
  'dashboard_locker_dwell_day',
  {
    ...rollupColumns(),
    carrier: uuid('carrier_id'),
    ebox: uuid('ebox_id').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    index('dashboard_locker_dwell_day_idx').on(t.ebox, t.day),
    index('dashboard_locker_dwell_day_fresh_idx').on(t.day).where(sql`not folded`),
  ],
);

/**
 * Every door failure a locker had (issue 28 figure 10; docs/dashboard.md "Doors"): an opening the
 * console asked for that jammed, failed or went unanswered, or a door its terminal reported opened
 * without a command. Rare enough to read as it is: by compartment for the 24-hour alert, by time
 * for a period's figure. Kept 400 days.
 */
export const doorFailure = pgTable(
  'door_failure',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    ebox: uuid('ebox_id').notNull(),
    compartiment: uuid('compartiment_id').notNull(),
    /** The locker's company when it failed (its owner sees it). */
    company: uuid('company_id'),
    kind: text('kind').notNull(),
  },
  (t) => [index('door_failure_compartiment_idx').on(t.compartiment, t.at), index('door_failure_at_idx').on(t.at, t.ebox)],
);

/**
 * The dashboard's alerts (docs/dashboard.md "Alerts"). A row is pending (`opened_at` null) while a
 * condition that must last (occupancy) has not lasted long enough, open once raised, resolved when
 * its condition clears. One unresolved row per kind and subject: an alert is never raised twice
 * while open, whichever process sees the condition first.
 */
export const dashboardAlert = pgTable(
  'dashboard_alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** What it is about: a locker, a cluster, a compartment, or a company's parcels in a locker (`ebox:company`). */
    subject: text('subject').notNull(),
    company: uuid('company_id'),
    /** The locker it is about (null for a cluster's). */
    ebox: uuid('ebox_id'),
    cluster: uuid('cluster_id'),
    compartiment: uuid('compartiment_id'),
    /** Null while pending. */
    level: text('level'),
    value: integer('value').notNull(),
    since: timestamp('since', { withTimezone: true, mode: 'string' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'string' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dashboard_alert_unresolved_key').on(t.kind, t.subject).where(sql`resolved_at is null`),
    index('dashboard_alert_open_idx').on(t.company).where(sql`resolved_at is null and opened_at is not null`),
    index('dashboard_alert_opened_at_idx').on(t.openedAt),
  ],
);

/**
 * The dashboard's mails a user was sent (the daily alert digest, the weekly summary), one row per
 * user, kind and day: a job run twice (a retry, two workers) sends each once.
 */
export const dashboardMailSent = pgTable(
  'dashboard_mail_sent',
  {
    user: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user, t.kind, t.day] })],
);

/**
 * The times each locker was offline (issue 28 figure 9; docs/dashboard.md "Availability"): opened
 * when it goes offline, closed when it is heard again, both with the change's time. A period's
 * offline minutes are the overlaps of these with it. One open interval per locker. Kept 400 days.
 */
export const lockerOffline = pgTable(
  'locker_offline',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ebox: uuid('ebox_id').notNull(),
    /** The locker's company when it went offline. */
    company: uuid('company_id'),
    from: timestamp('from_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Null while it is still offline. */
    to: timestamp('to_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('locker_offline_open_key').on(t.ebox).where(sql`to_at is null`),
    index('locker_offline_from_idx').on(t.from, t.ebox),
    index('locker_offline_ebox_idx').on(t.ebox, t.from),
  ],
);

/**
 * Each locker's compartments sampled every hour (docs/dashboard.md "Weekday × hour"): enabled, and
 * occupied or booked. The weekday × hour grid of free compartments and occupancy over time read it.
 * One row per hour and locker (a second run of the same hour adds nothing). Kept 90 days.
 */
export const dashboardOccupancyHour = pgTable(
  'dashboard_occupancy_hour',
  {
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    ebox: uuid('ebox_id').notNull(),
    company: uuid('company_id'),
    enabled: integer('enabled').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.at, t.ebox] }), index('dashboard_occupancy_hour_ebox_idx').on(t.ebox, t.at)],
);

/**
 * Lockers whose alerts an order's move asks to evaluate (docs/dashboard.md "Alerts"): one row per move
 * at a locker, written by the move's rollup statement, claimed (deleted) by the fold job every minute,
 * which evaluates each locker once. No key and no index: a writer never waits on another's row.
 */
export const dashboardAlertRequest = pgTable('dashboard_alert_request', {
  ebox: uuid('ebox_id').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * What changed what a dashboard shows (docs/dashboard.md "Answers kept"): one row per writing
 * statement on a table the dashboard reads, written by that table's trigger in the writer's own
 * transaction, with the transaction's id and the company, carrier and locker of the rows it wrote
 * (all null: every reading). A kept answer is served again only while no row committed after its
 * reading's snapshot concerns its reach. Rows live ten minutes (the fold job prunes them).
 */
export const dashboardChange = pgTable(
  'dashboard_change',
  {
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
    company: uuid('company_id'),
    carrier: uuid('carrier_id'),
    ebox: uuid('ebox_id'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('dashboard_change_xid_idx').on(t.xid)],
);

/**
 * The same samples of every locker together, one row per hour: who sees every locker reads four
 * weeks as 672 rows instead of a row per locker and hour (672,000 at 1,000 lockers).
 */
export const dashboardOccupancyHourAll = pgTable('dashboard_occupancy_hour_all', {
  at: timestamp('at', { withTimezone: true, mode: 'string' }).primaryKey(),
  enabled: integer('enabled').notNull(),
  used: integer('used').notNull(),
});

/**
 * Bookings a locker refused because no compartment of the size was free (issue 28 figure 8; docs/
 * dashboard.md "Full lockers"): written beside the refused creation's transaction, which rolls back,
 * so the refusal stays counted. Kept 400 days.
 */
export const lockerRefusal = pgTable(
  'locker_refusal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ebox: uuid('ebox_id').notNull(),
    /** The order's company (whose parcel found no room). */
    company: uuid('company_id'),
    size: text('size').notNull(),
  },
  (t) => [index('locker_refusal_at_idx').on(t.at, t.ebox)],
);

/**
 * The rows of a packing (issue 30, modules/packing): each order the run takes, its step (spec 4.1),
 * its locker and that locker's place in the run, the compartment size and, for a delivery, the
 * compartment it goes to. `open` is true until the packing is finished (or deleted: the rows go with
 * it): an order is in at most one open packing, and two open packings never target one compartment,
 * each held by a partial unique index, so two saves racing are refused by the database itself.
 * `orderUpdatedAt` is the order's version when picked: a row whose order changed since has a change.
 */
export const packingOrder = pgTable(
  'packing_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packing: uuid('packing_id')
      .notNull()
      .references(() => entityTables.packing.id, { onDelete: 'cascade' }),
    order: uuid('order_id')
      .notNull()
      .references(() => entityTables.order.id, { onDelete: 'cascade' }),
    /** The order's company: the rows are read within the caller's companies. */
    company: uuid('company_id'),
    /** reverseCollection, expiredCollection or delivery (PACKING_STEPS). */
    step: text('step').notNull(),
    ebox: uuid('ebox_id'),
    /** The locker's stop in the run, from 1 (lockers without one go last). */
    position: integer('position').notNull(),
    compartimentSize: text('compartiment_size'),
    /** A delivery's compartment: its own booked one, or a free one of its size chosen at save. */
    targetCompartiment: uuid('target_compartiment_id').references(() => entityTables.compartiment.id, { onDelete: 'set null' }),
    targetCompartimentNumber: integer('target_compartiment_number'),
    /** The compartment number chosen before a re-check at print found it filled (the romaneio says so). */
    previousCompartimentNumber: integer('previous_compartiment_number'),
    /** Why a delivery has no compartment after a re-check (PACKING_NOT_FITTING_REASONS). */
    notFitting: text('not_fitting'),
    orderUpdatedAt: timestamp('order_updated_at', { withTimezone: true, mode: 'string' }).notNull(),
    open: boolean('open').notNull().default(true),
    /** What the courier did at the locker, as the terminal reports it (issue 30 item 3): empty until then. */
    outcome: text('outcome'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('packing_order_packing_order_key').on(t.packing, t.order),
    uniqueIndex('packing_order_open_order_key').on(t.order).where(sql`open`),
    uniqueIndex('packing_order_open_target_key').on(t.targetCompartiment).where(sql`open AND target_compartiment_id IS NOT NULL`),
    index('packing_order_packing_idx').on(t.packing, t.position),
    // An order's latest pick, open or finished: whether it changed since (hasChange).
    index('packing_order_order_idx').on(t.order, t.orderUpdatedAt),
  ],
);

/**
 * Each locker a software release targets (issue 31, modules/terminal-release): its stage (0 = the
 * canary), where its update stands (`state`, the terminal's progress), the download attempt, the
 * terminal's reason of a failure, and when it was last heard of (`updatedAt`, which the time-out job
 * reads). One row per release and locker; `waiting` → `sent` is taken by exactly one API process
 * (UPDATE … WHERE state = 'waiting' RETURNING), so a locker is commanded once.
 */
export const terminalReleaseTarget = pgTable(
  'terminal_release_target',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    release: uuid('release_id')
      .notNull()
      .references(() => entityTables.terminalUiRelease.id, { onDelete: 'cascade' }),
    ebox: uuid('ebox_id')
      .notNull()
      .references(() => entityTables.ebox.id, { onDelete: 'cascade' }),
    /** The release's company, so the rows are read within the caller's companies. */
    company: uuid('company_id'),
    stage: integer('stage').notNull(),
    /** The locker's place in the planned order (stages are cut from it). */
    position: integer('position').notNull(),
    state: text('state').notNull().default('waiting'),
    attempt: integer('attempt').notNull().default(0),
    /** The highest progress sequence applied (the terminal's per-release count): a replay or a late event is dropped. */
    sequence: integer('sequence').notNull().default(0),
    reason: text('reason'),
    /** The command's transaction_id of the current attempt: progress of an older attempt is ignored. */
    transactionId: text('transaction_id'),
    /** The locker's applicationVersion before the release reached it. */
    previousVersion: text('previous_version'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terminal_release_target_release_ebox_key').on(t.release, t.ebox),
    index('terminal_release_target_release_idx').on(t.release, t.stage, t.state),
    // The time-out job reads the lockers in a step, oldest first.
    index('terminal_release_target_active_idx').on(t.updatedAt).where(sql`state IN ('sent', 'downloading', 'downloaded', 'installing')`),
    index('terminal_release_target_ebox_idx').on(t.ebox),
  ],
);

/**
 * What a bot's customers wrote (issue 32, docs/whatsapp-bot.md): one row per WhatsApp message id
 * (`wamid`), so a message Meta delivers twice (it retries a webhook not answered 200, and may resend
 * one that was) is handled once: the unique index decides, not a read before the write.
 */
export const botMessage = pgTable(
  'bot_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order rows were written in: a phone's replies go out, and its messages are read, in it. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    bot: uuid('bot_id')
      .notNull()
      .references(() => entityTables.bot.id, { onDelete: 'cascade' }),
    /** The bot's company, so the rows are read within the caller's companies. */
    company: uuid('company_id'),
    /** Meta's id of the message; none yet for a reply still queued. */
    wamid: text('wamid'),
    /** 'in': the customer's; 'out': the bot's. */
    direction: text('direction').notNull(),
    /** The customer's WhatsApp id as Meta sent it (12 or 13 digits: older Brazilian numbers lack the ninth digit). */
    waId: text('wa_id').notNull(),
    /** Meta's message type: text, interactive, button, image… */
    type: text('type').notNull(),
    /** The text, or the title of the chosen button or list row. */
    text: text('text'),
    /** The chosen button's or row's id (interactive replies). */
    choiceId: text('choice_id'),
    /** When the customer sent it (Meta's timestamp); for a reply, when it was written. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** A customer's message: when its conversation read it (null: still to be read, in order). */
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'string' }),
    /**
     * A reply's state: queued (written, not yet taken by Meta), then Meta's receipts (sent,
     * delivered, read, failed); a customer's message: received.
     */
    status: text('status').notNull().default('received'),
    /** A reply as sent to Meta (bot/outgoing.ts OutgoingContent). */
    content: jsonb('content'),
    /** The conversation step a reply says (welcome, chooseSize…). */
    step: text('step'),
    /** Meta's error code and title of a failed reply. */
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
  },
  (t) => [
    uniqueIndex('bot_message_wamid_key').on(t.wamid),
    index('bot_message_thread_idx').on(t.bot, t.waId, t.sentAt),
    // The queued replies and unread messages of a phone, in order: what the jobs drain.
    index('bot_message_pending_idx').on(t.bot, t.waId, t.seq).where(sql`status = 'queued' OR (direction = 'in' AND processed_at IS NULL)`),
  ],
);

/**
 * When each of a WhatsApp number's recent sends leaves (reserved, so some are due), shared by the
 * console's processes: Meta takes 80 in any sliding second, which a per-second count let twice
 * through across a second's edge. Rows older than a few seconds are of no use and go.
 */
export const whatsappSendSlot = pgTable(
  'whatsapp_send_slot',
  {
    phoneNumberId: text('phone_number_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('whatsapp_send_slot_number_at').on(t.phoneNumberId, t.at)],
);

/**
 * When a number last reached a customer with a template (a message the customer did not ask for):
 * Meta's tier caps the distinct customers a number reaches so in 24 hours (250 for a new account).
 */
export const whatsappRecipientReach = pgTable(
  'whatsapp_recipient_reach',
  {
    phoneNumberId: text('phone_number_id').notNull(),
    waId: text('wa_id').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.phoneNumberId, t.waId] }),
    index('whatsapp_recipient_reach_recent_idx').on(t.phoneNumberId, t.reachedAt),
  ],
);

/**
 * Where a bot's conversation with one phone stands (packages/domain/src/bot/conversation.ts):
 * its row is locked while a message is read, so one phone's messages are read one at a time.
 */
export const botConversation = pgTable(
  'bot_conversation',
  {
    bot: uuid('bot_id')
      .notNull()
      .references(() => entityTables.bot.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    company: uuid('company_id'),
    /** The machine's state; null: no conversation under way (the next message starts one). */
    state: jsonb('state'),
    /** The customer's last message: WhatsApp takes free replies for 24 hours after it. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bot, t.waId] })],
);

/**
 * The orders a bot booked, and for whom (issue 32 item 3): the customer who chatted is told an hour
 * before the booking ends. `remindedAt` is set once, so a reminder goes once whichever process sends it.
 */
export const botBooking = pgTable(
  'bot_booking',
  {
    order: uuid('order_id')
      .primaryKey()
      .references(() => entityTables.order.id, { onDelete: 'cascade' }),
    bot: uuid('bot_id')
      .notNull()
      .references(() => entityTables.bot.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('bot_booking_to_remind_idx').on(t.endsAt).where(sql`reminded_at IS NULL`)],
);
