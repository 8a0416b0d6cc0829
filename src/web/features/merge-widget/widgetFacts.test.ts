import { describe, expect, it } from 'vitest';
import type { DetailedMergeStatus } from '../../../shared/api/mergeRequests';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import type { MergeCheckIdentifier } from '../../../shared/merge-checks/mergeChecks';
import { widgetStateFacts, widgetStatusIdentifier } from './widgetFacts';

describe('widgetStatusIdentifier', () => {
  it.each<[DetailedMergeStatus, MergeCheckIdentifier | null]>([
    ['unchecked', 'CHECKING'],
    ['checking', 'CHECKING'],
    ['broken_status', null],
    ['not_open', 'NOT_OPEN'],
    ['draft_status', 'DRAFT_STATUS'],
    ['discussions_not_resolved', 'DISCUSSIONS_NOT_RESOLVED'],
    ['commits_status', 'COMMITS_STATUS'],
    ['ci_must_pass', 'CI_MUST_PASS'],
    ['conflict', 'CONFLICT'],
    ['need_rebase', 'NEED_REBASE'],
    ['merge_request_blocked', 'BLOCKED_STATUS'],
    ['status_checks_must_pass', 'EXTERNAL_STATUS_CHECKS'],
    ['title_regex', 'TITLE_REGEX'],
    ['mergeable', 'MERGEABLE'],
  ])('%s → %s', (status, expected) => {
    expect(widgetStatusIdentifier(status)).toBe(expected);
  });
});

const cached = (overrides: Partial<CachedWidget> = {}): CachedWidget =>
  ({
    state: 'opened',
    detailed_merge_status: 'mergeable',
    available_auto_merge_strategies: [],
    auto_merge_enabled: false,
    commits_count: 2,
    project_archived: false,
    is_geo_secondary_node: false,
    source_branch_exists: true,
    target_branch_exists: true,
    diff_head_sha: 'b'.repeat(40),
    ...overrides,
  }) as CachedWidget;
const widget = (canMerge: boolean): Widget => ({ current_user: { can_merge: canMerge } }) as Widget;

describe('widgetStateFacts', () => {
  it('reads the state facts from the widget answers', () => {
    expect(
      widgetStateFacts(
        cached({
          available_auto_merge_strategies: ['merge_when_checks_pass'],
          source_branch_exists: false,
          is_geo_secondary_node: true,
        }),
        widget(true),
        { mergeOngoing: false, reviewedHeadSha: null },
      ),
    ).toMatchObject({
      state: 'opened',
      isGeoSecondaryNode: true,
      preferredAutoMergeStrategy: 'merge_when_checks_pass',
      detailedMergeStatus: 'MERGEABLE',
      commitsCount: 2,
      sourceBranchMissing: true,
      targetBranchMissing: false,
      canMerge: true,
      headShaDiffers: false,
    });
  });

  it.each<[string, string | null, string | null, boolean]>([
    ['the head reviewed is the head to merge', 'b'.repeat(40), 'b'.repeat(40), false],
    ['a push since the page loaded makes the head differ', 'a'.repeat(40), 'b'.repeat(40), true],
    ['an unknown reviewed head is no mismatch', null, 'b'.repeat(40), false],
    ['a request without a head is no mismatch', 'a'.repeat(40), null, false],
  ])('%s', (_rule, reviewedHeadSha, diffHeadSha, expected) => {
    const facts = widgetStateFacts(cached({ diff_head_sha: diffHeadSha }), widget(true), {
      mergeOngoing: false,
      reviewedHeadSha,
    });
    expect(facts.headShaDiffers).toBe(expected);
  });
});
