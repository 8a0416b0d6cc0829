import { can, type Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import { listDownstreamOf, type LinkedPipeline } from './downstream.repo';
import type { JobsService } from './jobs.service';

type Deps = {
  db: Db;
  projects: Pick<ProjectsService, 'loadProject'>;
  ciJobs: Pick<JobsService, 'listForPipeline'>;
};

/**
 * Which of these linked pipelines the actor may see: those of projects whose pipelines they may
 * read (a downstream project of someone else's stays unnamed).
 */
export async function visibleLinked(
  projects: Deps['projects'],
  actor: Actor,
  linked: LinkedPipeline[],
): Promise<LinkedPipeline[]> {
  const readable = new Map<number, boolean>();
  for (const projectId of new Set(linked.map((item) => item.project.id))) {
    // A project the actor cannot see (loadProject throws) shows its pipelines as unreadable.
    const ctx = await projects.loadProject(actor, projectId).catch(() => null);
    readable.set(projectId, ctx !== null && can(actor, 'read_pipeline', projectSubject(ctx)));
  }
  return linked.filter((item) => readable.get(item.project.id));
}

/** `GET /projects/:id/pipelines/:pipeline_id/bridges`: a pipeline's trigger jobs with their downstream pipelines. */
export function createBridgesService({ db, projects, ciJobs }: Deps) {
  async function listForPipeline(
    actor: Actor,
    projectRef: string,
    pipelineId: number,
    filters: { scope?: string[] },
    page: { offset: number; limit: number },
  ) {
    const result = await ciJobs.listForPipeline(
      actor,
      projectRef,
      pipelineId,
      { ...filters, includeRetried: false, kind: 'bridge' },
      page,
    );
    const downstream = await visibleLinked(
      projects,
      actor,
      await listDownstreamOf(
        db,
        result.jobs.map((job) => job.build.id),
      ),
    );
    const bySourceJob = new Map(downstream.map((item) => [item.pipeline.sourceJobId!, item]));
    return {
      ...result,
      bridges: result.jobs.map((job) => ({ job, downstream: bySourceJob.get(job.build.id) ?? null })),
    };
  }

  return { listForPipeline };
}

export type BridgesService = ReturnType<typeof createBridgesService>;
