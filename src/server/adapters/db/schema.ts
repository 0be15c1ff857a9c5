import type { Generated } from 'kysely';

/** Table types of the database, shared by SQLite and PostgreSQL. Times are epoch milliseconds. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  projects: ProjectsTable;
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

export interface ProjectsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string;
  type: number;
  pro_kind: number;
  distinguishability: number;
  /** 1 draft, 2 final (saved for synthesis). */
  original: number;
  /** The userProjectInfo document as JSON text. */
  detail: string;
  /** Incremented on every save; an update must name the revision it was based on. */
  revision: number;
  compose_status: string;
  created_at: number;
  updated_at: number;
}
