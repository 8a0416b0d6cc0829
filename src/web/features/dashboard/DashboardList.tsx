import type { Icon } from '@primer/octicons-react';
import { Flash, Heading, LinkButton, Spinner } from '@primer/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { useSession } from '../../lib/useSession';
import { ListControls } from './ListControls';
import { useListParams, type ListParams } from './useListParams';
import '../../components/entity-pages.css';

/** The words and pictures that differ between the projects and groups dashboards. */
export type DashboardKind = {
  title: string;
  /** Plural, lower case: "projects". */
  noun: string;
  newLabel: string;
  newPath: string;
  icon: Icon;
  pitch: string;
  perPage: number;
};

type Page<T> = { items: T[]; total: number };

/**
 * `/dashboard/{projects,groups}`: "Yours" and "Explore" tabs, search, pagination and empty states.
 * The page supplies its query (`useItems`) and how a page of items renders.
 */
export function DashboardList<T>(props: {
  kind: DashboardKind;
  useItems: (params: ListParams) => UseQueryResult<Page<T>>;
  renderItems: (items: T[]) => ReactNode;
}) {
  const session = useSession();
  if (session.isPending) return <Spinner size="large" srText="Loading" className="page-spinner" />;
  return <DashboardBody {...props} signedIn={Boolean(session.data?.user)} />;
}

function DashboardBody<T>({
  kind,
  useItems,
  renderItems,
  signedIn,
}: {
  kind: DashboardKind;
  useItems: (params: ListParams) => UseQueryResult<Page<T>>;
  renderItems: (items: T[]) => ReactNode;
  signedIn: boolean;
}) {
  const params = useListParams(signedIn);
  const { scope, search, page, hrefFor, go } = params;
  const items = useItems(params);
  const newButton = signedIn && (
    <LinkButton as={RouterLink} to={kind.newPath} variant="primary">
      {kind.newLabel}
    </LinkButton>
  );
  return (
    <div className="stack">
      <div className="page-title">
        <Heading as="h1">{kind.title}</Heading>
        {newButton}
      </div>
      <ListControls
        signedIn={signedIn}
        scope={scope}
        search={search}
        noun={kind.noun}
        hrefFor={hrefFor}
        onSearch={(text) => go({ search: text, page: 1 })}
      />
      {items.isPending ? (
        <Spinner srText={`Loading ${kind.noun}`} />
      ) : items.isError ? (
        <Flash variant="danger">{items.error.message}</Flash>
      ) : items.data.items.length === 0 ? (
        search ? (
          <div className="box blankslate">
            <p>No {kind.noun} match your search</p>
          </div>
        ) : (
          <div className="box blankslate stack">
            <kind.icon size={32} className="blankslate__icon" />
            <Heading as="h2" variant="small">
              {scope === 'yours' ? `No ${kind.noun} yet` : `No ${kind.noun} to explore yet`}
            </Heading>
            <p>{kind.pitch}</p>
            {newButton && <div>{newButton}</div>}
          </div>
        )
      ) : (
        <>
          {renderItems(items.data.items)}
          <ListPagination
            total={items.data.total}
            perPage={kind.perPage}
            page={page}
            hrefFor={(n) => hrefFor({ page: n })}
            onPage={(n) => go({ page: n })}
          />
        </>
      )}
    </div>
  );
}
