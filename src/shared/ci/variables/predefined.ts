import type { PipelineSource } from '../types';
import type { CiVariable } from './collection';

/** What the server knows of a pipeline when it builds GitLab's predefined variables. */
export interface PredefinedContext {
  server: { url: string; name?: string; version?: string };
  project: {
    id: number;
    name: string;
    title?: string;
    description?: string | null;
    fullPath: string;
    namespace: string;
    namespaceId?: number;
    rootNamespace?: string;
    visibility: 'private' | 'internal' | 'public';
    defaultBranch: string;
    ciConfigPath?: string;
  };
  pipeline: {
    id?: number;
    iid?: number;
    source: PipelineSource;
    createdAt?: string;
    name?: string;
    ref: string;
    tag: boolean;
    sha: string;
    beforeSha?: string | null;
    protectedRef?: boolean;
    commit: { message: string; timestamp: string; authorName: string; authorEmail: string };
    tagMessage?: string;
  };
  mergeRequest?: {
    id: number;
    iid: number;
    title: string;
    sourceBranch: string;
    targetBranch: string;
    sourceBranchSha: string;
    targetBranchSha: string;
    diffBaseSha?: string;
    eventType: 'detached' | 'merged_result' | 'merge_train';
    labels: string[];
    assignees?: string[];
    draft?: boolean;
    sourceProject?: { id: number; fullPath: string };
  };
  user?: { id: number; login: string; email: string; name: string };
}

const BLANK_SHA = '0000000000000000000000000000000000000000';

/** GitLab's `slugify`: lower-cased, anything but a-z0-9 as `-`, at most 63 characters, no `-` at the ends. */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');

/**
 * GitLab's predefined variables of a pipeline, in GitLab's order (server, project, pipeline,
 * commit, tag, merge request, user). Runner variables (CI_RUNNER_*, CI_PROJECT_DIR,
 * CI_BUILDS_DIR) are the runner's to add; there is no container registry, so no CI_REGISTRY.
 */
export function pipelinePredefinedVariables(context: PredefinedContext): CiVariable[] {
  const { server, project, pipeline, mergeRequest, user } = context;
  const serverUrl = new URL(server.url);
  const projectUrl = `${server.url.replace(/\/$/, '')}/${project.fullPath}`;
  const variables: Array<readonly [string, string | undefined]> = [
    ['CI', 'true'],
    ['GITLAB_CI', 'true'],
    ['CI_SERVER_FQDN', serverUrl.hostname],
    ['CI_SERVER_URL', server.url.replace(/\/$/, '')],
    ['CI_SERVER_HOST', serverUrl.hostname],
    ['CI_SERVER_PORT', serverUrl.port || (serverUrl.protocol === 'https:' ? '443' : '80')],
    ['CI_SERVER_PROTOCOL', serverUrl.protocol.replace(':', '')],
    ['CI_SERVER_NAME', server.name ?? 'GitLab'],
    ['CI_SERVER_VERSION', server.version],
    ['CI_PROJECT_ID', String(project.id)],
    ['CI_PROJECT_NAME', project.name],
    ['CI_PROJECT_TITLE', project.title ?? project.name],
    ['CI_PROJECT_DESCRIPTION', project.description ?? ''],
    ['CI_PROJECT_PATH', project.fullPath],
    ['CI_PROJECT_PATH_SLUG', slugify(project.fullPath)],
    ['CI_PROJECT_NAMESPACE', project.namespace],
    ['CI_PROJECT_NAMESPACE_SLUG', slugify(project.namespace)],
    ['CI_PROJECT_NAMESPACE_ID', project.namespaceId === undefined ? undefined : String(project.namespaceId)],
    ['CI_PROJECT_ROOT_NAMESPACE', project.rootNamespace ?? project.namespace.split('/')[0]],
    ['CI_PROJECT_URL', projectUrl],
    ['CI_PROJECT_VISIBILITY', project.visibility],
    ['CI_DEFAULT_BRANCH', project.defaultBranch],
    ['CI_CONFIG_PATH', project.ciConfigPath ?? '.gitlab-ci.yml'],
    ['CI_API_V4_URL', `${server.url.replace(/\/$/, '')}/api/v4`],
    ['CI_API_GRAPHQL_URL', `${server.url.replace(/\/$/, '')}/api/graphql`],
    ['CI_PIPELINE_ID', pipeline.id === undefined ? undefined : String(pipeline.id)],
    ['CI_PIPELINE_URL', pipeline.id === undefined ? undefined : `${projectUrl}/-/pipelines/${pipeline.id}`],
    ['CI_PIPELINE_IID', pipeline.iid === undefined ? undefined : String(pipeline.iid)],
    ['CI_PIPELINE_SOURCE', pipeline.source],
    ['CI_PIPELINE_CREATED_AT', pipeline.createdAt],
    ['CI_PIPELINE_NAME', pipeline.name],
    ...commitVariables(context),
    ...(pipeline.tag
      ? ([
          ['CI_COMMIT_TAG', pipeline.ref],
          ['CI_COMMIT_TAG_MESSAGE', pipeline.tagMessage ?? ''],
        ] as const)
      : []),
    ...(mergeRequest ? mergeRequestVariables(context) : []),
    ...(user
      ? ([
          ['GITLAB_USER_ID', String(user.id)],
          ['GITLAB_USER_EMAIL', user.email],
          ['GITLAB_USER_LOGIN', user.login],
          ['GITLAB_USER_NAME', user.name],
        ] as const)
      : []),
  ];
  return variables
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ({ key, value }));
}

