import { assertNever } from '../lib/assertNever';

export const DEPLOYMENT_STATUSES = [
  'created',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** What the widget shows: 'created' splits by whether someone can start it. */
export type DeploymentDisplayStatus = Exclude<DeploymentStatus, 'created'> | 'manual_deploy' | 'will_deploy';

export type DeploymentChange = { path: string; external_url: string };

/** The deployment fields these rules read, in the spec's names. */
export type DeploymentFacts = {
  status: DeploymentStatus;
  external_url: string | null;
  changes: readonly DeploymentChange[];
  stop_url: string | null;
  retry_url: string | null;
  environment_available: boolean;
  details: { playable_build: { play_path: string | null } | null } | null;
};

const playPath = (deployment: DeploymentFacts): string | null =>
  deployment.details?.playable_build?.play_path || null;

export function deploymentDisplayStatus(deployment: DeploymentFacts): DeploymentDisplayStatus {
  if (deployment.status !== 'created') return deployment.status;
  return playPath(deployment) ? 'manual_deploy' : 'will_deploy';
}

/** The words before the environment name. */
export function deploymentStatusLabel(status: DeploymentDisplayStatus): string {
  switch (status) {
    case 'manual_deploy':
      return 'Can be manually deployed to';
    case 'will_deploy':
      return 'Will deploy to';
    case 'running':
      return 'Deploying to';
    case 'success':
      return 'Deployed to';
    case 'failed':
      return 'Failed to deploy to';
    case 'canceled':
      return 'Canceled deployment to';
    case 'skipped':
      return 'Skipped deployment to';
    default:
      return assertNever(status);
  }
}

export type ViewAppTarget = { kind: 'link'; url: string } | { kind: 'dropdown'; changes: DeploymentChange[] };

export type DeploymentAction =
  | { kind: 'deploy'; playPath: string }
  | { kind: 'stop'; stopUrl: string }
  | { kind: 'redeploy'; retryUrl: string }
  | { kind: 'viewApp'; label: 'View app' | 'View latest app'; target: ViewAppTarget };

/** The actions a deployment offers, in the spec's order: deploy, stop, re-deploy, view app. */
export function deploymentActions(deployment: DeploymentFacts): DeploymentAction[] {
  const actions: DeploymentAction[] = [];
  const play = playPath(deployment);
  if (deploymentDisplayStatus(deployment) === 'manual_deploy' && play) {
    actions.push({ kind: 'deploy', playPath: play });
  }
  if (deployment.stop_url && deployment.environment_available) {
    actions.push({ kind: 'stop', stopUrl: deployment.stop_url });
  }
  if (deployment.retry_url && !deployment.environment_available) {
    actions.push({ kind: 'redeploy', retryUrl: deployment.retry_url });
  }
  if (deployment.external_url && deployment.environment_available) {
    actions.push({
      kind: 'viewApp',
      label: deployment.status === 'success' ? 'View app' : 'View latest app',
      target:
        deployment.changes.length > 1
          ? { kind: 'dropdown', changes: [...deployment.changes] }
          : { kind: 'link', url: deployment.external_url },
    });
  }
  return actions;
}

/** Actions wait for each other, and for a deployment that is running or about to run. */
export function deploymentActionsDisabled(
  status: DeploymentDisplayStatus,
  anyActionRunning: boolean,
): boolean {
  return anyActionRunning || status === 'running' || status === 'will_deploy';
}

/** The view-app dropdown's search: a case-insensitive match anywhere in the changed path. */
export function filterChangesByPath(changes: readonly DeploymentChange[], query: string): DeploymentChange[] {
  const needle = query.trim().toLowerCase();
  return changes.filter((change) => change.path.toLowerCase().includes(needle));
}

export const DEPLOYMENTS_SHOWN_BEFORE_COLLAPSE = 3;
export const VIEW_ALL_ENVIRONMENTS = 'View all environments.';

export const deploymentsCollapse = (count: number): boolean => count > DEPLOYMENTS_SHOWN_BEFORE_COLLAPSE;
