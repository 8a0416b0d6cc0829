import { mergeTrainPositionText } from '../../../shared/merge-trains/mergeTrains';

type Props = { index: number | null; count: number };

/** Where the request stands on its merge train, under the auto-merge panel's title. */
export function MergeTrainPosition({ index, count }: Props) {
  const text = mergeTrainPositionText(index, count);
  return text ? <p className="mw-subtle">{text}</p> : null;
}