function commitVariables({ pipeline, mergeRequest }: PredefinedContext): Array<[string, string | undefined]> {
  const refName = mergeRequest ? mergeRequest.sourceBranch : pipeline.ref;
  const [title = '', ...rest] = pipeline.commit.message.split('\n');
  return [
    ['CI_COMMIT_SHA', pipeline.sha],
    ['CI_COMMIT_SHORT_SHA', pipeline.sha.slice(0, 8)],
    ['CI_COMMIT_BEFORE_SHA', pipeline.beforeSha ?? BLANK_SHA],
    ['CI_COMMIT_REF_NAME', refName],
    ['CI_COMMIT_REF_SLUG', slugify(refName)],
    ['CI_COMMIT_BRANCH', !pipeline.tag && !mergeRequest ? pipeline.ref : undefined],
    ['CI_COMMIT_MESSAGE', pipeline.commit.message],
    ['CI_COMMIT_MESSAGE_IS_TRUNCATED', 'false'],
    ['CI_COMMIT_TITLE', title],
    ['CI_COMMIT_DESCRIPTION', rest.join('\n').replace(/^\n+/, '')],
    ['CI_COMMIT_REF_PROTECTED', String(pipeline.protectedRef === true)],
    ['CI_COMMIT_TIMESTAMP', pipeline.commit.timestamp],
    ['CI_COMMIT_AUTHOR', `${pipeline.commit.authorName} <${pipeline.commit.authorEmail}>`],
  ];
}

