import type { RunnerJson, RunnerRegistrationDetails } from '../../../shared/api/runners';
import { runnerStatus } from '../../../shared/ci/runnerStatus';
import type { RunnerRow } from './runners.repo';

/** GitLab's RunnerRegistrationDetails: where the runner's token is shown. */
export const presentRegistrationDetails = (runner: RunnerRow, token: string): RunnerRegistrationDetails => ({
  id: runner.id,
  token,
  token_expires_at: runner.tokenExpiresAt?.toISOString() ?? null,
});

/** GitLab's Runner entity. */
export function presentRunner(runner: RunnerRow, now: Date): RunnerJson {
  const { status, online } = runnerStatus(runner, now);
  return {
    id: runner.id,
    description: runner.description,
    ip_address: runner.ipAddress,
    active: !runner.paused,
    paused: runner.paused,
    is_shared: runner.runnerType === 'instance_type',
    runner_type: runner.runnerType,
    name: runner.name,
    online,
    status,
  };
}
