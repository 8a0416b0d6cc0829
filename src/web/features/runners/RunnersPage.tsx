import { Button, Flash, Heading, Spinner, UnderlineNav } from '@primer/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { RunnerRegistrationDetails } from '../../../shared/api/runners';
import { ApiError } from '../../api/client';
import { ListPagination } from '../../components/ListPagination';
import { useCreateRunner } from './mutations';
import { NewRunnerToken } from './NewRunnerToken';
import {
  RUNNER_FILTERS,
  RUNNER_SCOPES,
  RUNNERS_PER_PAGE,
  useRunnersPage,
  type RunnerFilter,
  type RunnerOwner,
  type RunnerScope,
} from './queries';
import { blankRunnerForm } from './runnerForm';
import { RunnerFormDialog } from './RunnerFormDialog';
import { RunnersTable } from './RunnersTable';
import './runners.css';

const FILTER_LABELS: Record<RunnerFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  stale: 'Stale',
  paused: 'Paused',
};

/** GitLab's runner type tabs. */
const SCOPE_LABELS: Record<RunnerScope, string> = {
  all: 'All',
  instance_type: 'Instance',
  group_type: 'Group',
  project_type: 'Project',
};

/** Who may manage an owner's runners, as those refused are told. */
const REFUSED: Record<RunnerOwner['type'], string> = {
  instance: "Only administrators can manage the instance's runners.",
  group: "Only this group's Owners can manage its runners.",
  project: "Only this project's Maintainers can manage its runners.",
};

const RUNNER_TYPE_OF = {
  instance: 'instance_type',
  group: 'group_type',
  project: 'project_type',
} as const;

/** What an empty list says: the owner's words when nothing narrows it, else what was asked for. */
function emptyText(filter: RunnerFilter, scope: RunnerScope, empty: string): string {
  if (filter === 'all' && scope === 'all') return empty;
  const status = filter === 'all' ? '' : `${FILTER_LABELS[filter].toLowerCase()} `;
  const type = scope === 'all' ? '' : `${SCOPE_LABELS[scope].toLowerCase()} `;
  return `No ${status}${type}runners.`;
}

type LinkTabsProps<T extends string> = {
  label: string;
  values: readonly T[];
  current: T;
  labels: Record<T, string>;
  to: (value: T) => string;
  /** The count shown on the current tab. */
  total?: number;
};

/** A row of tabs that are links (the list's filters live in the URL). */
function LinkTabs<T extends string>({ label, values, current, labels, to, total }: LinkTabsProps<T>) {
  return (
    <UnderlineNav aria-label={label}>
      {values.map((value) => (
        <UnderlineNav.Item
          key={value}
          as={RouterLink}
          to={to(value)}
          aria-current={value === current ? 'page' : undefined}
          counter={value === current ? total : undefined}
        >
          {labels[value]}
        </UnderlineNav.Item>
      ))}
    </UnderlineNav>
  );
}

type Props = {
  owner: RunnerOwner;
  /** What this owner's runners are for, under the heading. */
  intro: ReactNode;
  /** What to say when there are none. */
  empty: string;
  /** The page's own heading (the admin area's), or a section's under the group's or project's. */
  heading?: 'h1' | 'h2';
};

/**
 * An owner's runners: filtered by status, paged, created with the token shown once, paused,
 * edited and deleted. Who may not manage them is refused by the server, and told so here.
 */
export function RunnersPage({ owner, intro, empty, heading = 'h2' }: Props) {
  const [params, setParams] = useSearchParams();
  const filter = RUNNER_FILTERS.find((f) => f === params.get('status')) ?? 'all';
  const scopes = RUNNER_SCOPES[owner.type];
  const scope = scopes.find((s) => s === params.get('type')) ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useRunnersPage(owner, filter, scope, page);
  const create = useCreateRunner();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<RunnerRegistrationDetails | null>(null);

  const linkTo = (next: { filter?: RunnerFilter; scope?: RunnerScope; page?: number }) => {
    const query = new URLSearchParams();
    const type = next.scope ?? scope;
    if (type !== 'all') query.set('type', type);
    const status = next.filter ?? filter;
    if (status !== 'all') query.set('status', status);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    return `?${query.toString()}`;
  };

  if (list.isPending) return <Spinner srText="Loading runners" />;
  if (list.isError)
    return (
      <Flash variant="danger">
        {list.error instanceof ApiError && list.error.status === 403
          ? REFUSED[owner.type]
          : list.error.message}
      </Flash>
    );
  const data = list.data;

  return (
    <div className="stack runners-page">
      <div className="runners-page__header">
        <div>
          <Heading as={heading} variant={heading === 'h1' ? 'large' : 'medium'}>
            Runners
          </Heading>
          <div className="muted">{intro}</div>
        </div>
        <Button
          variant="primary"
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          New {owner.type} runner
        </Button>
      </div>
      {data.isolation && (
        <section className="box runners-page__isolation" aria-label="Job isolation">
          <Heading as="h3" variant="small">
            How jobs are isolated
          </Heading>
          <p>{data.isolation}</p>
        </section>
      )}
      {created && <NewRunnerToken created={created} />}
      <LinkTabs
        label="Runner type"
        values={scopes}
        current={scope}
        labels={SCOPE_LABELS}
        to={(s) => linkTo({ scope: s, page: 1 })}
      />
      <LinkTabs
        label="Runner status"
        values={RUNNER_FILTERS}
        current={filter}
        labels={FILTER_LABELS}
        to={(f) => linkTo({ filter: f, page: 1 })}
        total={data.total}
      />
      {data.runners.length === 0 ? (
        <div className="box blankslate">
          <p>{emptyText(filter, scope, empty)}</p>
        </div>
      ) : (
        <RunnersTable runners={data.runners} />
      )}
      <ListPagination
        total={data.total}
        perPage={RUNNERS_PER_PAGE}
        page={page}
        hrefFor={(n) => linkTo({ page: n })}
        onPage={(n) => setParams(new URLSearchParams(linkTo({ page: n }).slice(1)))}
      />
      {creating && (
        <RunnerFormDialog
          title={`New ${owner.type} runner`}
          submitLabel="Create runner"
          initial={blankRunnerForm}
          lockable={owner.type === 'project'}
          pending={create.isPending}
          error={create.error}
          onSubmit={(body) =>
            create.mutate(
              {
                runner_type: RUNNER_TYPE_OF[owner.type],
                ...(owner.type === 'group' ? { group_id: data.owner_id ?? undefined } : {}),
                ...(owner.type === 'project' ? { project_id: data.owner_id ?? undefined } : {}),
                ...body,
              },
              {
                onSuccess: (details) => {
                  setCreating(false);
                  setCreated(details);
                },
              },
            )
          }
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
