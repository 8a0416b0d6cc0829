import { ClockIcon } from '@primer/octicons-react';
import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, remainingTime } from '../../../shared/ci/delayedCountdown';

/** The time now, again every second while shown. */
function useSecondClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A delayed job's time left before it starts, ticking every second. */
export function DelayedCountdown({ scheduledAt }: { scheduledAt: string }) {
  const now = useSecondClock();
  return (
    <span className="ci-countdown" title={new Date(scheduledAt).toLocaleString()}>
      <ClockIcon size={14} />{' '}
      <span className="ci-countdown__time">{remainingTime(new Date(scheduledAt), now)}</span>
    </span>
  );
}

/** The job's `scheduled_at` while it waits as a delayed job; null otherwise. */
export const delayedUntil = (job: { status: string; scheduled_at?: string | null }): string | null =>
  job.status === 'scheduled' ? (job.scheduled_at ?? null) : null;
