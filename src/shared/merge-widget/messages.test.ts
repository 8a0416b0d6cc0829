import { describe, expect, it } from 'vitest';
import { rebaseErrorMessage, rebaseScheduled, runPipelineErrorMessage } from './messages';

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
