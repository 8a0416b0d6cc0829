/** A job as the "Job dependencies" view lays it out: its name and the jobs it waits for. */
export type LayeredJob = { name: string; needs: readonly string[] };

/**
 * The pipeline graph grouped by job dependencies (GitLab's listByLayers): a job that waits for
 * nothing stands in the first column, any other one column after the last of the jobs it waits
 * for. `needs` are the job's `needs:`, or, for a job without them, the jobs of the stage before
 * (GraphQL's `previousStageJobsOrNeeds`). A name no job has is left out; a cycle (which a valid
 * configuration never has) is cut where it closes. Jobs keep their order within a column.
 */
export function needsLayers<T extends LayeredJob>(jobs: readonly T[]): T[][] {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const layerOf = (job: T): number => {
    const known = depth.get(job.name);
    if (known !== undefined) return known;
    visiting.add(job.name);
    let layer = 0;
    for (const name of job.needs) {
      const needed = byName.get(name);
      if (!needed || visiting.has(name)) continue;
      layer = Math.max(layer, layerOf(needed) + 1);
    }
    visiting.delete(job.name);
    depth.set(job.name, layer);
    return layer;
  };
  const layers: T[][] = [];
  for (const job of jobs) (layers[layerOf(job)] ??= []).push(job);
  return layers.filter((layer) => layer !== undefined);
}
