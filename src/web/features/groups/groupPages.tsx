import type { RouteObject } from 'react-router';
import { MAX_GROUP_DEPTH } from '../../../shared/names/paths';
import { usePathParams } from '../../lib/usePathParams';
import { lazyComponent } from '../../components/lazyComponent';
// Not lazy: a group's page at `/{path}` (NamespaceOrProjectPage) loads it with the app already.
import { GroupPage } from './GroupPage';

const GroupMembersPage = lazyComponent(() => import('./GroupMembersPage').then((m) => m.GroupMembersPage));
const GroupMergeRequestSettingsPage = lazyComponent(() =>
  import('./GroupMergeRequestSettingsPage').then((m) => m.GroupMergeRequestSettingsPage),
);
const NewGroupPage = lazyComponent(() => import('./NewGroupPage').then((m) => m.NewGroupPage));

const groupParams = (depth: number) => Array.from({ length: depth }, (_, i) => `:g${i}`).join('/');

function GroupAtPath() {
  const fullPath = usePathParams('g', MAX_GROUP_DEPTH);
  return <GroupPage key={fullPath} fullPath={fullPath} />;
}

function GroupMembersAtPath() {
  const fullPath = usePathParams('g', MAX_GROUP_DEPTH);
  return <GroupMembersPage key={fullPath} fullPath={fullPath} />;
}

function GroupMergeRequestSettingsAtPath() {
  const fullPath = usePathParams('g', MAX_GROUP_DEPTH);
  return <GroupMergeRequestSettingsPage key={fullPath} fullPath={fullPath} />;
}

/** `/groups/new`, and GitLab's group URLs `/groups/{path}` (the API's web_url) and their members and merge request settings pages. */
export const groupPages: RouteObject[] = [
  { path: '/groups/new', element: <NewGroupPage /> },
  ...Array.from({ length: MAX_GROUP_DEPTH }, (_, i) => [
    { path: `/groups/${groupParams(i + 1)}`, element: <GroupAtPath /> },
    { path: `/groups/${groupParams(i + 1)}/-/group_members`, element: <GroupMembersAtPath /> },
    {
      path: `/groups/${groupParams(i + 1)}/-/settings/merge_requests`,
      element: <GroupMergeRequestSettingsAtPath />,
    },
  ]).flat(),
];
