/**
 * What /proc says of a child process: the CPU time it has used and its resident memory. The
 * team model processes' limits (teams.ts) are CPU time, not wall time: a bomb took 3.1 s of wall
 * time on a quiet machine and 10.4 s on a busy one for the same work.
 */
import fs from 'node:fs';

const PAGE = 4096;
/** USER_HZ: the unit of /proc/<pid>/stat's times on every Linux architecture Node runs on */
const CLOCK_TICKS = 100;

/** CPU ms a process has used, or undefined where /proc cannot tell. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export function rssBytes(pid: number): number | undefined {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE;
  } catch {
    return undefined;
  }
}
