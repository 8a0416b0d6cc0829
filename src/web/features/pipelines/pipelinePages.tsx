import type { ReactNode } from 'react';
import { lazyComponent } from '../../components/lazyComponent';
import { ProjectLayout } from '../projects/ProjectLayout';
import type { ProjectPage } from '../projects/projectRoutes';

const PipelinesListPage = lazyComponent(() => import('./PipelinesListPage').then((m) => m.PipelinesListPage));
const RunPipelinePage = lazyComponent(() => import('./RunPipelinePage').then((m) => m.RunPipelinePage));
const PipelinePage = lazyComponent(() => import('./PipelinePage').then((m) => m.PipelinePage));
const JobPage = lazyComponent(() => import('./JobPage').then((m) => m.JobPage));
const ArtifactsBrowsePage = lazyComponent(() =>
  import('./ArtifactsBrowsePage').then((m) => m.ArtifactsBrowsePage),
);
const PipelineSchedulesPage = lazyComponent(() =>
  import('./PipelineSchedulesPage').then((m) => m.PipelineSchedulesPage),
);
const PipelineScheduleFormPage = lazyComponent(() =>
  import('./PipelineScheduleFormPage').then((m) => m.PipelineScheduleFormPage),
);

const page = (path: string, element: ReactNode): ProjectPage => ({
  path,
  element: <ProjectLayout>{element}</ProjectLayout>,
});

/** CI pages under a project, at GitLab's paths after `/-/`. */
export const pipelinePages: ProjectPage[] = [
  page('pipelines', <PipelinesListPage />),
  page('pipelines/new', <RunPipelinePage />),
  page('pipelines/:id', <PipelinePage tab="graph" />),
  page('pipelines/:id/builds', <PipelinePage tab="builds" />),
  page('pipelines/:id/failures', <PipelinePage tab="failures" />),
  page('pipelines/:id/test_report', <PipelinePage tab="test_report" />),
  page('pipelines/:id/manual_variables', <PipelinePage tab="manual_variables" />),
  page('jobs/:id', <JobPage />),
  page('jobs/:id/artifacts/browse/*', <ArtifactsBrowsePage />),
  page('pipeline_schedules', <PipelineSchedulesPage />),
  page('pipeline_schedules/new', <PipelineScheduleFormPage />),
  page('pipeline_schedules/:id/edit', <PipelineScheduleFormPage />),
];
