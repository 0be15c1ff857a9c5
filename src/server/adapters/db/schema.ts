import type { Generated } from 'kysely';

/** Table types of the database, shared by SQLite and PostgreSQL. Times are epoch milliseconds. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nickname: string;
  avatar: string | null;
  points: number;
  introduction: string;
  /** JSON array of role names. */
  roles: string;
  /** JSON array of permission names (the spec's quanxian). */
  quanxian: string;
  created_at: number;
}

export interface SessionsTable {
  jti: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: number;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  updated_at: number;
}
