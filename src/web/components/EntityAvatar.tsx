/** A project's or group's initial on a colour picked from its id, as GitLab shows entities without an avatar. */
export function EntityAvatar({ id, name, size = 32 }: { id: number; name: string; size?: number }) {
  return (
    <span
      className={`entity-avatar entity-avatar--${id % 6}`}
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
