import { describe, expect, it } from 'vitest';
import * as messages from './messages';
import { rebaseErrorMessage, rebaseScheduled, runPipelineErrorMessage } from './messages';
import { PIPELINE_SUGGESTION_TEXT } from './pipelineSuggestion';

describe('widget texts', () => {
  it.each<[string, string, string]>([
    [
      '§8 widget load failure',
      messages.WIDGET_LOAD_FAILED,
      'Unable to load the merge request widget. Try reloading the page.',
    ],
    ['§8 generic failure', messages.SOMETHING_WENT_WRONG, 'Something went wrong. Please try again.'],
    [
      '§8 environments fetch failure',
      messages.ENVIRONMENTS_FETCH_FAILED,
      'Something went wrong while fetching the environments for this merge request. Please try again.',
    ],
    [
      '§8 environment stop failure',
      messages.ENVIRONMENT_STOP_FAILED,
      'Something went wrong while stopping this environment. Please try again.',
    ],
    [
      '§8 environment deploy failure',
      messages.ENVIRONMENT_DEPLOY_FAILED,
      'Something went wrong while deploying this environment. Please try again.',
    ],
    [
      '§8 source branch delete failure',
      messages.SOURCE_BRANCH_DELETE_FAILED,
      'Something went wrong while deleting the source branch. Please try again.',
    ],
    ['§8 reopen failure', messages.REOPEN_FAILED, 'An error occurred. Unable to reopen this merge request.'],
    [
      '§8 pipeline status failure',
      messages.PIPELINE_STATUS_FAILED,
      'Could not retrieve the pipeline status. For troubleshooting steps, read the documentation.',
    ],
    ['§8 failed-to-merge fallback', messages.MERGE_FAILED, 'Merge failed.'],
    [
      '§8 auto-merge failure',
      messages.AUTO_MERGE_FAILED,
      'This merge request failed to be merged automatically',
    ],
    [
      '§8 archived',
      messages.ARCHIVED,
      'Merge unavailable: merge requests are read-only on archived projects.',
    ],
    [
      '§8 Geo secondary node',
      messages.GEO_SECONDARY_NODE,
      'Merge unavailable: merge requests are read-only in a secondary Geo node.',
    ],
    ['§8 denied licenses', messages.DENIED_LICENSES, 'Merge blocked: denied licenses must be removed.'],
    [
      '§8 sha mismatch',
      messages.SHA_MISMATCH,
      'Merge blocked: to see new changes and rerun this merge check, refresh this page.',
    ],
    ['§8 sha mismatch button', messages.SHA_MISMATCH_ACTION, 'Review changes'],
    ['§8 nothing to merge', messages.NOTHING_TO_MERGE, 'Merge request contains no changes'],
    ['§8 preparing', messages.PREPARING, 'Your merge request is almost ready!'],
    [
      '§8 retargeted request',
      messages.RETARGETED_RUN_PIPELINE,
      'You should run a new pipeline, because the target branch has changed for this merge request.',
    ],
    [
      '§8 pipeline must run',
      messages.PIPELINE_MUST_RUN,
      'A CI/CD pipeline must run and be successful before merge.',
    ],
    ['§4 failed to merge refresh action', messages.REFRESH_NOW, 'Refresh now'],
    ['§7 remove source branch answer', messages.BRANCH_DELETED_RESPONSE, 'Branch was deleted'],
    [
      '§2 collaboration notice',
      messages.COLLABORATION_NOTICE,
      'Members who can merge are allowed to add commits.',
    ],
    [
      '§6 branch deletion notice',
      messages.BRANCH_DELETION_NOTICE,
      'A user with write access to the source branch selected this option',
    ],
    ['§2 pipeline suggestion card', PIPELINE_SUGGESTION_TEXT, "Looks like there's no pipeline here."],
    ['§2 migration card link', messages.MIGRATION_PLAN_LINK, 'Start with migration plan'],
  ])('%s reads exactly as the spec quotes it', (_rule, constant, quoted) => {
    expect(constant).toBe(quoted);
  });
});

describe('rebase messages', () => {
  it.each<[string, string | null, string]>([
    [
      '§8 rebase: the server message is preferred when present',
      'Rebase locally, resolve conflicts',
      'Rebase locally, resolve conflicts',
    ],
    ['§8 rebase: without a server message, Failed to rebase', null, 'Failed to rebase. Please try again.'],
    ['§8 rebase: a blank server message counts as absent', '  ', 'Failed to rebase. Please try again.'],
  ])('%s', (_rule, serverMessage, expected) => {
    expect(rebaseErrorMessage(serverMessage)).toBe(expected);
  });

  it('§8 rebase success names the branch', () => {
    expect(rebaseScheduled('feature/cart')).toBe('Scheduled a rebase of branch feature/cart.');
  });
});

describe('runPipelineErrorMessage', () => {
  it.each<[string, number | null, string]>([
    [
      '§6 run pipeline: a 403 gives the permission message',
      403,
      'You do not have permission to run a pipeline on this branch.',
    ],
    [
      '§8 run pipeline: other failures give the generic error',
      500,
      'An error occurred while trying to run a new pipeline for this merge request.',
    ],
    [
      '§8 run pipeline: a network failure gives the generic error',
      null,
      'An error occurred while trying to run a new pipeline for this merge request.',
    ],
  ])('%s', (_rule, status, expected) => {
    expect(runPipelineErrorMessage(status)).toBe(expected);
  });
});
