import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entityTables, user } from './schema';

/**
 * The people at a locker's screen (modules/terminal-people, docs/terminal-people.md), in tables of
 * their own beside the user's: what a person signs in at a terminal with, their sessions there, and
 * the sign-ins refused (which also throttle the next ones).
 */

/**
 * A person's credentials at the lockers' screens: the personal PIN they chose on their profile
 * (argon2id, as passwords), and `qrSecret`, mixed into the QR codes their profile draws so that a
 * new PIN (or "new QR code") voids every QR code shown before.
 */
export const terminalPersonCredential = pgTable('terminal_person_credential', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash'),
  qrSecret: text('qr_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * A person signed in at one locker: the rights they were given there (their roles' terminal rights
 * at that moment), until `expiresAt` or their sign-out. The terminal's actions carry its id.
 */
export const terminalPersonSession = pgTable(
  'terminal_person_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    eboxId: uuid('ebox_id')
      .notNull()
      .references(() => entityTables.ebox.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull(),
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('terminal_person_session_user_idx').on(t.userId)],
);

/**
 * A sign-in refused at a locker (wrong PIN or QR code, a disabled user, a locker outside their
 * companies, no rights there, or throttled), kept for the record and counted by the throttle:
 * `userKey` is who was named (a user id, or the lower-cased e-mail typed when it matched nobody).
 */
export const terminalSignInRefusal = pgTable(
  'terminal_sign_in_refusal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    eboxId: uuid('ebox_id')
      .notNull()
      .references(() => entityTables.ebox.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    userKey: text('user_key').notNull(),
    method: text('method').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    index('terminal_sign_in_refusal_user_idx').on(t.userKey, t.at),
    index('terminal_sign_in_refusal_ebox_idx').on(t.eboxId, t.at),
    // Only failures count against the throttle; a throttled attempt is recorded but does not extend it.
    index('terminal_sign_in_refusal_failure_idx').on(t.at).where(sql`${t.reason} <> 'throttled'`),
  ],
);
