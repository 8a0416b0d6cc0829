import { lazy, type ComponentType } from 'react';

/**
 * A component whose module loads the first time it renders (inside a Suspense boundary), so the
 * first script holds only what every page needs: a page nobody opens costs nothing to parse.
 * Calling `load` earlier starts that module sooner; the browser fetches it once either way.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
