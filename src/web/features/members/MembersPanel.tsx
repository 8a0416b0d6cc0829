import { TrashIcon } from '@primer/octicons-react';
import { Flash, IconButton, Label, RelativeTime, Select, Spinner, useConfirm } from '@primer/react';
import { useState } from 'react';
import { accessLevelName, MEMBER_ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Member } from '../../../shared/api/members';
import { AddMemberForm } from './AddMemberForm';
import { EntityAvatar } from '../../components/EntityAvatar';
import { ListPagination } from '../../components/ListPagination';
import { useRemoveMember, useUpdateMember } from './mutations';
import { MEMBERS_PER_PAGE, useMembers, type MemberSource } from './queries';
import '../../components/entity-pages.css';
import './members.css';

export type MembersPanelProps = {
  source: MemberSource;
  /** Maintainers and above add, change and remove members. */
  canManage: boolean;
  /** Only Owners grant, change or remove the Owner role. */
  canManageOwners: boolean;
};

/** A project's or group's own members, with their roles; managers add, re-role and remove them. */
export function MembersPanel({ source, canManage, canManageOwners }: MembersPanelProps) {
  const [page, setPage] = useState(1);
  const members = useMembers(source, page);
  const update = useUpdateMember(source);
  const remove = useRemoveMember(source);
  const confirm = useConfirm();
  const failure = update.error ?? remove.error;

  const onRemove = async (member: Member) => {
    const sure = await confirm({
      title: 'Remove member',
      content: `Remove ${member.name} (@${member.username})? They lose the access this membership gives them.`,
      confirmButtonContent: 'Remove member',
      confirmButtonType: 'danger',
    });
    if (sure) remove.mutate(member.id);
  };

  return (
    <div className="stack">
      {canManage && <AddMemberForm source={source} canManageOwners={canManageOwners} />}
      {failure && <Flash variant="danger">{failure.message}</Flash>}
      {members.isPending ? (
        <Spinner srText="Loading members" />
      ) : members.isError ? (
        <Flash variant="danger">{members.error.message}</Flash>
      ) : members.data.items.length === 0 ? (
        <div className="box blankslate">
          <p>No members yet</p>
        </div>
      ) : (
        <>
          <ul className="box entity-list" aria-label="Members">
            {members.data.items.map((member) => {
              const editable = canManage && (member.access_level < 50 || canManageOwners);
              return (
                <li key={member.id} className="box__row entity-row">
                  <EntityAvatar id={member.id} name={member.name} />
                  <div className="entity-row__main">
                    <span className="entity-row__title">{member.name}</span>
                    <span className="muted">
                      @{member.username} · member since <RelativeTime date={new Date(member.created_at)} />
                    </span>
                  </div>
                  <div className="entity-row__side">
                    {editable ? (
                      <Select
                        aria-label={`Role of ${member.username}`}
                        className="member-row__role"
                        value={String(member.access_level)}
                        disabled={update.isPending}
                        onChange={(event) =>
                          update.mutate({ userId: member.id, accessLevel: Number(event.target.value) })
                        }
                      >
                        {MEMBER_ACCESS_LEVELS.map((level) => (
                          <Select.Option
                            key={level}
                            value={String(level)}
                            disabled={level === 50 && !canManageOwners}
                          >
                            {accessLevelName(level)}
                          </Select.Option>
                        ))}
                      </Select>
                    ) : (
                      <Label variant="secondary">{accessLevelName(member.access_level)}</Label>
                    )}
                    {editable && (
                      <IconButton
                        icon={TrashIcon}
                        variant="danger"
                        aria-label={`Remove ${member.username}`}
                        onClick={() => void onRemove(member)}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <ListPagination
            total={members.data.total}
            perPage={MEMBERS_PER_PAGE}
            page={page}
            hrefFor={() => '#'}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
