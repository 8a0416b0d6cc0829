/** A stage dropdown's list is at most this tall, and scrolls past it (spec 002 section 9). */
export const STAGE_DROPDOWN_MAX_HEIGHT_PX = 310;
/** A stage with more jobs than this gets a search box above its list. */
export const STAGE_JOB_SEARCH_THRESHOLD = 12;
/** The status icon of a job in the list. */
export const PIPELINE_STATUS_ICON_SIZE = 16;

export const STAGE_JOBS_FETCH_ERROR = 'There was a problem fetching the pipeline stage jobs.';
export const DOWNSTREAM_JOBS_FETCH_ERROR = 'There was a problem fetching the downstream pipeline jobs.';

/** Job action errors (spec 002 section 8), by the action that failed. */
export const JOB_ACTION_ERRORS = {
  cancel: 'There was a problem canceling the job.',
  play: 'There was a problem running the job.',
  retry: 'There was a problem running the job again.',
  unschedule: 'There was a problem unscheduling the job.',
} as const;
export type StageJobAction = keyof typeof JOB_ACTION_ERRORS;

/** The job action confirmation modal's texts (spec 002 section 2). */
export function jobActionConfirmation(jobName: string, message: string) {
  return {
    title: `Are you sure you want to run ${jobName}?`,
    message: `Custom confirmation message: ${message}`,
    question: 'Do you want to continue?',
    confirm: `Yes, run ${jobName}`,
    cancel: 'Cancel',
  };
}

/** Whether the stage's list gets a search box. */
export const stageHasSearch = (jobCount: number): boolean => jobCount > STAGE_JOB_SEARCH_THRESHOLD;

/** The jobs whose name holds the search term, case-insensitively; all of them for an empty term. */
export function searchStageJobs<T extends { name: string }>(jobs: readonly T[], term: string): T[] {
  const wanted = term.trim().toLowerCase();
  return wanted ? jobs.filter((job) => job.name.toLowerCase().includes(wanted)) : [...jobs];
}

/**
 * Which action a job's button runs, from its detailed status action's path (`.../jobs/9/play`):
 * the stop of an environment is a play too. Null for a path that is none of them.
 */
export function stageJobActionOf(path: string): StageJobAction | null {
  const last = path.split('/').at(-1);
  if (last === 'play' || last === 'retry' || last === 'cancel' || last === 'unschedule') return last;
  return null;
}

/** How long an action button's tooltip stays hidden after a click (spec 002 section 9). */
export const ACTION_TOOLTIP_RESET_MS = 1000;
