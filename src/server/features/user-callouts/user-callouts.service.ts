import type { UserCalloutFeatureName } from '../../../shared/api/userCallouts';
import type { Db } from '../../db/client';
import { findUserCallout, insertUserCallout, type UserCalloutRow } from './user-callouts.repo';

/** Cards a signed-in user closed for good (spec 000 "Dismiss cards"). */
export function createUserCalloutsService({ db }: { db: Db }) {
  async function dismiss(userId: number, featureName: UserCalloutFeatureName): Promise<UserCalloutRow> {
    await insertUserCallout(db, userId, featureName);
    const row = await findUserCallout(db, userId, featureName);
    if (!row) throw new Error('a user callout vanished right after it was written');
    return row;
  }

  /** Anonymous visitors have nothing dismissed: their cards come back on every page. */
  async function isDismissed(userId: number | null, featureName: UserCalloutFeatureName): Promise<boolean> {
    if (userId === null) return false;
    return (await findUserCallout(db, userId, featureName)) !== undefined;
  }

  return { dismiss, isDismissed };
}

export type UserCalloutsService = ReturnType<typeof createUserCalloutsService>;
