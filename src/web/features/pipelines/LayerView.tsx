import { useMemo, useState } from 'react';
import { highlightedJobs, jobLinks, needsAncestry } from '../../../shared/ci/views/jobLinks';
import { needsLayers } from '../../../shared/ci/views/needsLayers';
import { JobItem, type GraphJob, type JobItemActions, type JobItemStatus } from './JobItem';
import { LinksLayer } from './LinksLayer';

/**
 * The graph grouped by job dependencies (GitLab's layer view): a column per layer of needs, with
 * no stage names, and, when `drawLinks`, the links from each needed job to the job that needs it.
 * With links drawn, a hover (or the focus) on a job highlights its needs chain and fades the rest.
 */
export function LayerView({
  fullPath,
  jobs,
  needs,
  drawLinks,
  statuses,
  actions,
}: {
  fullPath: string;
  jobs: readonly GraphJob[];
  needs: ReadonlyMap<string, string[]>;
  drawLinks: boolean;
  statuses?: ReadonlyMap<number, JobItemStatus>;
  actions?: JobItemActions;
}) {
  const layered = useMemo(
    () => jobs.map((job) => ({ ...job, needs: needs.get(job.name) ?? [] })),
    [jobs, needs],
  );
  const layers = useMemo(() => needsLayers(layered), [layered]);
  const links = useMemo(() => jobLinks(layered), [layered]);
  const ancestors = useMemo(() => needsAncestry(layered), [layered]);
  const [hovered, setHovered] = useState('');
  const highlighted = useMemo(
    () => (drawLinks && hovered ? highlightedJobs(ancestors, hovered) : null),
    [drawLinks, hovered, ancestors],
  );
  // As GitLab: a job that needs nothing lights its own links only, and fades no other job.
  const fading = highlighted !== null && highlighted.size > 1;
  return (
    <LinksLayer
      links={links}
      drawn={drawLinks}
      highlighted={highlighted}
      onHoverJob={setHovered}
      columns={layers}
    >
      {layers.map((layer, index) => (
        <section key={index} className="ci-graph__stage" aria-label={`Layer ${index + 1}`}>
          <ul className="ci-graph__jobs">
            {layer.map((job) => (
              <JobItem
                key={job.id}
                fullPath={fullPath}
                job={job}
                status={statuses?.get(job.id)}
                actions={actions}
                faded={fading && !highlighted.has(job.name)}
              />
            ))}
          </ul>
        </section>
      ))}
    </LinksLayer>
  );
}
