/** Who a row names (author, editor, resolver ...), as presenters show them. */
export type Person = { id: number; username: string; name: string; state: 'active' | 'blocked' };

export type PersonColumns = {
  id: number | null;
  username: string | null;
  name: string | null;
  state: Person['state'] | null;
};

/** Left-joined people come back as all-null columns when absent (a deleted user). */
export const personOf = (c: PersonColumns | null): Person | null =>
  c?.id != null && c.username !== null && c.name !== null && c.state !== null
    ? { id: c.id, username: c.username, name: c.name, state: c.state }
    : null;
