import type { Migration } from "@el/projections/migrations";

/**
 * The product's tables outside the event store that are no read model: nothing in them is derived from events,
 * so a rebuild never drops them. Each area's first migration is written for databases that had the table
 * before migrations were recorded.
 */
export const APP_TABLE_MIGRATIONS: Migration[] = [
  {
    name: "ids/001-entity-ids",
    up: "create sequence if not exists entity_ids start with 1000",
  },
  {
    // Material files' bytes, keyed by their SHA-256, written once and never changed (features/catalog/material-files.ts).
    name: "catalog/001-material-files",
    up: `create table if not exists catalog_material_files (
      sha256 text primary key,
      content bytea not null,
      stored_at timestamptz not null default now()
    )`,
  },
  {
    // Teacher photos in the two sizes the screens show, keyed by the SHA-256 of the upload.
    name: "teachers/001-teacher-photos",
    up: `create table if not exists teacher_photos (
      sha256 text primary key,
      large bytea not null,
      small bytea not null,
      stored_at timestamptz not null default now()
    )`,
  },
  {
    // Sign-ins sent to a provider and not yet back (state, PKCE verifier, nonce), taken once each.
    name: "accounts/001-social-authorizations",
    up: `create table if not exists social_authorizations (
      state text primary key,
      provider text not null,
      code_verifier text not null,
      nonce text not null,
      binding_digest text not null,
      expires_at timestamptz not null
    )`,
  },
  {
    // Teachers' Google refresh tokens, sealed with AES-256-GCM (features/meetings/calendar-tokens.ts).
    name: "meetings/001-calendar-tokens",
    up: `create table if not exists google_calendar_tokens (
      teacher_id bigint primary key,
      sealed text not null,
      updated_at timestamptz not null
    )`,
  },
  {
    // Replays to a moment: what was asked, by whom, how far it got (projection-runner/replays.ts).
    name: "audit/001-replays",
    up: `create table if not exists audit_replays (
      id text primary key,
      projection text not null,
      at timestamptz not null,
      status text not null check (status in ('running', 'done', 'failed')),
      replayed bigint not null default 0,
      total bigint not null default 0,
      error text,
      requested_by text not null,
      created_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      finished_at timestamptz,
      expires_at timestamptz not null
    )`,
  },
  {
    // socket.io's PostgreSQL adapter sends payloads over NOTIFY's 8,000 bytes through this table (plugins/realtime.ts).
    name: "realtime/001-socket-io-attachments",
    up: `create table if not exists socket_io_attachments (
      id bigserial unique,
      created_at timestamptz default now(),
      payload bytea
    )`,
  },
];
