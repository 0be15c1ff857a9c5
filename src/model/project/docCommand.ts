import type { ProjectDocument } from './documentSchema';
import type { Result } from './result';

/*
 * Document commands as values (as excalidraw's actions): each edit of the project document is one
 * named value with a pure perform and the facts the editor needs about it, so dispatch, undo and
 * key handling read fields instead of recognising functions by identity.
 */

/** What the editor knows about a command besides how to perform it. */
export interface CommandInfo {
  /** Unique and stable (function names do not survive minifying): tables and logs key on it. */
  readonly name: string;
  /**
   * The command makes new pages: in a voice video project (语音视频) they start in voice mode.
   * A copy of a page is not new in this sense: it keeps its original's mode.
   */
  readonly createsPage: boolean;
  /** KeyboardEvent.key values that run it on the item selected on the preview (none: no key). */
  readonly keys: readonly string[];
}

/** A document command. It is callable as its perform, so model code and tests call it directly. */
export interface DocCommand<A extends unknown[]> extends CommandInfo {
  (doc: ProjectDocument, ...args: A): Result<ProjectDocument>;
  /** The pure edit: the new document, or a refusal the editor shows. */
  readonly perform: (doc: ProjectDocument, ...args: A) => Result<ProjectDocument>;
  /** The 0-based page the editor shows afterwards, computed from the document before; none: stays. */
  readonly showsPage?: (before: ProjectDocument, ...args: A) => number;
}

/** How a command is declared: its name and perform, the rest optional. */
export interface CommandSpec<A extends unknown[]> extends Partial<Omit<CommandInfo, 'name'>> {
  readonly name: string;
  perform(doc: ProjectDocument, ...args: A): Result<ProjectDocument>;
  showsPage?(before: ProjectDocument, ...args: A): number;
}

/** Declares a document command from its spec (the one way commands are made). */
export function docCommand<A extends unknown[]>(spec: CommandSpec<A>): DocCommand<A> {
  const perform = (doc: ProjectDocument, ...args: A) => spec.perform(doc, ...args);
  // `name` of a function is read-only to assignment but may be redefined.
  Object.defineProperty(perform, 'name', { value: spec.name });
  return Object.assign(perform, {
    perform,
    createsPage: spec.createsPage ?? false,
    keys: spec.keys ?? [],
    ...(spec.showsPage ? { showsPage: spec.showsPage } : {}),
  });
}
