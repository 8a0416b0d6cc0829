import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { PipelinePageItem } from '../../../shared/api/pipelinePages';
import { pipelineEventTypeName } from '../../../shared/ci/views/pipelineTypes';
import { pipelinePage, commitPage } from '../pipelines/pipelinePaths';
import { usePipelines } from '../pipelines/queries';
import { PipelineBox, type SectionPipeline } from './PipelineSection';

/**
 * The post-merge pipeline section (spec 000 section 2): after the merge, the pipeline of the
 * commit that landed on the target branch, as the pipeline section shows one; nothing until one
 * runs there. It is polled with the list's pipeline polling, so it appears and moves on its own.
 */
export function PostMergePipelineSection({
  cached,
  onPipelineAction,
}: {
  cached: CachedWidget;
  onPipelineAction: () => void;
}) {
  const sha = cached.merged_commit_sha;
  if (cached.state !== 'merged' || !sha) return null;
  return <PostMergePipeline cached={cached} sha={sha} onPipelineAction={onPipelineAction} />;
}

function PostMergePipeline({
  cached,
  sha,
  onPipelineAction,
}: {
  cached: CachedWidget;
  sha: string;
  onPipelineAction: () => void;
}) {
  const fullPath = cached.target_project_full_path;
  const list = usePipelines(fullPath, 1, { ref: cached.target_branch, sha }, 1);
  const pipeline = list.data?.pipelines[0];
  if (!pipeline) return null;
  return (
    <PipelineBox
      label="Post-merge pipeline"
      fullPath={fullPath}
      pipeline={fromListItem(fullPath, pipeline)}
      targetBranch={null}
      onPipelineAction={onPipelineAction}
    />
  );
}

const fromListItem = (fullPath: string, pipeline: PipelinePageItem): SectionPipeline => ({
  id: pipeline.id,
  path: pipelinePage(fullPath, pipeline.id),
  status: pipeline.detailed_status,
  // A pipeline of the target branch is a branch pipeline.
  eventTypeName: pipelineEventTypeName(null),
  mergeRequestEventType: null,
  mergeTrainPipeline: false,
  commit: { short_id: pipeline.sha.slice(0, 8), commit_path: commitPage(fullPath, pipeline.sha) },
  branch: pipeline.ref,
  finishedAt: pipeline.finished_at,
  coverage: pipeline.coverage,
  stages: pipeline.stages,
  upstream: null,
  downstream: [],
});
