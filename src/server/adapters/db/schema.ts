import type { Generated } from 'kysely';

/** The two SQL engines the tables run on (migrations write a few columns per engine). */
export type Dialect = 'sqlite' | 'postgres';

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
  materials: MaterialsTable;
  points_ledger: PointsLedgerTable;
  voices: VoicesTable;
  presenters: PresentersTable;
  pending_deletes: PendingDeletesTable;
  workers: WorkersTable;
}

/** Job workers' heartbeats (the job-table profile; BullMQ keeps them in Redis). */
export interface WorkersTable {
  /** host:pid:random */
  id: string;
  /** The WorkerBeat as JSON. */
  beat: string;
  expires_at: number;
}

export interface PendingDeletesTable {
  id: Generated<number>;
  owner_id: number;
  file_key: string;
  /** Epoch ms after which the file goes, if no project document refers to it then. */
  due_at: number;
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

/** A user's own material (素材): files/u/<owner>/materials/<name>.<ext>, images with a thumbnail. */
export interface MaterialsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** 2 image, 3 audio. */
  type: number;
  file_key: string;
  /** Images: file-store key of the JPEG preview; '' for audio. */
  thumb_key: string;
  /** Stored size in bytes. */
  size: number;
  /** Audio: length in milliseconds; 0 for images. */
  duration_ms: number;
  width: number;
  height: number;
  created_at: number;
}

/** One change of a user's points (users.points holds the balance; this is its history). */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  /** grant | charge | refund | admin */
  kind: string;
  reason: string;
  balance_after: number;
  /** Charges: 1 once given back (a cancelled or failed render), so a refund happens only once. */
  refunded: number;
  created_at: number;
}

/** A private voice (我的音色): files/u/<owner>/voices/<id>.wav is its sample (24 kHz mono). */
export interface VoicesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** 1 male, 2 female. */
  sex: number;
  /** 1 queued, 2 training, 3 failed, 4 ready (api/timbre.contract PthStatus). */
  pth_status: number;
  /** Training progress 0..1. */
  progress: number;
  /** Training state in words; the reason when it failed. */
  message: string;
  sample_key: string;
  sample_ms: number;
  /** JSON of the sample's VoiceMeasures, set by training. */
  measures: string | null;
  /** JSON of the DerivedVoiceParams, set once trained. */
  params: string | null;
  /** When the uploader confirmed the right to use the voice. */
  consent_at: number;
  created_at: number;
  updated_at: number;
}

/** A user's own presenter (我的数字人): its files are under files/u/<owner>/presenters/<dir>/. */
export interface PresentersTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** 1 sprite rig, 2 talking loop video, 3 single picture (api/presenter.contract). */
  kind: number;
  /** 0 processing (a talking video being re-encoded), 1 usable, 2 failed. */
  status: number;
  /** File-store folder of its files: u/<owner>/presenters/<24 hex>. */
  dir_key: string;
  /** Natural size of the body picture, video or picture. */
  width: number;
  height: number;
  /** Kind 1: JSON {mouth, eyes, shapes} (the rects in body pixels, the uploaded mouth shapes). */
  rig: string | null;
  /** Kind 2: JSON PresenterKeying when the video is green-screen keyed, else null. */
  keying: string | null;
  /** Kind 2: length of the loop video in milliseconds; 0 otherwise. */
  duration_ms: number;
  /** Why processing failed (status 2); '' otherwise. */
  message: string;
  created_at: number;
}
