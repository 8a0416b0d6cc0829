import { Flash } from '@primer/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, remainingTime } from './delayedCountdown';
import { pipelineKeys } from './queries';

/** A scheduled job's time left, ticking every second; at zero the job is read again (the server starts it). */
export function DelayedCountdown({
  fullPath,
  jobId,
  scheduledAt,
}: {
  fullPath: string;
  jobId: number;
  scheduledAt: string;
}) {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const left = remainingTime(scheduledAt, now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === '00:00:00')
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.job(fullPath, jobId) });
  }, [left, fullPath, jobId, queryClient]);
  return (
    <Flash className="ci-delayed" role="timer">
      This is a delayed job to run in {left}.
    </Flash>
  );
}
