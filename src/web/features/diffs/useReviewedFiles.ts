import { useCallback, useState } from 'react';
import { parseReviewed, reviewedStorageKey, serializeReviewed, toggleReviewed } from './reviewedFiles';

/** The files marked reviewed on this merge request, kept in local storage. */
export function useReviewedFiles(fullPath: string, iid: number) {
  const key = reviewedStorageKey(fullPath, iid);
  const [reviewed, setReviewed] = useState(() => parseReviewed(localStorage.getItem(key)));
  const setFileReviewed = useCallback(
    (fileHash: string, value: boolean) => {
      setReviewed((current) => {
        const next = toggleReviewed(current, fileHash, value);
        localStorage.setItem(key, serializeReviewed(next));
        return next;
      });
    },
    [key],
  );
  return [reviewed, setFileReviewed] as const;
}
