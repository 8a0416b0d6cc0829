import { describe, expect, it } from 'vitest';
import type { DiffVersion } from '../../../shared/api/diffs';
import { offersVersionChoice, versionOptions } from './versionOptions';

const version = (id: number, index: number, commits: number, latest = false): DiffVersion => ({
  id,
  version_index: index,
  head_commit_sha: String(index).repeat(40),
  base_commit_sha: '0'.repeat(40),
  start_commit_sha: '0'.repeat(40),
  commits_count: commits,
  latest,
  created_at: '2026-01-01T00:00:00.000Z',
  version_path: '',
  compare_path: '',
  head_version_path: '',
  base_version_path: '',
});
const v3 = { ...version(13, 3, 4, true), head_version_path: '/g/p/-/merge_requests/1/diffs?diff_head=true' };
const v2 = version(12, 2, 2);
const v1 = version(11, 1, 1);
const all = [v3, v2, v1];
const shown = { merge_request_diffs: all, target_branch_name: 'main' };

describe('the version compare dropdowns', () => {
  it('lists every version with its commits, and base and the older versions to compare with', () => {
    expect(versionOptions({ ...shown, merge_request_diff: v3, start_version: null }, false)).toEqual({
      sources: [
        { value: '13', label: 'latest version (4 commits)' },
        { value: '12', label: 'version 2 (2 commits)' },
        { value: '11', label: 'version 1 (1 commit)' },
      ],
      targets: [
        { value: 'HEAD', label: 'main (HEAD)' },
        { value: 'base', label: 'main (base)' },
        { value: '12', label: 'version 2' },
        { value: '11', label: 'version 1' },
      ],
      source: '13',
      target: 'base',
    });
  });

  it('offers only versions older than the one shown, and selects the one compared with', () => {
    const options = versionOptions({ ...shown, merge_request_diff: v2, start_version: v1 }, false);
    expect(options.targets.map((o) => o.label)).toEqual(['main (base)', 'version 1']);
    expect([options.source, options.target]).toEqual(['12', '11']);
  });

  it('shows the latest version when none is chosen', () => {
    expect(versionOptions({ ...shown, merge_request_diff: null, start_version: null }, false).source).toBe(
      '13',
    );
  });

  it('selects the HEAD comparison when asked, and offers it only where the heads merge', () => {
    expect(versionOptions({ ...shown, merge_request_diff: v3, start_version: null }, true).target).toBe(
      'HEAD',
    );
    const conflicting = { ...v3, head_version_path: null };
    const options = versionOptions(
      {
        ...shown,
        merge_request_diffs: [conflicting, v2],
        merge_request_diff: conflicting,
        start_version: null,
      },
      true,
    );
    expect(options.targets.map((o) => o.label)).toEqual(['main (base)', 'version 2']);
    expect(options.target).toBe('base');
  });

  describe('whether the dropdowns show', () => {
    const single = { ...v3, version_index: 1 };
    it.each([
      ['the latest of three versions', { ...shown, merge_request_diff: v3, start_version: null }, true],
      // Only the base to compare with, but the way back to the latest version.
      ['the oldest of three versions', { ...shown, merge_request_diff: v1, start_version: null }, true],
      [
        'a single version that merges with the target’s head',
        { ...shown, merge_request_diffs: [single], merge_request_diff: single, start_version: null },
        true,
      ],
      [
        'a single version that does not',
        {
          ...shown,
          merge_request_diffs: [{ ...single, head_version_path: null }],
          merge_request_diff: { ...single, head_version_path: null },
          start_version: null,
        },
        false,
      ],
    ])('%s', (_case, metadata, offered) => {
      expect(offersVersionChoice(versionOptions(metadata, false))).toBe(offered);
    });
  });

  describe('previously merged commits', () => {
    const context = (showing: boolean, count = 2) => ({
      commits_count: count,
      showing_context_commits_diff: showing,
      diffs_path: '/g/p/-/merge_requests/1/diffs?only_context_commits=true',
    });
    it.each([
      ['no context commits', undefined, ['13', '12', '11'], '13'],
      ['two context commits, a version shown', context(false), ['13', '12', '11', 'context-commits'], '13'],
      ['two context commits, shown', context(true), ['13', '12', '11', 'context-commits'], 'context-commits'],
    ])('with %s: sources %j, %s selected', (_name, contextDiff, sources, source) => {
      const options = versionOptions(
        { ...shown, merge_request_diff: v3, start_version: null, context_commits_diff: contextDiff },
        false,
      );
      expect(options.sources.map((o) => o.value)).toEqual(sources);
      expect(options.source).toBe(source);
    });

    it('is labelled with its commits, after the versions', () => {
      const one = versionOptions(
        { ...shown, merge_request_diff: v3, start_version: null, context_commits_diff: context(false, 1) },
        false,
      );
      expect(one.sources.at(-1)).toEqual({
        value: 'context-commits',
        label: 'previously merged commits (1 commit)',
      });
      const two = versionOptions(
        { ...shown, merge_request_diff: v3, start_version: null, context_commits_diff: context(false) },
        false,
      );
      expect(two.sources.at(-1)?.label).toBe('previously merged commits (2 commits)');
    });

    it('is compared with nothing when shown: no targets, none selected', () => {
      const options = versionOptions(
        { ...shown, merge_request_diff: v3, start_version: null, context_commits_diff: context(true) },
        true,
      );
      expect([options.targets, options.target]).toEqual([[], null]);
    });

    it('leaves the targets as they were while a version is shown', () => {
      const options = versionOptions(
        { ...shown, merge_request_diff: v3, start_version: null, context_commits_diff: context(false) },
        false,
      );
      expect(options.targets.map((o) => o.value)).toEqual(['HEAD', 'base', '12', '11']);
      expect(options.target).toBe('base');
    });
  });
});
