import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

/*
 * Schema migrations, applied in order at start. `PRAGMA user_version` records how many have run,
 * so an existing data file is upgraded in place and never rebuilt. Append; never edit a shipped one.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    phone TEXT NOT NULL UNIQUE,
    nick_name TEXT NOT NULL,
    persona TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE tokens (
    token TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE channels (
    code TEXT PRIMARY KEY,
    is_login_required INTEGER NOT NULL
  );
  CREATE TABLE loan_users (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE REFERENCES users(id),
    step TEXT NOT NULL,
    demand_json TEXT,
    basic_json TEXT,
    asset_json TEXT,
    contacts_json TEXT,
    real_name TEXT,
    id_number TEXT,
    review_started_at INTEGER,
    decision TEXT,
    decided_at INTEGER,
    credit_limit INTEGER,
    apr REAL,
    reason_code TEXT,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE biometric_sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    status TEXT NOT NULL,
    return_url TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    completed_at INTEGER
  );
  CREATE TABLE sms_codes (
    request_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    phone TEXT NOT NULL,
    purpose TEXT NOT NULL,
    code TEXT NOT NULL,
    payload_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE INDEX sms_codes_phone ON sms_codes(phone, created_at);
  CREATE TABLE bank_cards (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    card_number TEXT NOT NULL,
    bank_code TEXT NOT NULL,
    bank_name TEXT NOT NULL,
    reserved_phone TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE lender_bindings (
    user_id TEXT NOT NULL REFERENCES users(id),
    lender_id TEXT NOT NULL,
    card_id TEXT NOT NULL REFERENCES bank_cards(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, lender_id)
  );
  CREATE TABLE loans (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    lender_id TEXT NOT NULL,
    amount INTEGER NOT NULL,
    term INTEGER NOT NULL,
    apr REAL NOT NULL,
    purpose TEXT NOT NULL,
    start_date TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    disbursed_at INTEGER NOT NULL
  );
  CREATE TABLE loan_periods (
    loan_id TEXT NOT NULL REFERENCES loans(id),
    period INTEGER NOT NULL,
    due_date TEXT NOT NULL,
    principal INTEGER NOT NULL,
    interest INTEGER NOT NULL,
    fee INTEGER NOT NULL,
    penalty_paid INTEGER NOT NULL DEFAULT 0,
    paid_at INTEGER,
    repayment_id TEXT,
    PRIMARY KEY (loan_id, period)
  );
  CREATE TABLE repayments (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    loan_id TEXT NOT NULL REFERENCES loans(id),
    periods_json TEXT NOT NULL,
    amount INTEGER NOT NULL,
    card_id TEXT NOT NULL,
    status TEXT NOT NULL,
    failure_reason TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE reward_orders (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    product_id TEXT NOT NULL,
    card_id TEXT NOT NULL,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL,
    failure_reason TEXT,
    created_at INTEGER NOT NULL,
    paid_at INTEGER
  );
  CREATE TABLE idempotency (
    user_id TEXT NOT NULL,
    call TEXT NOT NULL,
    key TEXT NOT NULL,
    body_hash TEXT NOT NULL,
    response_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, call, key)
  );
  CREATE TABLE device_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL REFERENCES users(id),
    report_json TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // Wrong tries per code; the fifth wrong one spends it.
  `
  ALTER TABLE sms_codes ADD COLUMN wrong_attempts INTEGER NOT NULL DEFAULT 0;
  `,
  // A processing repayment settles to its outcome; a failing rights order is marked.
  `
  ALTER TABLE repayments ADD COLUMN settles_at INTEGER;
  ALTER TABLE repayments ADD COLUMN settles_to TEXT;
  ALTER TABLE reward_orders ADD COLUMN settles_to TEXT NOT NULL DEFAULT 'paid';
  `,
  // One-time downloads of a signed contract: the ticket is kept as its hash, spent on first use.
  `
  CREATE TABLE contract_tickets (
    ticket_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    loan_id TEXT NOT NULL REFERENCES loans(id),
    locale TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  `,
]

/** Opens (creating if needed) the data file, or `:memory:`, and brings its schema up to date. */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}

export function migrate(db: Db): void {
  const applied = db.pragma('user_version', { simple: true }) as number
  for (let version = applied; version < migrations.length; version += 1) {
    db.transaction(() => {
      db.exec(migrations[version] as string)
      db.pragma(`user_version = ${version + 1}`)
    })()
  }
}

/** Every table, children first, for `POST /sandbox/reset`. */
export const tablesForReset = [
  'contract_tickets',
  'idempotency',
  'device_reports',
  'reward_orders',
  'repayments',
  'loan_periods',
  'loans',
  'lender_bindings',
  'bank_cards',
  'sms_codes',
  'biometric_sessions',
  'loan_users',
  'tokens',
  'channels',
  'users',
] as const
