// CPU seconds a process has used (user + system), read from /proc on Linux: the figure a busy
// machine does not change much, printed beside the wall-clock ones. The server is found by the
// port it listens on (the benches start it through npx and tsx, whose processes do not count).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The process listening on `port` on this machine, or undefined (no /proc, no `ss`). */
export function listenerPid(port: number): number | undefined {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

/** A meter of the CPU seconds of this process and of the server on `port` since it was made. */
export function cpuMeter(port: number) {
  const pid = listenerPid(port);
  const read = () => ({ self: process.cpuUsage(), server: pid === undefined ? undefined : cpuSecondsOf(pid) });
  const start = read();
  return () => {
    const end = read();
    const self = (end.self.user - start.self.user + end.self.system - start.self.system) / 1e6;
    const server = end.server === undefined || start.server === undefined ? undefined : end.server - start.server;
    return { self, server };
  };
}
