import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { BusEvent } from '../../realtime/bus';
import { mayMatterToTrain } from '../merge-trains/train-listener';
import { waitsForAutoMerge } from '../../../shared/auto-merge/autoMergeRules';
import { mergeRequestIdOf, standingOf, type Standing } from './merge-request-events';

/** A database that answers the standing read with `row` and counts how often it was asked. */
function countingDb(row: {
  state: Standing['state'];
  autoMergeEnabled: boolean;
  autoMergeStrategy: string | null;
}) {
  const counter = { reads: 0 };
  const db = {
    select: () => ({
      from: () => ({
        where: () => {
          counter.reads++;
          return Promise.resolve([row]);
        },
      }),
    }),
  } as unknown as Db;
  return { db, counter };
}

const noteEvent = (noteableId: number, system = false): BusEvent => ({
  type: 'note.changed',
  change: 'created',
  projectId: 1,
  noteableType: 'MergeRequest',
  noteableId,
  noteId: 7,
  internal: false,
  system,
});

describe('where an announced merge request stands, for the auto-merge and merge-train listeners', () => {
  it('takes the standing from an announcement of a written row, without reading the database', async () => {
    const { db, counter } = countingDb({ state: 'opened', autoMergeEnabled: false, autoMergeStrategy: null });
    const standing: Standing = { state: 'merged', autoMergeStrategy: null };
    const event: BusEvent = {
      type: 'merge_request.updated',
      projectId: 1,
      mergeRequestId: 5,
      iid: 1,
      standing,
    };
    expect(await standingOf(db, event, 5)).toEqual(standing);
    expect(counter.reads).toBe(0);
  });

  it('reads once per event for all its listeners, and again for the next event', async () => {
    const { db, counter } = countingDb({
      state: 'opened',
      autoMergeEnabled: true,
      autoMergeStrategy: 'merge_when_checks_pass',
    });
    const event = noteEvent(5);
    const [forAutoMerge, forTrains] = await Promise.all([standingOf(db, event, 5), standingOf(db, event, 5)]);
    expect(forAutoMerge).toEqual({ state: 'opened', autoMergeStrategy: 'merge_when_checks_pass' });
    expect(forTrains).toEqual(forAutoMerge);
    expect(counter.reads).toBe(1);
    await standingOf(db, noteEvent(5), 5);
    expect(counter.reads).toBe(2);
  });

  it('leaves system notes out: no thread is resolved by them, so no check waits on them', () => {
    expect(mergeRequestIdOf(noteEvent(5))).toBe(5);
    expect(mergeRequestIdOf(noteEvent(5, true))).toBeNull();
  });

  it('reports no waiting strategy for a request whose auto-merge was switched off', async () => {
    const { db } = countingDb({ state: 'opened', autoMergeEnabled: false, autoMergeStrategy: 'merge_train' });
    expect(await standingOf(db, noteEvent(5), 5)).toEqual({ state: 'opened', autoMergeStrategy: null });
  });

  it.each<[Standing, boolean, boolean, boolean]>([
    [{ state: 'opened', autoMergeStrategy: 'merge_when_checks_pass' }, true, false, false],
    [{ state: 'opened', autoMergeStrategy: 'merge_when_pipeline_succeeds' }, true, false, false],
    [{ state: 'opened', autoMergeStrategy: 'add_to_merge_train_when_checks_pass' }, true, false, false],
    [{ state: 'opened', autoMergeStrategy: 'merge_train' }, false, true, true],
    [{ state: 'opened', autoMergeStrategy: null }, false, false, false],
    [{ state: 'locked', autoMergeStrategy: null }, false, false, false],
    [{ state: 'merged', autoMergeStrategy: null }, false, true, false],
    [{ state: 'closed', autoMergeStrategy: null }, false, true, false],
  ])(
    '%o: auto-merge looks %s; its train looks at its own update %s, at a note on it %s',
    (standing, autoMerge, trainOnUpdate, trainOnNote) => {
      expect(waitsForAutoMerge(standing)).toBe(autoMerge);
      expect(mayMatterToTrain(standing, true)).toBe(trainOnUpdate);
      expect(mayMatterToTrain(standing, false)).toBe(trainOnNote);
    },
  );
});
