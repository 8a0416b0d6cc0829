import { SkeletonBox } from '@primer/react';

/** Spec 001 section 2.2: placeholders while the threads load, as many as the page says it holds. */
export function ActivitySkeleton({ count }: { count: number }) {
  return (
    <ul className="activity__list" aria-busy="true" aria-label="Loading activity">
      {Array.from({ length: Math.max(1, count) }, (_, index) => (
        <li key={index} className="note note--skeleton">
          <SkeletonBox width="32px" height="32px" className="note-skeleton__avatar" />
          <div className="note__main">
            <SkeletonBox width="40%" height="12px" />
            <SkeletonBox width="90%" height="12px" />
            <SkeletonBox width="70%" height="12px" />
          </div>
        </li>
      ))}
    </ul>
  );
}
