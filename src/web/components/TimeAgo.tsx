import { useCallback, useSyncExternalStore } from 'react';
import { fullDateTime, timeAgo } from '../../shared/time/timeAgo';

/** How often the words are brought up to date: "now" becomes "10 seconds ago" within this. */
const TICK_MS = 10_000;

// One clock for every time on the page, running while any is shown.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * A `<time>` saying how long ago `date` was, with the full date on hover. Primer's `RelativeTime`
 * does the same with a custom element (a shadow root and its own update each); a busy Overview
 * shows two thousand of these, so here they are plain elements and one clock re-renders only
 * those whose words changed; the title is set on hover.
 */
export function TimeAgo({ date }: { date: string }) {
  const words = useCallback(() => timeAgo(new Date(date), new Date()), [date]);
  // Rendered outside a browser (component tests), the words are those of the moment.
  const text = useSyncExternalStore(subscribe, words, words);
  // The full date is worded when the pointer comes, not for every time on the page.
  return (
    <time
      dateTime={date}
      onPointerEnter={(event) => (event.currentTarget.title = fullDateTime(new Date(date)))}
    >
      {text}
    </time>
  );
}
