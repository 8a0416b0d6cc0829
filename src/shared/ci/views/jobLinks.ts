import type { LayeredJob } from './needsLayers';

/** A link of the "Job dependencies" view: from a needed job (`source`) to the job that needs it. */
export type JobLink = { source: string; target: string };

/** A job item's box, relative to the links layer's top left corner. */
export type LinkRect = { left: number; top: number; right: number; bottom: number };

/**
 * Above this many job items GitLab's links layer stopped drawing links until asked ("Show links
 * anyways"): drawing them may have performance implications.
 */
export const MAX_GROUPS = 200;

/** Whether the links are drawn without asking: fewer job items than {@link MAX_GROUPS}. */
export function linksShownByDefault(jobCount: number): boolean {
  return jobCount < MAX_GROUPS;
}

/**
 * For each job, every job it needs, transitively (GitLab's job needs dictionary): what a hover on
 * it highlights. Computed on demand and remembered; a name no job has is left out, a cycle (which a
 * valid configuration never has) is cut where it closes.
 */
export function needsAncestry(jobs: readonly LayeredJob[]): (name: string) => ReadonlySet<string> {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const known = new Map<string, ReadonlySet<string>>();
  const visiting = new Set<string>();
  const ancestors = (name: string): ReadonlySet<string> => {
    const done = known.get(name);
    if (done) return done;
    const all = new Set<string>();
    visiting.add(name);
    for (const need of byName.get(name)?.needs ?? []) {
      if (!byName.has(need) || visiting.has(need)) continue;
      all.add(need);
      for (const further of ancestors(need)) all.add(further);
    }
    visiting.delete(name);
    known.set(name, all);
    return all;
  };
  return ancestors;
}

/**
 * The links to draw (GitLab's parsed links): one from each needed job to the job that needs it,
 * once, and none that a longer path already shows: when `e2e` needs `compile` and `unit`, and
 * `unit` needs `compile`, only `compile -> unit -> e2e` is drawn. Needs of jobs not in the graph
 * (optional needs) draw nothing.
 */
export function jobLinks(jobs: readonly LayeredJob[]): JobLink[] {
  const names = new Set(jobs.map((job) => job.name));
  const ancestors = needsAncestry(jobs);
  const links: JobLink[] = [];
  for (const job of jobs) {
    const needs = [...new Set(job.needs)].filter((need) => names.has(need) && need !== job.name);
    for (const source of needs) {
      const implied = needs.some((other) => other !== source && ancestors(other).has(source));
      if (!implied) links.push({ source, target: job.name });
    }
  }
  return links;
}

/** What a hover on `name` highlights: the job and every job it needs, transitively. */
export function highlightedJobs(
  ancestors: (name: string) => ReadonlySet<string>,
  name: string,
): ReadonlySet<string> {
  return new Set([name, ...ancestors(name)]);
}

/** Whether a link is on the highlighted needs chain: both its ends are highlighted jobs. */
export function isLinkHighlighted(link: JobLink, highlighted: ReadonlySet<string>): boolean {
  return highlighted.has(link.source) && highlighted.has(link.target);
}

/** How wide the curve that ends a link is; before it the link runs straight, behind the jobs. */
export const LINK_CURVE_WIDTH = 48;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The SVG path of a link: from the middle of the needed job's right edge, straight on, then a
 * curve into the middle of the needing job's left edge. Two jobs in one column (stage view) are
 * joined on their left edges by a curve bowing out to the left.
 */
export function linkPath(source: LinkRect, target: LinkRect): string {
  const sameColumn = source.left === target.left;
  const startX = round(sameColumn ? source.left : source.right);
  const startY = round((source.top + source.bottom) / 2);
  const endX = round(target.left);
  const endY = round((target.top + target.bottom) / 2);
  if (startY === endY && !sameColumn) return `M${startX},${startY}L${endX},${endY}`;
  const bendX = sameColumn ? endX - LINK_CURVE_WIDTH : Math.max(startX, endX - LINK_CURVE_WIDTH);
  const controlX = round(bendX + (endX - bendX) / 2);
  const straight = bendX > startX ? `L${round(bendX)},${startY}` : '';
  return `M${startX},${startY}${straight}C${controlX},${startY},${controlX},${endY},${endX},${endY}`;
}
