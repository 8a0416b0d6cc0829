import { readFileSync, readlinkSync } from 'node:fs';

/** Linux reports a thread's CPU time in clock ticks of 1/100 s (USER_HZ, the same on every platform it runs on). */
const MS_PER_TICK = 10;

/**
 * The calling thread's id as the kernel knows it, for threadCpuMs() from another thread; null
 * where /proc does not tell (not Linux).
 */
export function currentThreadId(): number | null {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

/**
 * The CPU time (user and system) a thread of this process has used, in milliseconds: unlike wall
 * time, it does not grow while the thread waits for a core. Null where /proc does not tell.
 */
export function threadCpuMs(threadId: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}
