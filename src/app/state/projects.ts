import { batch, signal, type Signal } from '@preact/signals-react';
import type { ComposeState, ComposeStatus } from '../../api/compose.contract';
import type { ProjectListItem } from '../../api/project.contract';
import { autoProjectName, PRO_KIND } from '../../model/project';
import { studioApi } from '../services/http';
import { refreshPoints } from './session';

/** Table pagination of spec section 9: options 10, 20, 30, 50, default 20. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Synthesis progress is refreshed this often while a render is queued or running. */
export const COMPOSE_POLL_MS = 3000;

const STATES: readonly ComposeState[] = ['none', 'queued', 'rendering', 'done', 'failed', 'cancelled'];

/** A status string from the server as one of the known states ('none' for anything else). */
export function normalizeState(value: string | null | undefined): ComposeState {
  return STATES.includes(value as ComposeState) ? (value as ComposeState) : 'none';
}

/** True while a render is waiting or running, i.e. its progress is worth polling. */
export function isComposing(state: string | null | undefined): boolean {
  const s = normalizeState(state);
  return s === 'queued' || s === 'rendering';
}

/** The synthesis state of a project: the polled status when known, else the list's summary. */
export function stateOf(item: ProjectListItem, statuses: Record<number, ComposeStatus>): ComposeState {
  return normalizeState(statuses[item.projectId]?.status ?? item.composeStatus);
}

/** Projects of the page whose render must be followed (queued or rendering). */
export function projectsToPoll(
  items: readonly ProjectListItem[],
  statuses: Record<number, ComposeStatus>,
): number[] {
  return items.filter((p) => isComposing(stateOf(p, statuses))).map((p) => p.projectId);
}

/** Projects whose list summary needs the full status (progress, or the reason of a failure). */
export function projectsNeedingStatus(items: readonly ProjectListItem[]): number[] {
  return items
    .filter((p) => isComposing(p.composeStatus) || normalizeState(p.composeStatus) === 'failed')
    .map((p) => p.projectId);
}

/** The page to show after the total changed (e.g. the last row of the last page was deleted). */
export function clampPage(pageIndex: number, total: number, pageSize: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(Math.max(1, Math.floor(pageIndex) || 1), last);
}

/** Kind of a project from its proKind (3 text video, 2 voice video). */
export function kindOf(proKind: number): 'text' | 'voice' {
  return proKind === PRO_KIND.voice ? 'voice' : 'text';
}

/** A paged list of the user's projects (all kinds, or one), with the synthesis status of its rows. */
export interface ProjectList {
  proKind?: number;
  items: Signal<ProjectListItem[]>;
  count: Signal<number>;
  pageIndex: Signal<number>;
  pageSize: Signal<number>;
  loading: Signal<boolean>;
  /** True once the first answer arrived (the empty state is not shown before). */
  loaded: Signal<boolean>;
  statuses: Signal<Record<number, ComposeStatus>>;
}

function createProjectList(proKind?: number): ProjectList {
  return {
    proKind,
    items: signal<ProjectListItem[]>([]),
    count: signal(0),
    pageIndex: signal(1),
    pageSize: signal<number>(DEFAULT_PAGE_SIZE),
    loading: signal(false),
    loaded: signal(false),
    statuses: signal<Record<number, ComposeStatus>>({}),
  };
}

/** Home centre: every project. */
export const allProjects = createProjectList();
/** /protext: text video projects. */
export const textProjects = createProjectList(PRO_KIND.text);
/** /prowav: voice video projects. */
export const voiceProjects = createProjectList(PRO_KIND.voice);

/** Loads the current page of a list, then the status of rows that are composing or failed. */
export async function loadProjects(list: ProjectList): Promise<void> {
  list.loading.value = true;
  try {
    const res = await studioApi.listProjects({
      pageIndex: list.pageIndex.value,
      pageSize: list.pageSize.value,
      ...(list.proKind ? { proKind: list.proKind } : {}),
    });
    const data = res.data ?? { list: [], count: 0, pageIndex: 1, pageSize: list.pageSize.value };
    const count = Number(data.count) || 0;
    const page = clampPage(list.pageIndex.value, count, list.pageSize.value);
    if (page !== list.pageIndex.value && count > 0) {
      list.pageIndex.value = page;
      return loadProjects(list);
    }
    batch(() => {
      list.items.value = data.list;
      list.count.value = count;
      list.loaded.value = true;
    });
    await refreshStatuses(list, projectsNeedingStatus(data.list));
  } catch {
    // The client already showed the error; the previous rows stay.
  } finally {
    list.loading.value = false;
  }
}

/**
 * The composeStatus answers for these projects, asked quietly (polling must not spam error
 * messages); a project whose answer failed is left out.
 */
export async function fetchStatuses(ids: readonly number[]): Promise<ComposeStatus[]> {
  const answers = await Promise.all(
    ids.map((id) =>
      studioApi.composeStatus(id, { quiet: true }).then(
        (r) => r.data ?? null,
        () => null,
      ),
    ),
  );
  return answers.filter((status) => status !== null);
}

/** Asks composeStatus for these projects and stores the answers. */
export async function refreshStatuses(list: ProjectList, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const answers = await fetchStatuses(ids);
  const next = { ...list.statuses.value };
  for (const status of answers) next[status.projectId] = status;
  list.statuses.value = next;
}

/** One polling round: refreshes the composing rows; reloads the list when one of them finished. */
export async function pollProjects(list: ProjectList): Promise<void> {
  const ids = projectsToPoll(list.items.value, list.statuses.value);
  await refreshStatuses(list, ids);
  const ended = ids.some((id) => {
    const status = list.statuses.value[id];
    return status !== undefined && !isComposing(status.status);
  });
  if (ended) await loadProjects(list);
}

/** Changes page or page size and reloads. */
export function setProjectPage(list: ProjectList, pageIndex: number, pageSize = list.pageSize.value): void {
  batch(() => {
    list.pageSize.value = pageSize;
    list.pageIndex.value = clampPage(pageIndex, list.count.value, pageSize);
  });
  void loadProjects(list);
}

/** Creates a project with the spec's auto name; resolves with its id (shows 创建成功). */
export async function createProject(kind: 'text' | 'voice', now = new Date()): Promise<number> {
  const res = await studioApi.addProject(
    { proKind: PRO_KIND[kind], name: autoProjectName(kind, now) },
    { mode: 'announce' },
  );
  return Number(res.data);
}

/** Renames a project and updates it in every list that shows it. */
export async function renameProject(projectId: number, name: string): Promise<void> {
  await studioApi.renameProject(projectId, name, { mode: 'announce' });
  for (const list of [allProjects, textProjects, voiceProjects]) {
    list.items.value = list.items.value.map((p) =>
      p.projectId === projectId ? { ...p, name, updatedAt: Date.now() } : p,
    );
  }
}

/** Deletes a project and reloads the lists that showed it. */
export async function deleteProject(projectId: number): Promise<void> {
  await studioApi.deleteProject(projectId, { mode: 'announce' });
  refreshPoints(); // a render it had running was refunded
  for (const list of [allProjects, textProjects, voiceProjects]) {
    if (list.items.value.some((p) => p.projectId === projectId)) void loadProjects(list);
  }
}
