import type { Generated } from 'kysely';

/** Table types of the database, shared by SQLite and PostgreSQL. Times are epoch milliseconds. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  projects: ProjectsTable;
  ppts: PptsTable;
  jobs: JobsTable;
  scenes: ScenesTable;
  textures: TexturesTable;
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
  /** The last document saved with original 2 (export coordinates), read by the render. */
  final_detail: string;
  /** Incremented on every save; an update must name the revision it was based on. */
  revision: number;
  compose_status: string;
  created_at: number;
  updated_at: number;
}

/** Uploaded PDF decks; pages are rasterised to files/u/<owner>/ppt/<uuid>/images/<n>.png. */
export interface PptsTable {
  id: Generated<number>;
  owner_id: number;
  uuid: string;
  name: string;
  description: string;
  page_count: number;
  pages_done: number;
  /** processing | ready | failed */
  status: string;
  error: string | null;
  created_at: number;
}

/** Durable background work (PDF rasterising, renders): survives restarts, one row per job. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  owner_id: number;
  /** The row the job works on (ppt id, project id). */
  subject_id: number;
  payload: string;
  /** queued | running | done | failed | cancelled */
  status: string;
  /** 0..1 */
  progress: number;
  message: string;
  result: string | null;
  attempts: number;
  /** A running job whose lock has expired was interrupted (crash, kill) and is run again. */
  locked_until: number;
  created_at: number;
  updated_at: number;
}

/** A user's own scene background: files/u/<owner>/scenes/<name>.jpg plus its .thumb.jpg. */
export interface ScenesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** File-store key of the full-size image (1920x1080 or 750x1334). */
  file_key: string;
  /** File-store key of the list thumbnail. */
  thumb_key: string;
  /** 1 landscape, 2 portrait. */
  size_type: number;
  created_at: number;
}

/** A user's own sticker (贴图): files/u/<owner>/textures/<texture_id>.png|.gif. */
export interface TexturesTable {
  id: Generated<number>;
  /** The public 4-character id ('u' + 3 base-36 characters), unique across all users. */
  texture_id: string;
  owner_id: number;
  name: string;
  /** 1 PNG, 2 GIF. */
  type: number;
  /** File-store key of the image. */
  file_key: string;
  width: number;
  height: number;
  /** GIF: one loop in milliseconds; 0 for PNG. */
  duration_ms: number;
  created_at: number;
}
