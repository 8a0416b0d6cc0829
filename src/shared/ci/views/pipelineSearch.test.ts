import { describe, expect, it } from 'vitest';
import {
  parsePipelineSearch,
  pipelineFiltersFromQuery,
  pipelineSearchText,
  RAW_TEXT_SEARCH_UNSUPPORTED,
} from './pipelineSearch';

describe('the pipelines filtered search', () => {
  it.each([
    ['', {}, [], []],
    ['status:failed', { status: 'failed' }, [], []],
    [
      'status:success ref:main username:olivia source:push',
      { status: 'success', ref: 'main', username: 'olivia', source: 'push' },
      [],
      [],
    ],
    // A branch or tag is a ref; the trigger author is the username.
    ['branch:feature/x', { ref: 'feature/x' }, [], []],
    ['tag:v1.0', { ref: 'v1.0' }, [], []],
    ['trigger-author:rita', { username: 'rita' }, [], []],
    ['Status:manual', { status: 'manual' }, [], []],
    ['ref:"my branch"', { ref: 'my branch' }, [], []],
    // The last token of a key wins.
    ['status:failed status:success', { status: 'success' }, [], []],
    ['deploy', {}, ['deploy'], []],
    ['fix the build status:failed', { status: 'failed' }, ['fix', 'the', 'build'], []],
    ['status:', {}, ['status:'], []],
    ['colour:red', {}, ['colour:red'], []],
    ['status:green', {}, [], ['status:green']],
    ['source:email', {}, [], ['source:email']],
    ['source:merge_request_event', { source: 'merge_request_event' }, [], []],
  ])('reads %j', (text, filters, rawText, invalid) => {
    expect(parsePipelineSearch(text)).toEqual({ filters, rawText, invalid });
  });

  it('writes the filters back in the keys order, quoting spaces', () => {
    expect(pipelineSearchText({ source: 'web', ref: 'my branch', status: 'failed' })).toBe(
      'ref:"my branch" status:failed source:web',
    );
  });

  it('reads the filters of an address, leaving out values the keys refuse', () => {
    expect(
      pipelineFiltersFromQuery(new URLSearchParams('status=failed&ref=main&source=nope&page=2')),
    ).toEqual({ status: 'failed', ref: 'main' });
  });

  it('says raw text is not supported in the spec words', () => {
    expect(RAW_TEXT_SEARCH_UNSUPPORTED).toBe(
      'Raw text search is not currently supported. Please use the available search tokens.',
    );
  });
});
