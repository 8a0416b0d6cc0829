import { describe, expect, it } from 'vitest';
import {
  deploymentActions,
  deploymentActionsDisabled,
  deploymentDisplayStatus,
  deploymentsCollapse,
  deploymentStatusLabel,
  filterChangesByPath,
  VIEW_ALL_ENVIRONMENTS,
  type DeploymentDisplayStatus,
  type DeploymentFacts,
} from './deploymentDisplay';

const deployment = (overrides: Partial<DeploymentFacts> = {}): DeploymentFacts => ({
  status: 'success',
  external_url: null,
  changes: [],
  stop_url: null,
  retry_url: null,
  environment_available: true,
  details: null,
  ...overrides,
});
const playable = { details: { playable_build: { play_path: '/jobs/7/play' } } };
const changes = [
  { path: 'docs/index.html', external_url: 'https://review.example/docs/' },
  { path: 'app/Main.html', external_url: 'https://review.example/app/' },
];

describe('deploymentDisplayStatus', () => {
  it.each<[string, Partial<DeploymentFacts>, DeploymentDisplayStatus]>([
    [
      "§4 Deployments: 'created' with a play path is manual_deploy",
      { status: 'created', ...playable },
      'manual_deploy',
    ],
    ["§4 Deployments: 'created' without a play path is will_deploy", { status: 'created' }, 'will_deploy'],
    [
      "§4 Deployments: 'created' with an empty play path is will_deploy",
      { status: 'created', details: { playable_build: { play_path: '' } } },
      'will_deploy',
    ],
    ['§4 Deployments: running is used as given', { status: 'running', ...playable }, 'running'],
    ['§4 Deployments: success is used as given', { status: 'success' }, 'success'],
    ['§4 Deployments: failed is used as given', { status: 'failed' }, 'failed'],
    ['§4 Deployments: canceled is used as given', { status: 'canceled' }, 'canceled'],
    ['§4 Deployments: skipped is used as given', { status: 'skipped' }, 'skipped'],
  ])('%s', (_rule, overrides, expected) => {
    expect(deploymentDisplayStatus(deployment(overrides))).toBe(expected);
  });
});

describe('deploymentStatusLabel', () => {
  it.each<[string, DeploymentDisplayStatus, string]>([
    ['§4 Labels: can be manually deployed to', 'manual_deploy', 'Can be manually deployed to'],
    ['§4 Labels: will deploy to', 'will_deploy', 'Will deploy to'],
    ['§4 Labels: deploying to', 'running', 'Deploying to'],
    ['§4 Labels: deployed to', 'success', 'Deployed to'],
    ['§4 Labels: failed to deploy to', 'failed', 'Failed to deploy to'],
    ['§4 Labels: canceled deployment to', 'canceled', 'Canceled deployment to'],
    ['§4 Labels: skipped deployment to', 'skipped', 'Skipped deployment to'],
  ])('%s', (_rule, status, expected) => {
    expect(deploymentStatusLabel(status)).toBe(expected);
  });
});

describe('deploymentActions', () => {
  it.each<[string, Partial<DeploymentFacts>, unknown[]]>([
    [
      '§4 Actions: deploy for manual_deploy',
      { status: 'created', ...playable },
      [{ kind: 'deploy', playPath: '/jobs/7/play' }],
    ],
    ['§4 Actions: no deploy for will_deploy', { status: 'created' }, []],
    [
      '§4 Actions: stop when a stop url exists and the environment is available',
      { stop_url: '/env/1/stop' },
      [{ kind: 'stop', stopUrl: '/env/1/stop' }],
    ],
    [
      '§4 Actions: no stop when the environment is not available',
      { stop_url: '/env/1/stop', environment_available: false },
      [],
    ],
    [
      '§4 Actions: re-deploy when a retry url exists and the environment is not available',
      { retry_url: '/jobs/7/retry', environment_available: false },
      [{ kind: 'redeploy', retryUrl: '/jobs/7/retry' }],
    ],
    ['§4 Actions: no re-deploy while the environment is available', { retry_url: '/jobs/7/retry' }, []],
    [
      "§4 Actions: view app reads 'View app' when the deployment succeeded",
      { external_url: 'https://review.example/' },
      [{ kind: 'viewApp', label: 'View app', target: { kind: 'link', url: 'https://review.example/' } }],
    ],
    [
      "§4 Actions: view app reads 'View latest app' otherwise",
      { status: 'failed', external_url: 'https://review.example/' },
      [
        {
          kind: 'viewApp',
          label: 'View latest app',
          target: { kind: 'link', url: 'https://review.example/' },
        },
      ],
    ],
    [
      '§4 Actions: with several changes view app is a dropdown',
      { external_url: 'https://review.example/', changes },
      [{ kind: 'viewApp', label: 'View app', target: { kind: 'dropdown', changes } }],
    ],
    [
      '§4 Actions: one change keeps the plain link',
      { external_url: 'https://review.example/', changes: changes.slice(0, 1) },
      [{ kind: 'viewApp', label: 'View app', target: { kind: 'link', url: 'https://review.example/' } }],
    ],
    [
      '§4 Actions: no view app when the environment is not available',
      { external_url: 'https://review.example/', environment_available: false },
      [],
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(deploymentActions(deployment(overrides))).toEqual(expected);
  });
});

describe('deploymentActionsDisabled', () => {
  it.each<[string, DeploymentDisplayStatus, boolean, boolean]>([
    ['§4 Actions: disabled while any action runs', 'success', true, true],
    ['§4 Actions: disabled while the deployment is running', 'running', false, true],
    ['§4 Actions: disabled while the deployment will deploy', 'will_deploy', false, true],
    ['§4 Actions: enabled for a manual deployment at rest', 'manual_deploy', false, false],
    ['§4 Actions: enabled for a finished deployment at rest', 'failed', false, false],
  ])('%s', (_rule, status, anyActionRunning, expected) => {
    expect(deploymentActionsDisabled(status, anyActionRunning)).toBe(expected);
  });
});

describe('filterChangesByPath', () => {
  it.each<[string, string, string[]]>([
    ['§4 Actions: the dropdown is filtered by path', 'docs', ['docs/index.html']],
    ['§4 Actions: the path filter ignores case', 'main', ['app/Main.html']],
    ['§4 Actions: an empty search shows every change', '', ['docs/index.html', 'app/Main.html']],
    ['§4 Actions: a search nothing matches shows none', 'nope', []],
  ])('%s', (_rule, query, paths) => {
    expect(filterChangesByPath(changes, query).map((c) => c.path)).toEqual(paths);
  });
});

describe('deploymentsCollapse', () => {
  it.each<[string, number, boolean]>([
    ['§4 more than 3 deployments collapse', 4, true],
    ['§9 exactly 3 deployments stay open', 3, false],
    ['§9 one deployment stays open', 1, false],
  ])('%s', (_rule, count, expected) => {
    expect(deploymentsCollapse(count)).toBe(expected);
  });
});

it("§4 the collapsed deployments open with 'View all environments.'", () => {
  expect(VIEW_ALL_ENVIRONMENTS).toBe('View all environments.');
});
