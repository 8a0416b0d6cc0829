/** The widget's fixed texts, word for word from the spec's error catalogue (§8) and §5-§6. */
export const WIDGET_LOAD_FAILED = 'Unable to load the merge request widget. Try reloading the page.';
/** Status check, cancel auto-merge, remove branch, merge request and actions-content failures. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
export const ENVIRONMENTS_FETCH_FAILED =
  'Something went wrong while fetching the environments for this merge request. Please try again.';
export const ENVIRONMENT_STOP_FAILED =
  'Something went wrong while stopping this environment. Please try again.';
/** Also for re-deploy. */
export const ENVIRONMENT_DEPLOY_FAILED =
  'Something went wrong while deploying this environment. Please try again.';
export const SOURCE_BRANCH_DELETE_FAILED =
  'Something went wrong while deleting the source branch. Please try again.';
export const REBASE_FAILED = 'Failed to rebase. Please try again.';
export const RUN_PIPELINE_FAILED =
  'An error occurred while trying to run a new pipeline for this merge request.';
export const RUN_PIPELINE_FORBIDDEN = 'You do not have permission to run a pipeline on this branch.';
export const REOPEN_FAILED = 'An error occurred. Unable to reopen this merge request.';
export const PIPELINE_STATUS_FAILED =
  'Could not retrieve the pipeline status. For troubleshooting steps, read the documentation.';
export const MERGE_FAILED = 'Merge failed.';
export const AUTO_MERGE_FAILED = 'This merge request failed to be merged automatically';
export const ARCHIVED = 'Merge unavailable: merge requests are read-only on archived projects.';
export const GEO_SECONDARY_NODE = 'Merge unavailable: merge requests are read-only in a secondary Geo node.';
export const DENIED_LICENSES = 'Merge blocked: denied licenses must be removed.';
export const SHA_MISMATCH =
  'Merge blocked: to see new changes and rerun this merge check, refresh this page.';
export const SHA_MISMATCH_ACTION = 'Review changes';
export const NOTHING_TO_MERGE = 'Merge request contains no changes';
export const PREPARING = 'Your merge request is almost ready!';
export const RETARGETED_RUN_PIPELINE =
  'You should run a new pipeline, because the target branch has changed for this merge request.';
export const PIPELINE_MUST_RUN = 'A CI/CD pipeline must run and be successful before merge.';
export const REFRESH_NOW = 'Refresh now';
export const BRANCH_DELETED_RESPONSE = 'Branch was deleted';
export const COLLABORATION_NOTICE = 'Members who can merge are allowed to add commits.';
export const BRANCH_DELETION_NOTICE = 'A user with write access to the source branch selected this option';
export const MIGRATION_PLAN_LINK = 'Start with migration plan';

export const rebaseScheduled = (branch: string): string => `Scheduled a rebase of branch ${branch}.`;

/** The server's own words are more precise than the generic rebase failure, when it sent some. */
export const rebaseErrorMessage = (serverMessage: string | null | undefined): string =>
  serverMessage?.trim() ? serverMessage : REBASE_FAILED;

/** A 403 means the user lacks the permission; any other failure gets the generic words. */
export const runPipelineErrorMessage = (httpStatus: number | null): string =>
  httpStatus === 403 ? RUN_PIPELINE_FORBIDDEN : RUN_PIPELINE_FAILED;
