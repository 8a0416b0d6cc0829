import { Link as RouterLink } from 'react-router';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import { MERGE_TRAIN_PIPELINE, mergeTrainPositionText } from '../../../shared/merge-trains/mergeTrains';
import { CiStatusIcon } from '../../components/CiStatusIcon';

type Props = {
  index: number | null;
  count: number;
  pipeline: CachedWidget['merge_train_pipeline'];
};

/**
 * Where the request stands on its merge train, under the auto-merge panel's title, and the
 * pipeline its car runs on the merged result of the target and the cars ahead.
 */
export function MergeTrainPosition({ index, count, pipeline }: Props) {
  const text = mergeTrainPositionText(index, count);
  if (!text) return null;
  return (
    <>
      <p className="mw-subtle">{text}</p>
      {pipeline && (
        <p className="mw-train-pipeline" data-status={pipeline.status.group}>
          <CiStatusIcon icon={pipeline.status.icon} />{' '}
          <span>
            {MERGE_TRAIN_PIPELINE} <RouterLink to={pipeline.path}>#{pipeline.id}</RouterLink>{' '}
            {pipeline.status.label}
          </span>
        </p>
      )}
    </>
  );
}
