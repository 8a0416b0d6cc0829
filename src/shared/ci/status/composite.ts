/** GitLab's CI statuses of jobs, stages and pipelines. */
export const CI_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
  'success',
  'failed',
  'canceling',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const;
export type CiStatus = (typeof CI_STATUSES)[number];

export const COMPLETED_STATUSES: readonly CiStatus[] = ['success', 'failed', 'canceled', 'skipped'];
export const ACTIVE_STATUSES: readonly CiStatus[] = [
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
];

type Consumed = CiStatus | 'success_with_warnings' | 'ignored';

export interface StatusOfJobs {
  /** Null for no jobs at all. */
  status: CiStatus | null;
  /** A job allowed to fail failed or was canceled: the pipeline or stage "passed with warnings". */
  warnings: boolean;
}

/**
 * GitLab's Status::Composite: the status of a stage or pipeline from its jobs'. A failed or
 * canceled job allowed to fail counts as a success with warnings, a manual job allowed to fail
 * is ignored; with `dag` (the needs of one job) any skipped or ignored need skips it.
 */
export function compositeStatus(
  jobs: ReadonlyArray<{ status: CiStatus; allowFailure: boolean }>,
  options: { dag?: boolean } = {},
): StatusOfJobs {
  const set = new Set<Consumed>();
  for (const job of jobs) {
    if (job.allowFailure && (job.status === 'failed' || job.status === 'canceled'))
      set.add('success_with_warnings');
    else if (job.allowFailure && job.status === 'manual') set.add('ignored');
    else set.add(job.status);
  }
  const warnings = set.has('success_with_warnings');
  if (set.size === 0) return { status: null, warnings };
  const onlyOf = (...names: Consumed[]): boolean => {
    const matching = names.filter((name) => set.has(name)).length;
    return matching > 0 && matching === set.size;
  };
  const anyOf = (...names: Consumed[]): boolean => names.some((name) => set.has(name));
  const status = ((): CiStatus => {
    if (options.dag && anyOf('skipped', 'ignored')) return 'skipped';
    if (onlyOf('skipped', 'ignored')) return 'skipped';
    if (onlyOf('success', 'skipped', 'success_with_warnings', 'ignored')) return 'success';
    if (onlyOf('created', 'success_with_warnings', 'ignored')) return 'created';
    if (onlyOf('preparing', 'success_with_warnings', 'ignored')) return 'preparing';
    if (onlyOf('canceled', 'success', 'skipped', 'success_with_warnings', 'ignored')) return 'canceled';
    if (onlyOf('pending', 'created', 'skipped', 'success_with_warnings', 'ignored')) return 'pending';
    if (anyOf('running', 'pending')) return 'running';
    if (anyOf('waiting_for_resource')) return 'waiting_for_resource';
    if (anyOf('waiting_for_callback')) return 'waiting_for_callback';
    if (anyOf('manual')) return 'manual';
    if (anyOf('scheduled')) return 'scheduled';
    if (anyOf('preparing')) return 'preparing';
    if (anyOf('created')) return 'running';
    if (anyOf('canceling')) return 'canceling';
    return 'failed';
  })();
  return { status, warnings };
}
