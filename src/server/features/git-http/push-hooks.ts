import type { CurrentUser } from '../../auth/current-user';
import type { ProjectContext } from '../projects/projects.service';

/** One ref a push moved: ZERO_SHA as `oldSha` means created, as `newSha` deleted. */
export type PushChange = { ref: string; oldSha: string; newSha: string };

export type PushEvent = { project: ProjectContext; actor: CurrentUser; changes: PushChange[] };

export type PushHook = (event: PushEvent) => Promise<void>;

/**
 * What other features run after a push landed (merge requests refresh when their source branch
 * moved). Hooks run in subscription order, after the refs were updated: before a push's HTTP
 * response ends, after a merge's answer (merge.service); a failing hook is reported and does not
 * stop the others.
 */
export function createPushHooks() {
  const hooks: PushHook[] = [];

  function subscribe(hook: PushHook): () => void {
    hooks.push(hook);
    return () => {
      const index = hooks.indexOf(hook);
      if (index >= 0) hooks.splice(index, 1);
    };
  }

  async function run(event: PushEvent, onError: (error: unknown) => void): Promise<void> {
    for (const hook of [...hooks]) {
      try {
        await hook(event);
      } catch (error) {
        onError(error);
      }
    }
  }

  return { subscribe, run };
}

export type PushHooks = ReturnType<typeof createPushHooks>;
