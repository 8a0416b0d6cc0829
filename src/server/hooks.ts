/**
 * A point where other features plug into a service without the service knowing them: the lower
 * feature offers the hook, the higher one adds itself, so the two never form a circle. Hooks run
 * one after another in the order they were added, with the caller's arguments (often the
 * transaction a write must share); an error stops the rest and reaches the caller.
 */
export function createHooks<Args extends unknown[]>() {
  const hooks: Array<(...args: Args) => Promise<void>> = [];

  function add(hook: (...args: Args) => Promise<void>): void {
    hooks.push(hook);
  }

  async function run(...args: Args): Promise<void> {
    for (const hook of hooks) await hook(...args);
  }

  return { add, run };
}
