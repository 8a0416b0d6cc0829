import type { Namespace, Project, SimpleProject } from '../../../shared/api/projects';
import type { Config } from '../../config';
import type { NamespaceRow } from '../namespaces/namespaces.service';
import type { ProjectView } from './projects.service';

type Urls = Pick<Config, 'externalUrl'>;

/** Groups live under `/groups/` in GitLab's URLs; a user's namespace is their profile. */
export const namespaceWebUrl = (namespace: Pick<NamespaceRow, 'kind' | 'fullPath'>, config: Urls) =>
  namespace.kind === 'group'
    ? `${config.externalUrl}/groups/${namespace.fullPath}`
    : `${config.externalUrl}/${namespace.fullPath}`;

export function presentNamespace(namespace: NamespaceRow, config: Urls): Namespace {
  return {
    id: namespace.id,
    name: namespace.name,
    path: namespace.path,
    kind: namespace.kind,
    full_path: namespace.fullPath,
    parent_id: namespace.parentId,
    avatar_url: null,
    web_url: namespaceWebUrl(namespace, config),
  };
}

/** GitLab's BasicProjectDetails (`simple=true`). */
export function presentSimpleProject(view: ProjectView, config: Urls): SimpleProject {
  const { project } = view;
  const webUrl = `${config.externalUrl}/${view.fullPath}`;
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: `${view.namespaceFullName} / ${project.name}`,
    path: project.path,
    path_with_namespace: view.fullPath,
    created_at: project.createdAt.toISOString(),
    default_branch: project.defaultBranch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: null,
    http_url_to_repo: `${webUrl}.git`,
    web_url: webUrl,
    readme_url: view.readmePath ? `${webUrl}/-/blob/${project.defaultBranch}/${view.readmePath}` : null,
    avatar_url: null,
    forks_count: 0,
    star_count: 0,
    last_activity_at: project.lastActivityAt.toISOString(),
    namespace: presentNamespace(view.namespace, config),
  };
}

const access = (level: number) => (level > 0 ? { access_level: level, notification_level: 3 } : null);

/** GitLab's project entity with the actor's `permissions` and merge settings. */
export function presentProject(view: ProjectView, config: Urls): Project {
  const { project } = view;
  const self = `${config.externalUrl}/api/v4/projects/${project.id}`;
  return {
    ...presentSimpleProject(view, config),
    visibility: project.visibility,
    archived: project.archived,
    creator_id: project.creatorId,
    empty_repo: view.emptyRepo,
    open_issues_count: 0,
    merge_method: project.mergeMethod,
    squash_option: project.squashOption,
    only_allow_merge_if_pipeline_succeeds: project.onlyAllowMergeIfPipelineSucceeds,
    allow_merge_on_skipped_pipeline: project.allowMergeOnSkippedPipeline,
    only_allow_merge_if_all_discussions_are_resolved: project.onlyAllowMergeIfAllDiscussionsAreResolved,
    merge_trains_enabled: project.mergeTrainsEnabled,
    merge_trains_skip_train_allowed: project.mergeTrainsSkipTrainAllowed,
    merge_pipelines_enabled: project.mergePipelinesEnabled,
    auto_cancel_pending_pipelines: project.autoCancelPendingPipelines,
    build_timeout: project.buildTimeout,
    ci_config_path: project.ciConfigPath,
    remove_source_branch_after_merge: project.removeSourceBranchAfterMerge,
    merge_commit_template: project.mergeCommitTemplate,
    squash_commit_template: project.squashCommitTemplate,
    merge_request_title_regex: project.mergeRequestTitleRegex,
    merge_request_title_regex_description: project.mergeRequestTitleRegexDescription,
    permissions: { project_access: access(view.projectAccess), group_access: access(view.groupAccess) },
    _links: {
      self,
      merge_requests: `${self}/merge_requests`,
      repo_branches: `${self}/repository/branches`,
      members: `${self}/members`,
    },
  };
}
