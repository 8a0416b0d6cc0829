/** A user's initial in a circle, standing in for an avatar picture. */
export function UserInitial({ name }: { name: string }) {
  return (
    <span className="user-initial" aria-hidden="true">
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
