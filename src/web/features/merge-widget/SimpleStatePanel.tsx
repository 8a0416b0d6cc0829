import { AlertIcon, GitBranchIcon, InfoIcon, XCircleIcon } from '@primer/octicons-react';
import { LinkButton, Spinner } from '@primer/react';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { MERGE_CHECKS_CHECKING } from '../../../shared/merge-checks/mergeChecksSummary';
import {
  ARCHIVED,
  GEO_SECONDARY_NODE,
  NOTHING_TO_MERGE,
  PREPARING,
  SHA_MISMATCH,
  SHA_MISMATCH_ACTION,
} from '../../../shared/merge-widget/messages';
import { missingBranchTexts } from '../../../shared/merge-widget/missingBranch';
import { WidgetRow } from './WidgetRow';

/** The states whose panel is one line of the spec's words (with an action at most). */
export type SimpleState =
  | 'archived'
  | 'nothingToMerge'
  | 'missingBranch'
  | 'checking'
  | 'preparing'
  | 'shaMismatch'
  | 'geoSecondaryNode';

type Props = { state: SimpleState; cached: CachedWidget; diffsUrl: string };

export function SimpleStatePanel({ state, cached, diffsUrl }: Props) {
  switch (state) {
    case 'archived':
      return <WidgetRow icon={<InfoIcon className="mw-icon--muted" />}>{ARCHIVED}</WidgetRow>;
    case 'geoSecondaryNode':
      return <WidgetRow icon={<InfoIcon className="mw-icon--muted" />}>{GEO_SECONDARY_NODE}</WidgetRow>;
    case 'nothingToMerge':
      return (
        <WidgetRow icon={<GitBranchIcon className="mw-icon--muted" />}>
          <span className="mw-title">{NOTHING_TO_MERGE}</span>
        </WidgetRow>
      );
    case 'missingBranch': {
      const texts = missingBranchTexts({
        sourceBranchMissing: !cached.source_branch_exists,
        sourceBranch: cached.source_branch,
        targetBranch: cached.target_branch,
      });
      return (
        <WidgetRow icon={<XCircleIcon className="mw-icon--danger" />}>
          <p className="mw-title">{texts.message}</p>
          <p className="muted">{texts.hint}</p>
        </WidgetRow>
      );
    }
    case 'checking':
      return <WidgetRow icon={<Spinner size="small" />}>{MERGE_CHECKS_CHECKING}</WidgetRow>;
    case 'preparing':
      return <WidgetRow icon={<Spinner size="small" />}>{PREPARING}</WidgetRow>;
    case 'shaMismatch':
      // A full load of the changes tab: the page's review then matches the head a merge would take.
      return (
        <WidgetRow
          icon={<AlertIcon className="mw-icon--attention" />}
          actions={
            <LinkButton size="small" href={diffsUrl}>
              {SHA_MISMATCH_ACTION}
            </LinkButton>
          }
        >
          {SHA_MISMATCH}
        </WidgetRow>
      );
  }
}
