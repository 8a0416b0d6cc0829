import type { CiStatus } from './composite';

/** The states `POST /projects/:id/statuses/:sha` takes. */
export const COMMIT_STATUS_STATES = [
  'pending',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
] as const;
export type CommitStatusState = (typeof COMMIT_STATUS_STATES)[number];

/** GitLab's commit status events, named as its state machine names them in errors. */
const EVENTS: Record<CommitStatusState, { event: string; from: readonly CiStatus[] }> = {
  pending: {
    event: 'enqueue',
    from: ['created', 'waiting_for_resource', 'preparing', 'skipped', 'scheduled'],
  },
  running: { event: 'run', from: ['created', 'pending'] },
  success: { event: 'success', from: ['created', 'waiting_for_resource', 'preparing', 'pending', 'running'] },
  failed: {
    event: 'drop',
    from: ['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'manual', 'scheduled'],
  },
  canceled: {
    event: 'cancel',
    from: ['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'manual', 'scheduled'],
  },
  skipped: { event: 'skip', from: ['created', 'waiting_for_resource', 'preparing', 'pending'] },
};

const COMPLETED: readonly CiStatus[] = ['success', 'failed', 'canceled', 'skipped'];

export type CommitStatusMove =
  /** A new job of the external stage (none of that name yet, or the last one finished). */
  | { kind: 'create'; to: CommitStatusState }
  | { kind: 'update'; to: CommitStatusState }
  | { kind: 'refused'; message: string };

/**
 * What a reported state does to the external job of that name: a first report, or one after the
 * last finished, makes a new job (the finished one is kept as retried); otherwise the job moves
 * as GitLab's state machine lets it (`running` is reached through `pending`), or the report is
 * refused with GitLab's words.
 */
export function commitStatusMove(current: CiStatus | null, state: CommitStatusState): CommitStatusMove {
  if (current === null || COMPLETED.includes(current)) return { kind: 'create', to: state };
  const { event, from } = EVENTS[state];
  const reachable = from.includes(current) || (state === 'running' && EVENTS.pending.from.includes(current));
  if (reachable) return { kind: 'update', to: state };
  return {
    kind: 'refused',
    message: `Cannot transition status via :${event} from :${current} (Reason(s): Status cannot transition via "${event}")`,
  };
}
