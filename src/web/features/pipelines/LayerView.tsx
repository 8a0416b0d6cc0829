import { useMemo, useState } from 'react';
import { highlightedJobs, jobLinks, needsAncestry } from '../../../shared/ci/views/jobLinks';
import { JobItem, type GraphJob, type JobItemActions, type JobItemStatus } from './JobItem';
import { LinksLayer } from './LinksLayer';

type LayeredGraphJob = GraphJob & { needs: string[] };

/**
 * The graph grouped by job dependencies (GitLab's layer view): a column per layer of needs, with
 * no stage names, and, when `drawLinks`, the links from each needed job to the job that needs it.
 * With links drawn, a hover (or the focus) on a job highlights its needs chain and fades the rest.
 */
export function LayerView({
  fullPath,
  jobs: layered,
  layers,
  drawLinks,
  statuses,
  actions,
}: {
  fullPath: string;
  /** The graph's jobs, each with the names of the jobs it needs. */
  jobs: readonly LayeredGraphJob[];
  /** Those jobs in their columns (useGraphLayers). */
  layers: readonly (readonly LayeredGraphJob[])[];
  drawLinks: boolean;
  statuses?: ReadonlyMap<number, JobItemStatus>;
  actions?: JobItemActions;
}) {
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
