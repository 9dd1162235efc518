/**
 * The route tables' own shape, and how it becomes what React Router renders.
 *
 * The app uses React Router's declarative mode (`BrowserRouter`, `useRoutes`), not its data
 * router (`createBrowserRouter`): it has no loaders or actions, and the data router was most of
 * React Router's code in the shell every page loads first (docs/decisions/0097-*). What the data
 * router did for the tables is done here:
 *  - `lazy`: a screen's code, loaded the first time it is opened, or before the page that shows it
 *    is hydrated or first rendered (`preloadScreens`), so that render already holds the screen;
 *  - `errorElement`: shown in place of the route when it or a route inside it fails to render,
 *    or its code cannot be loaded (a chunk from an older deploy, offline), until the address changes.
 */
import { Component, use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import type { DashboardArea } from '../../features/dashboard/dashboard-areas.ts';

/** A screen's code: resolves to the component the route shows. */
export type ScreenLoader = () => Promise<{ Component: ComponentType }>;

/** A guarded group's area (features/dashboard/dashboard-areas.ts): app/role-screens.ts reads it. */
export interface GuardHandle {
  area: DashboardArea;
}

export interface ScreenRoute {
  path?: string;
  index?: boolean;
  /** The route's own element (a layout); else its `lazy` screen. */
  element?: ReactNode;
  lazy?: ScreenLoader;
  errorElement?: ReactNode;
  /** A guarded group's area: app/role-screens.ts keeps its screens only for those who may open them. */
  handle?: GuardHandle;
  children?: ScreenRoute[];
}

interface Loaded {
  Component?: ComponentType;
  pending?: Promise<void>;
}
const screens = new WeakMap<ScreenLoader, Loaded>();
/** Loads that failed: kept as they are until the failure is shown, so rendering again meets the same failure. */
const failed = new Set<Loaded>();

function loadScreen(loader: ScreenLoader): Promise<void> {
  let entry = screens.get(loader);
  if (!entry) screens.set(loader, (entry = {}));
  const loaded = entry;
  loaded.pending ??= loader().then(
    ({ Component: screen }) => {
      loaded.Component = screen;
    },
    (error: unknown) => {
      failed.add(loaded);
      throw error;
    },
  );
  return loaded.pending;
}

/**
 * Once a route's error is on screen, the next opening of a screen whose code failed asks for it
 * again (the network may be back). Not sooner: React renders a failed screen again before it shows
 * the error, and a new load at each of those renders was a new request, over and over.
 */
function forgetFailedLoads() {
  for (const loaded of failed) loaded.pending = undefined;
  failed.clear();
}

/** Renders the screen at once when its code is here; else suspends until it is (or throws its failure). */
function LazyScreen({ loader }: { loader: ScreenLoader }) {
  const Screen = screens.get(loader)?.Component;
  if (Screen) return <Screen />;
  // Suspends until the code is here (React then renders this again, and finds it above), or
  // throws the load's failure to the route's error boundary. It never returns.
  use(loadScreen(loader));
  return null;
}

interface BoundaryProps {
  fallback: ReactNode;
  /** The address the boundary is rendered at: an error is cleared when it changes. */
  at: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  at: string;
}

class RouteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  /** A new address shows the route again. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override componentDidCatch() {
    forgetFailedLoads();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function CatchRouteErrors({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <RouteBoundary fallback={fallback} at={pathname + search}>
      {children}
    </RouteBoundary>
  );
}

/** The tables as React Router's route objects, each with the element that shows it. */
export function toRouteObjects(routes: ScreenRoute[]): RouteObject[] {
  return routes.map(({ path, index, element, lazy, errorElement, handle, children }) => {
    const own = element ?? (lazy ? <LazyScreen loader={lazy} /> : undefined);
    const shown = errorElement ? <CatchRouteErrors fallback={errorElement}>{own}</CatchRouteErrors> : own;
    const base = { path, element: shown, handle: { lazy, ...handle } };
    return index ? { ...base, index: true } : { ...base, children: children ? toRouteObjects(children) : undefined };
  });
}

/**
 * Loads the code of every screen the address opens. A failure is left to the screen's render,
 * which meets it and shows the route's error.
 */
export async function preloadScreens(routes: RouteObject[], pathname: string, basename?: string): Promise<void> {
  const loaders = (matchRoutes(routes, pathname, basename) ?? []).flatMap((match) => {
    const loader = (match.route.handle as { lazy?: ScreenLoader } | undefined)?.lazy;
    return loader ? [loader] : [];
  });
  await Promise.all(loaders.map((loader) => loadScreen(loader).catch(() => undefined)));
}
