const SIZE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A byte count as GitLab's numberToHumanSize writes it: "512 bytes", "2.00 KiB", "1.50 MiB". */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}
