import { ActionList, ActionMenu, IconButton, useConfirm } from '@primer/react';
import { TriangleDownIcon } from '@primer/octicons-react';
import { MERGE_NOW_CHOICES, type MergeNowChoice } from '../../../shared/merge-trains/mergeTrains';

type Props = { disabled: boolean; onMergeNow: (skipMergeTrain: boolean) => void };

/**
 * The merge button's split for a request that would join a merge train: merge now, restarting
 * the train or not (spec 000 section 5), each after a dangerous confirmation.
 */
export function MergeTrainMergeNow({ disabled, onMergeNow }: Props) {
  const confirm = useConfirm();
  const choose = async (choice: MergeNowChoice) => {
    const confirmed = await confirm({
      title: choice.label,
      content: `${choice.description} Merging now skips the checks the merge train makes. Are you sure you want to continue?`,
      confirmButtonContent: choice.label,
      confirmButtonType: 'danger',
    });
    if (confirmed) onMergeNow(choice.skipMergeTrain);
  };
  return (
    <ActionMenu>
      <ActionMenu.Anchor>
        <IconButton
          icon={TriangleDownIcon}
          variant="primary"
          aria-label="Select a merge moment"
          disabled={disabled}
        />
      </ActionMenu.Anchor>
      <ActionMenu.Overlay width="medium">
        <ActionList>
          {MERGE_NOW_CHOICES.map((choice) => (
            <ActionList.Item key={choice.label} onSelect={() => void choose(choice)}>
              {choice.label}
              <ActionList.Description variant="block">{choice.description}</ActionList.Description>
            </ActionList.Item>
          ))}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
