import { useState } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { isCancelledRequest } from '../../../shared/ci/views/pipelineErrors';
import { LoadState } from '../repository/LoadState';
import { NO_PIPELINES } from './PipelinesEmptyState';
import { PipelinesTable } from './PipelinesTable';
import { RunMergeRequestPipeline } from './RunMergeRequestPipeline';
import { PIPELINES_PAGE_SIZE, usePipelines } from './queries';
import './pipelines.css';

/**
 * A merge request's Pipelines tab: "Run pipeline" (a new merge request pipeline), then its own
 * pipelines and those of its source branch, newest first, with the list's rows.
 */
export function MergeRequestPipelines({
  fullPath,
  iid,
  sourceBranch,
}: {
  fullPath: string;
  iid: number;
  sourceBranch: string;
}) {
  const [page, setPage] = useState(1);
  const list = usePipelines(fullPath, page, { ref: sourceBranch, merge_request_iid: iid });
  const run = <RunMergeRequestPipeline fullPath={fullPath} iid={iid} />;
  // A poll cancelled because a newer read replaced it is no failure (GitLab's CANCEL_REQUEST).
  if (!list.data)
    return <LoadState error={isCancelledRequest(list.error) ? null : list.error} what="pipelines" />;
  if (list.data.count === 0)
    return (
      <div className="stack">
        {run}
        <div className="box blankslate">
          <p>{NO_PIPELINES}</p>
        </div>
      </div>
    );
  return (
    <div className="stack">
      {run}
      <PipelinesTable fullPath={fullPath} pipelines={list.data.pipelines} />
      <ListPagination
        total={list.data.count}
        perPage={PIPELINES_PAGE_SIZE}
        page={page}
        hrefFor={(n) => `?page=${n}`}
        onPage={setPage}
      />
    </div>
  );
}
