import type {
  MergeRequestStatusCheckJson,
  StatusCheckJson,
  StatusCheckStatus,
} from '../../../shared/api/statusChecks';
import type { Config } from '../../config';
import type { MergeRequestRecord, MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { StatusCheck } from './status-checks.repo';

type UrlConfig = Pick<Config, 'externalUrl'>;

export function presentStatusCheck(check: StatusCheck): StatusCheckJson {
  return {
    id: check.id,
    name: check.name,
    project_id: check.projectId,
    external_url: check.externalUrl,
    // No shared secrets: we keep none, so requests are never signed.
    hmac: false,
    protected_branches: check.protectedBranches.map((branch) => ({
      id: branch.id,
      project_id: branch.projectId,
      name: branch.name,
      created_at: branch.createdAt.toISOString(),
      updated_at: branch.createdAt.toISOString(),
      code_owner_approval_required: branch.codeOwnerApprovalRequired,
    })),
  };
}

export function presentMergeRequestStatusCheck(entry: {
  check: StatusCheck;
  status: StatusCheckStatus;
}): MergeRequestStatusCheckJson {
  return {
    id: entry.check.id,
    name: entry.check.name,
    external_url: entry.check.externalUrl,
    status: entry.status,
  };
}

const webUrlOf = (fullPath: string, iid: number, config: UrlConfig) =>
  `${config.externalUrl}/${fullPath}/-/merge_requests/${iid}`;

export function presentStatusCheckResponse(
  result: { response: { id: number }; check: StatusCheck; mergeRequest: MergeRequestRow },
  fullPath: string,
  config: UrlConfig,
) {
  const mr = result.mergeRequest;
  return {
    id: result.response.id,
    merge_request: {
      id: mr.id,
      iid: mr.iid,
      project_id: mr.projectId,
      title: mr.title,
      state: mr.state,
      sha: mr.headSha,
      web_url: webUrlOf(fullPath, mr.iid, config),
    },
    external_status_check: presentStatusCheck(result.check),
  };
}

/**
 * What an outside service receives: GitLab's merge request event with the check it is asked
 * for (`external_approval_rule`), so one endpoint can serve several checks.
 */
export function statusCheckPayload(
  input: { record: MergeRequestRecord; check: StatusCheck; sha: string },
  config: UrlConfig,
) {
  const mr = input.record.mergeRequest;
  const projectUrl = `${config.externalUrl}/${input.record.projectFullPath}`;
  return {
    object_kind: 'merge_request',
    event_type: 'merge_request',
    user: input.record.author
      ? { id: input.record.author.id, name: input.record.author.name, username: input.record.author.username }
      : null,
    project: {
      id: mr.projectId,
      path_with_namespace: input.record.projectFullPath,
      web_url: projectUrl,
    },
    object_attributes: {
      id: mr.id,
      iid: mr.iid,
      title: mr.title,
      description: mr.description,
      state: mr.state,
      source_branch: mr.sourceBranch,
      target_branch: mr.targetBranch,
      draft: mr.draft,
      last_commit: { id: input.sha },
      url: webUrlOf(input.record.projectFullPath, mr.iid, config),
    },
    external_approval_rule: {
      id: input.check.id,
      name: input.check.name,
      external_url: input.check.externalUrl,
    },
  };
}
