import { constantRoutes, findRoute, WHITE_LIST, type RouteDef } from './routeTable';

/** Where a navigation wants to go (router-independent). */
export interface GuardTarget {
  pathname: string;
  /** Query string with its leading '?', or ''. */
  search: string;
}

/** The guard's answer: render the route, or go elsewhere instead. */
export type GuardDecision = { kind: 'allow'; route: RouteDef } | { kind: 'redirect'; to: string };

/** Everything the guard touches, injected so it can be tested without a router or a server. */
export interface GuardDeps {
  getToken(): string;
  setToken(token: string): void;
  /** Clears token and roles. */
  resetToken(): void;
  hasRoles(): boolean;
  /** Fetches user info; rejects when it cannot be loaded or has no roles. */
  loadUser(): Promise<{ roles: string[] }>;
  /** Generates and stores the routes for these roles. */
  generateRoutes(roles: string[]): void;
  /** Routes the user may open now: public ones plus generated ones. */
  routes(): readonly RouteDef[];
  showError(text: string): void;
  progressStart(): void;
  progressDone(): void;
  setTitle(route: RouteDef): void;
  schedule(fn: () => void, ms: number): void;
}

/** The progress bar ends this long after a navigation (spec section 9). */
export const PROGRESS_END_DELAY_MS = 500;
export const ILLEGAL_JUMP = '非法跳转，请先选择项目';
export const LOAD_USER_FAILED = 'Has Error';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : LOAD_USER_FAILED);

/** /login with a redirect parameter holding the intended path and query (without any token). */
export function loginRedirect(to: GuardTarget): string {
  const query = new URLSearchParams(to.search);
  query.delete('token');
  const rest = query.toString();
  const intended = rest ? `${to.pathname}?${rest}` : to.pathname;
  return `/login?redirect=${encodeURIComponent(intended)}`;
}

/** The navigation guard of spec section 2. */
export function createGuard(deps: GuardDeps) {
  const allow = (route: RouteDef): GuardDecision => ({ kind: 'allow', route });
  const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

  async function decide(to: GuardTarget, retried: boolean): Promise<GuardDecision> {
    const query = new URLSearchParams(to.search);
    const queryToken = query.get('token');
    if (queryToken) {
      deps.setToken(queryToken);
      return redirect('/');
    }
    if (!deps.getToken()) {
      const open = WHITE_LIST.includes(to.pathname) ? findRoute(constantRoutes, to.pathname) : undefined;
      return open ? allow(open) : redirect(loginRedirect(to));
    }
    if (to.pathname === '/login') return redirect('/');
    if (!deps.hasRoles() && !retried) {
      try {
        const { roles } = await deps.loadUser();
        deps.generateRoutes(roles);
      } catch (e) {
        deps.resetToken();
        deps.showError(errorText(e));
        return redirect(loginRedirect(to));
      }
      // Routes exist now: run the same navigation again.
      return decide(to, true);
    }
    const route = findRoute(deps.routes(), to.pathname);
    if (!route) return redirect('/404');
    const required = route.meta.requiredQuery;
    if (required && !query.get(required)) {
      deps.showError(ILLEGAL_JUMP);
      return redirect('/');
    }
    return allow(route);
  }

  return {
    /** Decides one navigation; starts the progress bar and ends it 500 ms after the decision. */
    async navigate(to: GuardTarget): Promise<GuardDecision> {
      deps.progressStart();
      try {
        const decision = await decide(to, false);
        if (decision.kind === 'allow') deps.setTitle(decision.route);
        return decision;
      } finally {
        deps.schedule(deps.progressDone, PROGRESS_END_DELAY_MS);
      }
    },
  };
}

export type Guard = ReturnType<typeof createGuard>;
