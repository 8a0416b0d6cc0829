import { ActionList, ActionMenu, IconButton, useConfirm } from '@primer/react';
import { TriangleDownIcon } from '@primer/octicons-react';
import type { MergeNowChoice } from '../../../shared/merge-trains/mergeTrains';

type Props = {
  choices: readonly MergeNowChoice[];
  disabled: boolean;
  onMergeNow: (skipMergeTrain: boolean) => void;
};

/**
 * The merge button's split for a request that would join a merge train (spec 000 section 5):
 * merge now, restarting the train or not, or "Merge immediately" where the train may not be
 * skipped; each after its dangerous confirmation, which starts on Cancel.
 */
export function MergeTrainMergeNow({ choices, disabled, onMergeNow }: Props) {
  const confirm = useConfirm();
  const choose = async (choice: MergeNowChoice) => {
    const confirmed = await confirm({
      title: choice.label,
      content: (
        <div className="mw-confirm">
          <p>{choice.confirmation.text}</p>
          <p>{choice.confirmation.question}</p>
        </div>
      ),
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
          {choices.map((choice) => (
            <ActionList.Item key={choice.label} onSelect={() => void choose(choice)}>
              {choice.label}
              {choice.description && (
                <ActionList.Description variant="block">{choice.description}</ActionList.Description>
              )}
            </ActionList.Item>
          ))}
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
