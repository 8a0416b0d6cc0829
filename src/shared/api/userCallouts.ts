import { z } from 'zod';

/** Where cards are dismissed (GitLab's `Users::CalloutsController`): `POST` with `feature_name`. */
export const USER_CALLOUTS_PATH = '/-/users/callouts';

/**
 * The cards a user may dismiss for good. Only the ones this product shows: a name no card uses
 * would be stored and never read.
 */
export const USER_CALLOUT_FEATURE_NAMES = ['suggest_pipeline'] as const;
export type UserCalloutFeatureName = (typeof USER_CALLOUT_FEATURE_NAMES)[number];

/** The widget's pipeline suggestion card (GitLab's `SUGGEST_PIPELINE`). */
export const SUGGEST_PIPELINE: UserCalloutFeatureName = 'suggest_pipeline';

export const dismissCalloutBodySchema = z.object({ feature_name: z.enum(USER_CALLOUT_FEATURE_NAMES) });

export const userCalloutSchema = z.object({
  feature_name: z.enum(USER_CALLOUT_FEATURE_NAMES),
  dismissed_at: z.string(),
});
export type UserCalloutJson = z.infer<typeof userCalloutSchema>;
