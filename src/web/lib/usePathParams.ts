import { useParams } from 'react-router';

/** URL parameters `p0`..`p4` (or `g0`.., any prefix) of a nested route, joined back into a full path. */
export function usePathParams(prefix: string, depth: number): string {
  const params = useParams();
  return Array.from({ length: depth }, (_, i) => params[`${prefix}${i}`])
    .filter((part): part is string => Boolean(part))
    .join('/');
}