function mergeRequestVariables({
  server,
  project,
  mergeRequest,
}: PredefinedContext): Array<[string, string | undefined]> {
  const request = mergeRequest!;
  const projectUrl = `${server.url.replace(/\/$/, '')}/${project.fullPath}`;
  const source = request.sourceProject ?? { id: project.id, fullPath: project.fullPath };
  return [
    ['CI_MERGE_REQUEST_EVENT_TYPE', request.eventType],
    ['CI_MERGE_REQUEST_SOURCE_BRANCH_SHA', request.eventType === 'detached' ? '' : request.sourceBranchSha],
    ['CI_MERGE_REQUEST_TARGET_BRANCH_SHA', request.eventType === 'detached' ? '' : request.targetBranchSha],
    ['CI_MERGE_REQUEST_DIFF_BASE_SHA', request.diffBaseSha],
    ['CI_MERGE_REQUEST_ID', String(request.id)],
    ['CI_MERGE_REQUEST_IID', String(request.iid)],
    ['CI_MERGE_REQUEST_REF_PATH', `refs/merge-requests/${request.iid}/head`],
    ['CI_MERGE_REQUEST_PROJECT_ID', String(project.id)],
    ['CI_MERGE_REQUEST_PROJECT_PATH', project.fullPath],
    ['CI_MERGE_REQUEST_PROJECT_URL', projectUrl],
    ['CI_MERGE_REQUEST_TARGET_BRANCH_NAME', request.targetBranch],
    ['CI_MERGE_REQUEST_TITLE', request.title],
    ['CI_MERGE_REQUEST_DRAFT', String(request.draft === true)],
    ['CI_MERGE_REQUEST_ASSIGNEES', request.assignees?.length ? request.assignees.join(',') : undefined],
    ['CI_MERGE_REQUEST_LABELS', request.labels.length ? request.labels.join(',') : undefined],
    ['CI_MERGE_REQUEST_SOURCE_PROJECT_ID', String(source.id)],
    ['CI_MERGE_REQUEST_SOURCE_PROJECT_PATH', source.fullPath],
    ['CI_MERGE_REQUEST_SOURCE_PROJECT_URL', `${server.url.replace(/\/$/, '')}/${source.fullPath}`],
    ['CI_MERGE_REQUEST_SOURCE_BRANCH_NAME', request.sourceBranch],
  ];
}

/** GitLab's `Gitlab::Utils::Job.group_name`: `test 1/3` and `test: [a, b]` are the group `test`. */
export const jobGroupName = (name: string): string =>
  name.replace(/([\s:]+((\[.*\])|(\d+[\s:/\\]+\d+))){1,3}\s*$/, '').trim();

/** The variables GitLab gives a job from its own attributes, before its YAML variables. */
export function jobPredefinedVariables(job: {
  name: string;
  stage: string;
  when: string;
  parallel?: { total: number; instance: number };
  environment?: { name: string; action: string; url?: string; deploymentTier?: string };
}): CiVariable[] {
  const variables: Array<readonly [string, string | undefined]> = [
    ['CI_JOB_NAME', job.name],
    ['CI_JOB_NAME_SLUG', slugify(job.name)],
    ['CI_JOB_GROUP_NAME', jobGroupName(job.name)],
    ['CI_JOB_STAGE', job.stage],
    ['CI_JOB_MANUAL', job.when === 'manual' || job.when === 'delayed' ? 'true' : undefined],
    ['CI_NODE_INDEX', job.parallel ? String(job.parallel.instance) : undefined],
    ['CI_NODE_TOTAL', String(job.parallel?.total ?? 1)],
    ['CI_ENVIRONMENT_NAME', job.environment?.name],
    ['CI_ENVIRONMENT_ACTION', job.environment?.action],
    [
      'CI_ENVIRONMENT_TIER',
      job.environment ? (job.environment.deploymentTier ?? environmentTier(job.environment.name)) : undefined,
    ],
    ['CI_ENVIRONMENT_URL', job.environment?.url],
  ];
  return variables
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ({ key, value }));
}

/** GitLab's guess of an environment's tier from its name. */
function environmentTier(name: string): string {
  if (/(dev|review|trunk)/i.test(name)) return 'development';
  if (/(test|tst|int|ac(ce|)pt|qa|qc|control|quality)/i.test(name)) return 'testing';
  if (/(st(a|)g|mod(e|)l|pre|demo|non)/i.test(name)) return 'staging';
  if (/(pr(o|)d|live)/i.test(name)) return 'production';
  return 'other';
}

/** The variables a job has once it exists and runs: its id, page, token (masked) and start. */
export function runningJobVariables(job: {
  id: number;
  url: string;
  token: string;
  startedAt?: string;
  repositoryUrl?: string;
}): CiVariable[] {
  return [
    { key: 'CI_JOB_ID', value: String(job.id) },
    { key: 'CI_JOB_URL', value: job.url },
    { key: 'CI_JOB_TOKEN', value: job.token, public: false, masked: true },
    ...(job.startedAt ? [{ key: 'CI_JOB_STARTED_AT', value: job.startedAt }] : []),
    ...(job.repositoryUrl ? [{ key: 'CI_REPOSITORY_URL', value: job.repositoryUrl, public: false }] : []),
  ];
}
