import type { MergeRequestBlockJson } from '../../../shared/api/mergeRequestBlocks';
import type { Config } from '../../config';
import type { BlockRow } from './blocks.repo';
import { presentMergeRequest } from './merge-requests.presenter';
import type { MergeRequestView } from './merge-requests.service';

export function presentBlock(
  block: BlockRow,
  blocking: MergeRequestView,
  blocked: MergeRequestView,
  config: Pick<Config, 'externalUrl'>,
): MergeRequestBlockJson {
  return {
    id: block.id,
    blocking_merge_request: presentMergeRequest(blocking, config),
    blocked_merge_request: presentMergeRequest(blocked, config),
    project_id: blocking.mergeRequest.projectId,
  };
}
